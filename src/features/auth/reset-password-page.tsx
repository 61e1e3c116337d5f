import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { AuthCard, authSubmitClass } from './auth-card.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { openRecoveryLink, readRecoveryLink, type LinkOpening, type RecoveryLink } from './password-reset.ts';
import { ResetRequestForm } from './reset-request-form.tsx';
import { useAuth } from './use-auth.ts';

type Stage =
  | { name: 'request'; notice?: string; alert?: string }
  | { name: 'checking' }
  | { name: 'otherAccount'; opening: Extract<LinkOpening, { kind: 'otherAccount' }>; busy: boolean }
  | { name: 'newPassword'; email: string };

function initialStage(link: RecoveryLink): Stage {
  if (link.kind === 'code') return { name: 'checking' };
  if (link.kind === 'invalid') return { name: 'request', alert: AUTH_MESSAGES.resetLinkInvalid };
  return link.kind === 'error' ? { name: 'request', alert: AUTH_MESSAGES.resetLinkExpired } : { name: 'request' };
}

function clearLinkFromAddress(): void {
  if (window.location.search || window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
}

/**
 * /reset-password: without a link, the request for one; arriving from the
 * mailed link (`?code=`), the new password; a link expired, used, opened in
 * another browser or carrying tokens, that said plainly with a new request
 * below. When someone else is signed in here, the customer is asked first.
 */
export function ResetPasswordPage() {
  // Read once, before the address is cleaned. Rendered in the browser only.
  const [link] = useState(() => readRecoveryLink(typeof window === 'undefined' ? '' : window.location.search));
  const [stage, setStage] = useState<Stage>(() => initialStage(link));
  const { sessionChanged, logout } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (link.kind !== 'code') {
      if (link.kind !== 'none') clearLinkFromAddress();
      return;
    }
    let active = true;
    void openRecoveryLink(link.code).then(async (opening) => {
      if (!active) return;
      if (opening.kind === 'failed') {
        const alert = opening.reason === 'otherBrowser' ? AUTH_MESSAGES.resetLinkOtherBrowser : AUTH_MESSAGES.resetLinkExpired;
        return setStage({ name: 'request', alert });
      }
      if (opening.kind === 'otherAccount') return setStage({ name: 'otherAccount', opening, busy: false });
      await sessionChanged();
      if (active) setStage({ name: 'newPassword', email: opening.email });
    });
    return () => {
      active = false;
    };
  }, [link, sessionChanged]);

  const onSaved = async () => {
    await sessionChanged();
    await navigate({ to: '/account', state: { passwordChanged: true }, replace: true });
  };

  if (stage.name === 'checking') {
    return (
      <AuthCard title="Nowe hasło">
        <p role="status" className="text-sm text-ink-muted">
          Sprawdzamy link…
        </p>
      </AuthCard>
    );
  }
  if (stage.name === 'otherAccount') {
    const { opening, busy } = stage;
    const switchAccount = async () => {
      setStage({ ...stage, busy: true });
      const loggedOut = await logout();
      if (!loggedOut.ok) return setStage({ name: 'request', alert: loggedOut.error });
      if (!(await opening.adopt())) return setStage({ name: 'request', alert: AUTH_MESSAGES.resetLinkExpired });
      await sessionChanged();
      setStage({ name: 'newPassword', email: opening.linkEmail });
    };
    const stay = async () => {
      setStage({ ...stage, busy: true });
      await opening.dismiss();
      setStage({ name: 'request', notice: `Nic nie zmieniliśmy — nadal jesteś zalogowany jako ${opening.signedInAs}.` });
    };
    return (
      <AuthCard title="Inne konto">
        <div role="alertdialog" aria-labelledby="other-account-question" className="space-y-5">
          <p id="other-account-question" className="text-base">
            Jesteś zalogowany jako <strong>{opening.signedInAs}</strong>. Ten link dotyczy innego konta ({opening.linkEmail}). Wylogować się
            i kontynuować?
          </p>
          <button type="button" className={authSubmitClass} disabled={busy} onClick={() => void switchAccount()}>
            Wyloguj się i ustaw hasło dla {opening.linkEmail}
          </button>
          <button
            type="button"
            className="min-h-11 w-full rounded-xl border border-forest-200 px-4 font-semibold text-forest-800 hover:bg-forest-50 disabled:opacity-60"
            disabled={busy}
            onClick={() => void stay()}
          >
            Nie, zostań zalogowany jako {opening.signedInAs}
          </button>
        </div>
      </AuthCard>
    );
  }
  if (stage.name === 'newPassword') {
    return (
      <AuthCard title="Nowe hasło">
        <NewPasswordForm email={stage.email} onSaved={onSaved} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Nie pamiętasz hasła?">
      {stage.alert && (
        <p role="alert" className="mb-5 rounded-xl bg-blush-50 px-4 py-3 text-sm font-medium text-blush-700">
          {stage.alert}
        </p>
      )}
      {stage.notice && (
        <p role="status" className="mb-5 rounded-xl bg-forest-50 px-4 py-3 text-sm font-medium text-forest-800">
          {stage.notice}
        </p>
      )}
      <ResetRequestForm />
    </AuthCard>
  );
}
