import { useLocation } from '@tanstack/react-router';
import { AUTH_MESSAGES } from './auth-messages.ts';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set by /reset-password when it lands the customer on their account. */
    passwordChanged?: boolean;
  }
}

/** The confirmation after a password reset, on the page the customer lands on. */
export function PasswordChangedNotice() {
  const changed = useLocation({ select: (location) => location.state.passwordChanged === true });
  if (!changed) return null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6">
      <p role="status" className="rounded-xl bg-forest-50 px-4 py-3 text-sm font-medium text-forest-900">
        {AUTH_MESSAGES.passwordChanged}
      </p>
    </div>
  );
}
