/** What the owner is told after changing an order's status or fulfilment state. */
export interface ChangeMessage {
  text: string;
  alert: boolean;
}

/**
 * The outcome of a change, the same under the status select and the
 * fulfilment control: waiting for a connection, done (announced politely),
 * or refused (an alert).
 */
export function ChangeOutcomeNote({ waiting, message }: { waiting: boolean; message: ChangeMessage | null }) {
  return (
    <>
      {waiting && !message && <p className="mt-2 text-sm text-ink">Zmiana zostanie wysłana, gdy wrócisz online</p>}
      <div role="status" aria-live="polite">
        {message && !message.alert && <p className="mt-2 text-sm font-medium text-forest-800">{message.text}</p>}
      </div>
      {message?.alert && (
        <p role="alert" className="mt-2 text-sm font-medium text-blush-700">
          {message.text}
        </p>
      )}
    </>
  );
}
