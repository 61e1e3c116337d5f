import { useState } from 'react';
import { polishPlural } from '../../../domain/plural.ts';
import { bodyField, callFunction } from '../../../lib/functions-client.ts';
import { getSupabase } from '../../../lib/supabase.ts';

/** What revoke-order-links answers: how many links and handed-out keys stopped working. */
export interface RevokedLinks {
  links: number;
  keys: number;
}

/** The owner-only function revoke-order-links, with the owner's session. */
export async function revokeOrderLinks(orderId: string): Promise<RevokedLinks> {
  const { data } = await (await getSupabase()).auth.getSession();
  const answer = await callFunction('revoke-order-links', { orderId }, { accessToken: data.session?.access_token ?? null });
  if (!answer.ok) throw new Error(bodyField(answer.body, 'message') ?? `HTTP ${answer.status}`);
  const body = (answer.body ?? {}) as Partial<RevokedLinks>;
  return { links: Number(body.links ?? 0), keys: Number(body.keys ?? 0) };
}

const LINK_FORMS = { one: 'link', few: 'linki', many: 'linków' };

/** The result the owner reads after revoking, in Polish. */
export function revokedMessage({ links, keys }: RevokedLinks): string {
  if (links === 0 && keys === 0) return 'To zamówienie nie miało aktywnych linków. Nic nie zmieniono.';
  const parts = [`Unieważniono ${links} ${polishPlural(links, LINK_FORMS)} z e-maili`];
  if (keys > 0) parts.push(`i ${keys} ${polishPlural(keys, { one: 'dostęp', few: 'dostępy', many: 'dostępów' })} do płatności`);
  return `${parts.join(' ')}. Urządzenie, na którym złożono zamówienie, zachowuje dostęp; klient może poprosić o nowy link.`;
}

type State = { step: 'idle' } | { step: 'confirm' } | { step: 'working' } | { step: 'done'; message: string; failed: boolean };

/**
 * 'Unieważnij linki do zamówienia': every link from the order's mails stops
 * opening its page (e.g. the customer forwarded a mail by mistake). Asks
 * first; the customer can ask for a new link by number and email.
 */
export function RevokeOrderLinks({
  orderId,
  revoke = revokeOrderLinks,
}: {
  orderId: string;
  revoke?: (orderId: string) => Promise<RevokedLinks>;
}) {
  const [state, setState] = useState<State>({ step: 'idle' });

  const confirm = async () => {
    setState({ step: 'working' });
    try {
      setState({ step: 'done', message: revokedMessage(await revoke(orderId)), failed: false });
    } catch {
      setState({ step: 'done', message: 'Nie udało się unieważnić linków. Sprawdź połączenie i spróbuj ponownie.', failed: true });
    }
  };

  return (
    <div>
      <p className="text-ink-muted">Linki z e-maili otwierają stronę zamówienia bez logowania.</p>
      {state.step === 'confirm' || state.step === 'working' ? (
        <div className="mt-2 rounded-2xl border border-blush-200 bg-blush-50 p-3" role="group" aria-label="Potwierdź unieważnienie linków">
          <p>Czy na pewno unieważnić wszystkie linki do tego zamówienia? Otwarte już strony przestaną działać.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary min-h-11 px-4 py-2"
              disabled={state.step === 'working'}
              onClick={() => void confirm()}
            >
              Tak, unieważnij
            </button>
            <button
              type="button"
              className="btn-secondary min-h-11 px-4 py-2"
              disabled={state.step === 'working'}
              onClick={() => setState({ step: 'idle' })}
            >
              Nie
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn-secondary mt-2 min-h-11 px-4 py-2" onClick={() => setState({ step: 'confirm' })}>
          Unieważnij linki do zamówienia
        </button>
      )}
      {state.step === 'done' && (
        <p className={`mt-2 ${state.failed ? 'text-blush-700' : 'text-forest-800'}`} role={state.failed ? 'alert' : 'status'}>
          {state.message}
        </p>
      )}
    </div>
  );
}
