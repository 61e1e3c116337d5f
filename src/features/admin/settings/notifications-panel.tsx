import { useId, useState } from 'react';
import { formatDateTimeShort } from '../../../domain/polish-date.ts';
import { PushDeviceError, sendTestPush, type PushDevice, type TestPushResult } from './push-devices-api.ts';
import { usePushDevice, type PushDeviceState } from './use-push-device.ts';

const STATE_TEXT: Record<PushDeviceState, string> = {
  checking: 'Sprawdzanie…',
  unsupported: 'Ta przeglądarka nie obsługuje powiadomień push. Użyj aktualnej przeglądarki Chrome, Edge, Firefox lub Safari.',
  'ios-install':
    'Na iPhonie i iPadzie powiadomienia działają tylko w aplikacji dodanej do ekranu początkowego (iOS 16.4 lub nowszy). Otwórz panel w Safari, stuknij Udostępnij → „Dodaj do ekranu początkowego”, uruchom panel z ekranu początkowego i tam włącz powiadomienia.',
  blocked:
    'Powiadomienia są zablokowane dla tej strony. Zezwól na nie w ustawieniach witryny w przeglądarce (ikona obok adresu), a potem odśwież stronę.',
  off: 'Powiadomienia są wyłączone na tym urządzeniu.',
  on: 'Powiadomienia są włączone na tym urządzeniu.',
};

function testResultText({ devices, sent, removed, failed }: TestPushResult): string {
  const parts = [`Wysłane powiadomienia testowe: ${sent} z ${devices}.`];
  if (failed > 0) parts.push(`Niewysłane: ${failed} — szczegóły przy urządzeniach poniżej.`);
  if (removed > 0) parts.push(`Usunięte z listy: ${removed} (przeglądarka wycofała zgodę na powiadomienia).`);
  return parts.join(' ');
}

/**
 * What went wrong, in the owner's words: the push service's code when it answered,
 * else whether it could be reached (the stored error is the server's own, in English).
 */
function errorText(stored: string | null): string {
  const status = /^HTTP (\d{3})/.exec(stored ?? '')?.[1];
  if (status) return `usługa powiadomień odpowiedziała błędem ${status}`;
  if (/fetch|connect|network|dns|timed? ?out|abort|refused/i.test(stored ?? '')) return 'brak połączenia z usługą powiadomień';
  return 'nie udało się przygotować powiadomienia';
}

/** The device's last result: whichever of the last delivery and the last error is newer. */
function lastResult(device: PushDevice): { ok: boolean; text: string } {
  const success = device.lastSuccessAt ? Date.parse(device.lastSuccessAt) : 0;
  const failure = device.lastErrorAt ? Date.parse(device.lastErrorAt) : 0;
  if (success === 0 && failure === 0) return { ok: true, text: 'Jeszcze nic nie wysłano.' };
  if (success >= failure) return { ok: true, text: `Ostatnio dostarczono ${formatDateTimeShort(success)}.` };
  return { ok: false, text: `Błąd ${formatDateTimeShort(failure)}: ${errorText(device.lastError)}.` };
}

/** Ustawienia → Powiadomienia: this device's pushes, the owner's devices and a test push (docs/push.md). */
export function NotificationsPanel() {
  const headingId = useId();
  const listId = useId();
  const device = usePushDevice();
  const [testing, setTesting] = useState(false);
  const [testText, setTestText] = useState<{ ok: boolean; text: string } | null>(null);

  const test = async () => {
    setTesting(true);
    setTestText(null);
    try {
      setTestText({ ok: true, text: testResultText(await sendTestPush()) });
    } catch (error) {
      setTestText({
        ok: false,
        text: error instanceof PushDeviceError ? error.message : 'Nie udało się wysłać powiadomienia. Spróbuj ponownie.',
      });
    } finally {
      await device.reload();
      setTesting(false);
    }
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby={headingId} className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-6">
        <h2 id={headingId} className="text-xl font-semibold text-forest-900">
          Powiadomienia na tym urządzeniu
        </h2>
        <p className="mt-1 max-w-2xl text-ink-muted">
          Powiadomienie przychodzi, gdy wpłynie nowe zamówienie ze sklepu internetowego, klient zapłaci online albo złoży wniosek o
          odstąpienie od umowy — także wtedy, gdy panel jest zamknięty.
        </p>
        <p role="status" className={`mt-4 max-w-2xl font-medium ${device.state === 'on' ? 'text-forest-800' : 'text-ink'}`}>
          {STATE_TEXT[device.state]}
        </p>
        {device.error && (
          <p role="alert" className="mt-3 max-w-2xl rounded-xl bg-blush-50 px-3 py-2 text-blush-700">
            {device.error}
          </p>
        )}
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          {device.state === 'off' && (
            <button type="button" className="btn-primary" disabled={device.busy} onClick={() => void device.enable()}>
              {device.busy ? 'Włączanie…' : 'Włącz powiadomienia na tym urządzeniu'}
            </button>
          )}
          {device.state === 'on' && (
            <button type="button" className="btn-secondary" disabled={device.busy} onClick={() => void device.disable()}>
              Wyłącz na tym urządzeniu
            </button>
          )}
        </div>
      </section>

      <section aria-labelledby={listId} className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id={listId} className="text-xl font-semibold text-forest-900">
              Urządzenia z powiadomieniami
            </h2>
            <p className="mt-1 text-ink-muted">Każda przeglądarka, w której włączono powiadomienia, z wynikiem ostatniego wysłania.</p>
          </div>
          <button
            type="button"
            className="btn-secondary shrink-0"
            disabled={testing || !device.devices?.length}
            onClick={() => void test()}
          >
            {testing ? 'Wysyłanie…' : 'Wyślij powiadomienie testowe'}
          </button>
        </div>
        {testText && (
          <p role={testText.ok ? 'status' : 'alert'} className={`mt-3 ${testText.ok ? 'text-forest-800' : 'text-blush-700'}`}>
            {testText.text}
          </p>
        )}
        {device.devices === null && <p className="mt-4 text-blush-700">Nie udało się wczytać listy urządzeń.</p>}
        {device.devices?.length === 0 && <p className="mt-4 text-ink-muted">Żadne urządzenie nie ma jeszcze włączonych powiadomień.</p>}
        {device.devices && device.devices.length > 0 && (
          <ul className="mt-4 divide-y divide-forest-100">
            {device.devices.map((entry) => {
              const result = lastResult(entry);
              return (
                <li key={entry.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium text-forest-900">
                      {entry.label}
                      {entry.endpoint === device.endpoint && (
                        <span className="ml-2 text-sm font-normal text-ink-muted">(to urządzenie)</span>
                      )}
                    </p>
                    <p className="text-sm text-ink-muted">Dodano {formatDateTimeShort(entry.createdAt)}</p>
                    <p className={`text-sm break-words ${result.ok ? 'text-ink-muted' : 'text-blush-700'}`}>{result.text}</p>
                  </div>
                  <button
                    type="button"
                    className="btn-secondary shrink-0 self-start sm:self-center"
                    disabled={device.busy}
                    aria-label={`Usuń urządzenie: ${entry.label}`}
                    onClick={() => void device.remove(entry)}
                  >
                    Usuń
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
