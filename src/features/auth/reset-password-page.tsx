import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { AuthCard } from './auth-card.tsx';
import { getSupabase } from './auth-client.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { openRecoverySession, readRecoveryLink, type RecoveryLink } from './password-reset.ts';
import { ResetRequestForm } from './reset-request-form.tsx';
import { useAuth } from './use-auth.ts';

type Stage = { name: 'request' } | { name: 'expired' } | { name: 'checking' } | { name: 'newPassword'; email: string };

function initialStage(link: RecoveryLink): Stage {
  if (link.kind === 'session') return { name: 'checking' };
  return link.kind === 'error' ? { name: 'expired' } : { name: 'request' };
}

/**
 * /reset-password: without a link, the request for one; arriving from the
 * mailed link (the session in the URL fragment), the new password; a link
 * expired or used, that said plainly with a new request below.
 */
export function ResetPasswordPage() {
  // Read once, before anything (supabase-js included) clears the fragment. Rendered in the browser only.
  const [link] = useState(() => readRecoveryLink(typeof window === 'undefined' ? '' : window.location.hash));
  const [stage, setStage] = useState<Stage>(() => initialStage(link));
  const { sessionChanged } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (link.kind === 'error' && window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
    if (link.kind !== 'session') return;
    let active = true;
    void openRecoverySession(link).then(async (opened) => {
      if (!active) return;
      if (!opened) return setStage({ name: 'expired' });
      const { data } = await (await getSupabase()).auth.getSession();
      if (active) setStage(data.session ? { name: 'newPassword', email: data.session.user.email ?? '' } : { name: 'expired' });
    });
    return () => {
      active = false;
    };
  }, [link]);

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
  if (stage.name === 'newPassword') {
    return (
      <AuthCard title="Nowe hasło">
        <NewPasswordForm email={stage.email} onSaved={onSaved} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Nie pamiętasz hasła?">
      {stage.name === 'expired' && (
        <p role="alert" className="mb-5 rounded-xl bg-blush-50 px-4 py-3 text-sm font-medium text-blush-700">
          {AUTH_MESSAGES.resetLinkExpired}
        </p>
      )}
      <ResetRequestForm />
    </AuthCard>
  );
}
