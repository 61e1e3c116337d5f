import { MAIL_KIND_LABELS, MAIL_STATE_LABELS } from '../../../domain/mail-kinds.ts';
import { formatDateTimeShort } from '../../../domain/polish-date.ts';
import type { AdminMail } from './order.ts';

const STATE_CLASSES: Record<AdminMail['state'], string> = {
  pending: 'bg-cream-200 text-ink',
  sending: 'bg-cream-200 text-ink',
  sent: 'bg-forest-50 text-forest-800',
  failed: 'bg-blush-50 text-blush-700',
};

/** The mails about one order and where each stands: the owner sees a mail that did not go out, and why. */
export function OrderMails({ mails }: { mails: readonly AdminMail[] }) {
  if (mails.length === 0) return <p className="text-ink-muted">Brak wiadomości do tego zamówienia.</p>;
  return (
    <ul className="divide-y divide-forest-100">
      {mails.map((mail) => (
        <li key={`${mail.kind}-${mail.createdAt}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
          <span>
            <span className="font-medium">{MAIL_KIND_LABELS[mail.kind]}</span>
            <span className="block break-all text-ink-muted">do {mail.recipient}</span>
            {mail.state !== 'sent' && mail.lastError && (
              <span className="block text-ink-muted">
                Próby: {mail.attempts}. Ostatni błąd: {mail.lastError}
              </span>
            )}
          </span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASSES[mail.state]}`}>
            {MAIL_STATE_LABELS[mail.state]}
            {mail.state === 'sent' && mail.sentAt && <span className="font-normal"> {formatDateTimeShort(mail.sentAt)}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
