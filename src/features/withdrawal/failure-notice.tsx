import type { CallFailure } from './withdrawal-api.ts';

/** What the shop (or the missing connection) said, announced at once; offline reads as a pause, not an error. */
export function FailureNotice({ failure }: { failure: CallFailure }) {
  return (
    <p
      role="alert"
      className={`rounded-xl px-4 py-3 font-medium ${failure.offline ? 'bg-cream-200 text-ink' : 'border border-blush-200 bg-blush-50 text-blush-700'}`}
    >
      {failure.message}
    </p>
  );
}
