import { useEffect, useId, useState, type InputHTMLAttributes } from 'react';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { formatPln, fromPln } from '../../../domain/money.ts';
import type { SettingsValues } from '../../../domain/settings.ts';
import { getBackendConfig } from '../../../lib/backend-config.ts';
import { FormField, inputClass } from '../../../lib/form-field.tsx';
import {
  MASK,
  SAMPLE_TEST_ORDERS,
  SENSITIVE_PARAMS,
  UNKNOWN_ERROR,
  responseText,
  runFunctionTest,
  runParamsTest,
  runRedirectTest,
  type GatewayContext,
  type TestOrderInput,
  type TestResult,
} from './payment-gateway-checks.ts';
import { listPendingOrders, resolveOrderId, type PendingOrder } from './settings-api.ts';

/** 'KT123456789 · Anna Kowalska · 150,50 zł' in the two order choices. */
function pendingOrderLabel(order: PendingOrder): string {
  return `${order.orderNumber} · ${order.customerName} · ${formatPln(fromPln(order.total))}`;
}

/** The Testing tab (docs/spec.md §2 Testing tab): gateway parameters, signature, checks and a real function call. */
export function TestingPanel({ settings }: { settings: SettingsValues }) {
  const baseId = useId();
  const [results, setResults] = useState<TestResult[] | null>(null);
  const [running, setRunning] = useState<'all' | 'custom' | null>(null);
  const [showSensitive, setShowSensitive] = useState(false);
  const [pending, setPending] = useState<PendingOrder[]>([]);
  const [runError, setRunError] = useState<string | null>(null);
  // The order 'Uruchom wszystkie testy' calls the function for: the newest pending one unless the owner picks another.
  const [chosenOrderId, setChosenOrderId] = useState<string | null>(null);
  const [custom, setCustom] = useState({ amount: '10.00', orderId: '', email: '', name: '', phone: '' });

  useEffect(() => {
    let cancelled = false;
    listPendingOrders()
      .then((orders) => !cancelled && setPending(orders))
      .catch(() => {
        // Without the list the owner can still type an order number.
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const context = (): GatewayContext => ({
    settings,
    backendUrl: getBackendConfig().url,
    siteOrigin: window.location.origin,
    now: () => Date.now(),
  });

  const run = async (kind: 'all' | 'custom') => {
    setRunning(kind);
    setRunError(null);
    setResults(null);
    try {
      const gateway = context();
      const next: TestResult[] = [];
      if (kind === 'all') {
        const chosen = pending.find((order) => order.id === chosenOrderId) ?? pending[0];
        for (const sample of SAMPLE_TEST_ORDERS) {
          const title = `${sample.label} (${formatPln(fromPln(sample.amount))})`;
          next.push(runParamsTest(gateway, sample, title), runRedirectTest(gateway, sample, title));
        }
        const sample = SAMPLE_TEST_ORDERS[0]!;
        next.push(
          await runFunctionTest(
            { ...sample, orderId: chosen?.id ?? '' },
            chosen ? `Zamówienie ${chosen.orderNumber}` : 'Brak oczekujących zamówień',
          ),
        );
      } else {
        const input: TestOrderInput = { ...custom, amount: Number(custom.amount.replace(',', '.')) };
        const title = 'Test własny';
        next.push(runParamsTest(gateway, input, title), runRedirectTest(gateway, input, title));
        const typed = custom.orderId.trim();
        const orderId = typed ? ((await resolveOrderId(typed)) ?? typed) : '';
        next.push(await runFunctionTest({ ...input, orderId }, title));
      }
      setResults(next);
    } catch (error) {
      setRunError(error instanceof Error && error.message ? error.message : UNKNOWN_ERROR);
    } finally {
      setRunning(null);
    }
  };

  const id = (name: string) => `${baseId}-${name}`;
  const passed = results?.filter((result) => result.status === 'passed').length ?? 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-forest-900">Testy systemu płatności</h2>
          <p className="text-ink-muted">
            Sprawdzenie połączenia z PayU: parametry płatności, adres przekierowania i wywołanie funkcji płatności.
          </p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <button type="button" className="btn-secondary" aria-pressed={showSensitive} onClick={() => setShowSensitive((shown) => !shown)}>
            {showSensitive ? 'Ukryj dane poufne' : 'Pokaż dane poufne'}
          </button>
          <button type="button" className="btn-primary" disabled={running !== null} onClick={() => void run('all')}>
            {running === 'all' ? 'Trwają testy…' : 'Uruchom wszystkie testy'}
          </button>
        </div>
      </div>

      <section aria-labelledby={id('samples')} className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-6">
        <h3 id={id('samples')} className="font-semibold text-forest-900">
          Przykładowe zamówienia testowe
        </h3>
        <ul className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
          {SAMPLE_TEST_ORDERS.map((sample) => (
            <li key={sample.label} className="rounded-xl bg-forest-50 px-3 py-2">
              <span className="font-medium text-forest-900">{sample.label}</span>
              <br />
              <span className="text-ink-muted">{formatPln(fromPln(sample.amount))}</span>
            </li>
          ))}
        </ul>
        {pending[0] ? (
          <div className="mt-3 max-w-xl">
            <label htmlFor={id('function-order')} className="block text-sm text-ink-muted">
              Wywołanie funkcji użyje zamówienia
            </label>
            <select
              id={id('function-order')}
              className={`${inputClass} mt-1`}
              value={chosenOrderId ?? pending[0].id}
              onChange={(event) => setChosenOrderId(event.target.value)}
            >
              {pending.map((order) => (
                <option key={order.id} value={order.id}>
                  {pendingOrderLabel(order)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="mt-3 text-sm text-ink-muted">Brak oczekujących zamówień: wywołanie funkcji zostanie pominięte.</p>
        )}
      </section>

      <form
        aria-labelledby={id('custom')}
        noValidate
        className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void run('custom');
        }}
      >
        <h3 id={id('custom')} className="font-semibold text-forest-900">
          Custom Test
        </h3>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextInput
            id={id('amount')}
            label="Kwota (PLN)"
            value={custom.amount}
            onChange={(amount) => setCustom({ ...custom, amount })}
            type="number"
            min="0.01"
            step="0.01"
            inputMode="decimal"
          />
          <div>
            <TextInput
              id={id('order')}
              label="Zamówienie (numer KT… lub id)"
              value={custom.orderId}
              onChange={(orderId) => setCustom({ ...custom, orderId })}
            />
            {pending.length > 0 && (
              <>
                <label htmlFor={id('pending-select')} className="mt-2 block text-sm text-ink-muted">
                  lub wybierz oczekujące zamówienie
                </label>
                <select
                  id={id('pending-select')}
                  className={`${inputClass} mt-1`}
                  value=""
                  onChange={(event) => {
                    const order = pending.find((candidate) => candidate.id === event.target.value);
                    if (order) setCustom({ ...custom, orderId: order.orderNumber, amount: order.total.toFixed(2) });
                  }}
                >
                  <option value="">Wybierz…</option>
                  {pending.map((order) => (
                    <option key={order.id} value={order.id}>
                      {pendingOrderLabel(order)}
                    </option>
                  ))}
                </select>
              </>
            )}
          </div>
          <TextInput
            id={id('email')}
            label="E-mail klienta"
            value={custom.email}
            onChange={(email) => setCustom({ ...custom, email })}
            type="email"
          />
          <TextInput
            id={id('name')}
            label="Imię i nazwisko klienta"
            value={custom.name}
            onChange={(name) => setCustom({ ...custom, name })}
          />
          <TextInput
            id={id('phone')}
            label="Telefon"
            value={custom.phone}
            onChange={(phone) => setCustom({ ...custom, phone })}
            type="tel"
          />
        </div>
        <button type="submit" className="btn-primary mt-4 w-full sm:w-auto" disabled={running !== null}>
          {running === 'custom' ? 'Trwają testy…' : 'Uruchom test własny'}
        </button>
      </form>

      <div aria-live="polite" role="status" className="empty:hidden">
        {results && <p className="font-medium text-forest-900">{`Wyniki: ${passed} z ${results.length} testów zaliczonych.`}</p>}
      </div>
      {runError && (
        <p role="alert" className="rounded-xl border border-blush-200 bg-blush-50 px-4 py-3 font-medium text-blush-700">
          {runError}
        </p>
      )}
      {results && (
        <ul className="space-y-4" aria-label="Wyniki testów">
          {results.map((result) => (
            <ResultCard key={result.id} result={result} showSensitive={showSensitive} />
          ))}
        </ul>
      )}
    </div>
  );
}

function TextInput({
  id,
  label,
  value,
  onChange,
  ...rest
}: { id: string; label: string; value: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value'
>) {
  return (
    <FormField id={id} label={label} error={undefined}>
      <input id={id} className={inputClass} value={value} onChange={(event) => onChange(event.target.value)} {...rest} />
    </FormField>
  );
}

const STATUS_TEXT = { passed: 'Zaliczony', failed: 'Niezaliczony', skipped: 'Pominięty' } as const;
const STATUS_STYLE = {
  passed: 'bg-forest-700 text-white',
  failed: 'bg-blush-700 text-white',
  skipped: 'bg-cream-200 text-ink',
} as const;

function ResultCard({ result, showSensitive }: { result: TestResult; showSensitive: boolean }) {
  const params = result.params ? Object.entries(result.params) : [];
  return (
    <li className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-3">
        <span
          className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-lg font-bold ${STATUS_STYLE[result.status]}`}
          aria-hidden="true"
        >
          {result.status === 'passed' ? '✓' : result.status === 'failed' ? '✕' : '–'}
        </span>
        <div className="min-w-0 flex-1">
          <h4 className="font-semibold break-words text-forest-900">{result.category}</h4>
          <p className="text-sm text-ink-muted">
            {result.title} · <span className="font-medium">{STATUS_TEXT[result.status]}</span> · {result.durationMs} ms
          </p>
        </div>
      </div>
      <MessageList title="Błędy" items={result.errors} tone="error" />
      <MessageList title="Ostrzeżenia" items={result.warnings} tone="warning" />
      <MessageList title="Brakujące pola" items={result.missingFields} tone="error" />
      <MessageList title="Uwagi" items={result.issues} tone="warning" />
      {result.signature !== undefined && <SignatureRow signature={result.signature} showSensitive={showSensitive} />}
      {result.response !== undefined && (
        <div className="mt-3">
          <p className="text-sm font-semibold text-forest-900">Odpowiedź</p>
          <pre className="mt-1 max-h-64 overflow-auto rounded-xl bg-forest-900 p-3 text-xs break-all whitespace-pre-wrap text-forest-50">
            {responseText(result.response, showSensitive)}
          </pre>
        </div>
      )}
      {params.length > 0 && (
        <Disclosure as="div" className="mt-3">
          <DisclosureButton className="min-h-11 text-sm font-semibold text-forest-800 underline underline-offset-4">
            {`Parametry (${params.length})`}
          </DisclosureButton>
          <DisclosurePanel as="dl" className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
            {params.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-mono font-semibold text-forest-900">{key}</dt>
                <dd className="font-mono break-all text-ink">{SENSITIVE_PARAMS.has(key) && !showSensitive ? MASK : value}</dd>
              </div>
            ))}
          </DisclosurePanel>
        </Disclosure>
      )}
    </li>
  );
}

function MessageList({ title, items, tone }: { title: string; items: string[]; tone: 'error' | 'warning' }) {
  if (items.length === 0) return null;
  return (
    <div className="mt-3">
      <p className={`text-sm font-semibold ${tone === 'error' ? 'text-blush-700' : 'text-[#6b5208]'}`}>{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-ink">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function SignatureRow({ signature, showSensitive }: { signature: string; showSensitive: boolean }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <p className="text-sm font-semibold text-forest-900">Podpis (sig):</p>
      <code className="rounded-lg bg-forest-50 px-2 py-1 font-mono text-xs break-all text-forest-900" data-testid="signature">
        {showSensitive ? signature : MASK}
      </code>
      <button
        type="button"
        className="min-h-11 rounded-full border border-forest-200 px-3 text-sm font-semibold text-forest-800 hover:bg-forest-50"
        onClick={() => {
          void navigator.clipboard
            ?.writeText(signature)
            .then(() => setCopied(true))
            .catch(() => undefined);
        }}
      >
        Kopiuj podpis
      </button>
      <span aria-live="polite" className="text-sm text-forest-700">
        {copied ? 'Skopiowano' : ''}
      </span>
    </div>
  );
}
