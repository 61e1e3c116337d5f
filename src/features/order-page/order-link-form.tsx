import { useState, type FormEvent } from 'react';
import { FormField, inputClass } from '../../lib/form-field.tsx';
import { NetworkError, bodyField, callFunction } from '../../lib/functions-client.ts';

export const ORDER_LINK_SENT = 'Jeśli takie zamówienie istnieje, wysłaliśmy link na podany adres.';
const OFFLINE = 'Jesteś offline. Połącz się z internetem, aby poprosić o link.';
const FAILED = 'Nie udało się wysłać prośby. Spróbuj ponownie za chwilę.';

type Outcome = { kind: 'sent' } | { kind: 'failed'; message: string };

async function requestLink(number: string, email: string): Promise<Outcome> {
  try {
    const answer = await callFunction('order-link-request', { number, email });
    if (answer.ok) return { kind: 'sent' };
    return { kind: 'failed', message: bodyField(answer.body, 'message') ?? FAILED };
  } catch (error) {
    return { kind: 'failed', message: error instanceof NetworkError && error.reason === 'offline' ? OFFLINE : FAILED };
  }
}

/** A guest asks for the order page's link: order number + the email given in the order. */
export function OrderLinkRequestForm() {
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(await requestLink(number.trim(), email.trim()));
    setBusy(false);
  };

  return (
    <section id="link-zamowienia" aria-labelledby="order-link-heading" className="mt-10 rounded-2xl bg-cream-100 p-6">
      <h2 id="order-link-heading" className="text-2xl font-bold text-forest-900">
        Link do zamówienia
      </h2>
      <p className="mt-2 text-ink-muted">Podaj numer zamówienia i adres e-mail z zamówienia – wyślemy link do strony zamówienia.</p>
      <form aria-labelledby="order-link-heading" className="mt-4 grid gap-4 sm:max-w-md" onSubmit={(event) => void submit(event)}>
        <FormField id="order-link-number" label="Numer zamówienia" error={undefined}>
          <input
            id="order-link-number"
            className={inputClass}
            required
            maxLength={64}
            autoComplete="off"
            placeholder="KT…"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
        </FormField>
        <FormField id="order-link-email" label="E-mail" error={undefined}>
          <input
            id="order-link-email"
            type="email"
            className={inputClass}
            required
            maxLength={320}
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
          {busy ? 'Wysyłanie…' : 'Wyślij link'}
        </button>
      </form>
      <div aria-live="polite" className="mt-3">
        {outcome?.kind === 'sent' && (
          <p role="status" className="font-medium text-forest-800">
            {ORDER_LINK_SENT}
          </p>
        )}
        {outcome?.kind === 'failed' && (
          <p role="alert" className="font-medium text-blush-700">
            {outcome.message}
          </p>
        )}
      </div>
    </section>
  );
}
