import { useEffect, useId, useState, type ReactNode } from 'react';
import { DELIVERY_SERVICE_IDS, DELIVERY_SERVICE_LABELS } from '../../../domain/delivery-settings.ts';
import { OCCASIONS, OCCASION_LABELS, type Occasion } from '../../../domain/florist-order.ts';
import { addMoney, formatPln, grosz, multiplyMoney } from '../../../domain/money.ts';
import { CUSTOM_LINE_NAME, ORDER_SOURCE_LABELS, OWNER_PAYMENTS, OWNER_PAYMENT_LABELS } from '../../../domain/owner-order.ts';
import { selectClass } from '../admin-ui.tsx';
import { sendOwnerOrder, ownerSession } from './new-order-api.ts';
import { clearDraft, loadDraft, saveDraft } from './new-order-draft.ts';
import { queueOwnerOrder } from './new-order-outbox.ts';

/** A catalogue product, or one size of it, the owner can add, priced in grosz; id is the pair's cartLineKey. */
export interface PickableProduct {
  id: string;
  productId: string;
  sizeId?: string;
  name: string;
  price: number;
}

import { Choice, Field, type FieldProps } from './new-order-fields.tsx';
import {
  DELIVERY_CHOICES,
  DELIVERY_CHOICE_LABELS,
  emptyDraft,
  fieldPath,
  payloadOf,
  validateDraft,
  type NewOrderDraft,
} from './new-order-model.ts';
import { useDay } from './use-day-availability.ts';
import { NewOrderDone } from './new-order-done.tsx';
import { cartLineKey } from '../../../domain/product-sizes.ts';

type Outcome =
  { kind: 'placed'; number: string; paid: boolean } | { kind: 'queued' } | { kind: 'refused'; message: string } | { kind: 'invalid' };

export function NewOrderForm({ products, onDone }: { products: readonly PickableProduct[]; onDone: (placed: boolean) => void }) {
  const [draft, setDraft] = useState<NewOrderDraft>(() => loadDraft(emptyDraft()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [capacityFull, setCapacityFull] = useState(false);
  const [picked, setPicked] = useState('');
  const [pickedQuantity, setPickedQuantity] = useState('1');
  const day = useDay(draft.deliveryDate);
  const ids = useId();

  useEffect(() => saveDraft(draft), [draft]);

  const set = <K extends keyof NewOrderDraft>(key: K, value: NewOrderDraft[K]) => setDraft((previous) => ({ ...previous, [key]: value }));

  const { payload } = payloadOf(draft);
  const linesTotal = addMoney(
    ...draft.lines.map((line) => multiplyMoney(grosz(line.price), line.quantity)),
    grosz(payload.customLine?.price ?? 0),
  );
  const window = day && day !== 'loading' ? day.delivery.windows.find((candidate) => candidate.id === draft.deliveryWindow) : undefined;
  const windowFull = capacityFull || window?.reason === 'full';

  const addLine = () => {
    const product = products.find((candidate) => candidate.id === picked);
    const quantity = Number.parseInt(pickedQuantity, 10);
    if (!product || !(quantity >= 1)) return;
    setDraft((previous) => {
      const { productId, sizeId, name, price } = product;
      const existing = previous.lines.find((line) => cartLineKey(line.productId, line.sizeId) === product.id);
      const lines = existing
        ? previous.lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity } : line))
        : [...previous.lines, { productId, ...(sizeId ? { sizeId } : {}), name, price, quantity }];
      return { ...previous, lines };
    });
    setPicked('');
    setPickedQuantity('1');
  };

  const submit = async () => {
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOutcome({ kind: 'invalid' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    const { payload: body } = payloadOf(draft);
    const result = navigator.onLine ? await sendOwnerOrder(body) : ({ kind: 'unreachable' } as const);
    if (result.kind === 'placed') {
      clearDraft();
      setOutcome({ kind: 'placed', number: result.order.orderNumber, paid: result.order.amountPaid >= result.order.total });
    } else if (result.kind === 'refused') {
      if (result.code === 'capacity_full') setCapacityFull(true);
      setErrors(Object.fromEntries(Object.entries(result.fields).map(([key, message]) => [fieldPath(key), message])));
      setOutcome({ kind: 'refused', message: result.message });
    } else {
      const session = await ownerSession();
      if (session) {
        await queueOwnerOrder(draft.clientRequestId, session.userId, body, draft);
        clearDraft();
        setOutcome({ kind: 'queued' });
      } else {
        setOutcome({ kind: 'refused', message: 'Brak połączenia i sesji. Zaloguj się ponownie; wpisane dane zostały zachowane.' });
      }
    }
    setBusy(false);
  };

  if (outcome?.kind === 'placed' || outcome?.kind === 'queued') {
    const next = () => {
      setDraft(emptyDraft());
      setOutcome(null);
      setCapacityFull(false);
    };
    return <NewOrderDone outcome={outcome} onClose={() => onDone(outcome.kind === 'placed')} onNext={next} />;
  }

  const field = (path: string, label: string, control: (props: FieldProps) => ReactNode) => (
    <Field id={`${ids}-${path}`} label={label} error={errors[path]}>
      {control}
    </Field>
  );
  const text = (path: string, label: string, key: keyof NewOrderDraft, options: { type?: string; autoComplete?: string } = {}) =>
    field(path, label, (props) => (
      <input
        {...props}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete ?? 'off'}
        className={selectClass}
        value={String(draft[key])}
        onChange={(event) => set(key, event.target.value as never)}
      />
    ));

  return (
    <form
      noValidate
      aria-label="Nowe zamówienie"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="space-y-2">
        <legend className="font-semibold text-forest-900">Skąd zamówienie</legend>
        <div className="flex flex-wrap gap-3">
          {(['phone', 'shop'] as const).map((source) => (
            <Choice key={source} name={`${ids}-source`} checked={draft.source === source} onChange={() => set('source', source)}>
              {source === 'phone' ? 'Telefon' : 'W sklepie'}
            </Choice>
          ))}
        </div>
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-forest-900">
          Klient{draft.source === 'shop' && <span className="font-normal text-ink-muted"> (opcjonalnie)</span>}
        </legend>
        {text('customer.firstName', 'Imię', 'firstName', { autoComplete: 'off' })}
        {text('customer.lastName', 'Nazwisko', 'lastName')}
        {text('customer.phone', 'Telefon', 'phone', { type: 'tel' })}
        {text('customer.email', 'E-mail (potwierdzenie i link do płatności)', 'email', { type: 'email' })}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-forest-900">Produkty</legend>
        <div className="grid gap-2 sm:grid-cols-[1fr_6rem_auto] sm:items-end">
          <Field id={`${ids}-pick`} label="Produkt z katalogu">
            {(props) => (
              <select {...props} className={selectClass} value={picked} onChange={(event) => setPicked(event.target.value)}>
                <option value="">Wybierz produkt</option>
                {products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name} — {formatPln(grosz(product.price))}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${ids}-qty`} label="Ilość">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                max={999}
                inputMode="numeric"
                className={selectClass}
                value={pickedQuantity}
                onChange={(event) => setPickedQuantity(event.target.value)}
              />
            )}
          </Field>
          <button type="button" className="btn-secondary min-h-11" onClick={addLine} disabled={picked === ''}>
            Dodaj produkt
          </button>
        </div>
        {draft.lines.length > 0 && (
          <ul aria-label="Pozycje zamówienia" className="space-y-2">
            {draft.lines.map((line) => (
              <li
                key={cartLineKey(line.productId, line.sizeId)}
                className="flex items-center justify-between gap-2 rounded-xl bg-white p-2"
              >
                <span>
                  {line.name} × {line.quantity} — {formatPln(multiplyMoney(grosz(line.price), line.quantity))}
                </span>
                <button
                  type="button"
                  className="btn-secondary min-h-11 py-1"
                  onClick={() =>
                    set(
                      'lines',
                      draft.lines.filter((other) => other !== line),
                    )
                  }
                >
                  Usuń<span className="sr-only"> {line.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={draft.customOn} onChange={(event) => set('customOn', event.target.checked)} />
          {CUSTOM_LINE_NAME}
        </label>
        {draft.customOn && (
          <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
            {text('customLine.description', 'Opis bukietu', 'customDescription')}
            {text('customLine.price', 'Cena bukietu (zł)', 'customPrice')}
          </div>
        )}
        {errors.items && (
          <p id={`${ids}-items-error`} role="alert" className="text-sm font-medium text-blush-700">
            {errors.items}
          </p>
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-forest-900">Dostawa</legend>
        <div className="flex flex-wrap gap-3">
          {DELIVERY_CHOICES.map((method) => (
            <Choice
              key={method}
              name={`${ids}-method`}
              checked={draft.deliveryMethod === method}
              onChange={() => {
                set('deliveryMethod', method);
                setCapacityFull(false);
              }}
            >
              {DELIVERY_CHOICE_LABELS[method]}
            </Choice>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('checkout.deliveryDate', 'Dzień', 'deliveryDate', { type: 'date' })}
          {draft.deliveryMethod === 'store'
            ? field('checkout.pickupTime', 'Godzina odbioru', (props) => (
                <select
                  {...props}
                  className={selectClass}
                  value={draft.pickupTime}
                  onChange={(event) => set('pickupTime', event.target.value)}
                >
                  <option value="">{day === 'loading' ? 'Ładowanie godzin…' : 'Wybierz godzinę'}</option>
                  {day &&
                    day !== 'loading' &&
                    day.pickup.times.map((time) => (
                      <option key={time.time} value={time.time} disabled={!time.available}>
                        {time.time}
                        {time.available ? '' : ' (niedostępna)'}
                      </option>
                    ))}
                </select>
              ))
            : field('checkout.deliveryWindow', 'Godziny dostawy', (props) => (
                <select
                  {...props}
                  className={selectClass}
                  value={draft.deliveryWindow}
                  onChange={(event) => {
                    set('deliveryWindow', event.target.value);
                    setCapacityFull(false);
                  }}
                >
                  <option value="">{day === 'loading' ? 'Ładowanie godzin…' : 'Wybierz godziny'}</option>
                  {day &&
                    day !== 'loading' &&
                    day.delivery.windows.map((slot) => (
                      <option key={slot.id} value={slot.id} disabled={!slot.available && slot.reason !== 'full'}>
                        {slot.label}
                        {slot.reason === 'full' ? ' (pełne)' : slot.available ? ` (wolne: ${slot.free})` : ' (niedostępne)'}
                      </option>
                    ))}
                </select>
              ))}
        </div>
        {(errors.deliveryDate || errors.deliveryWindow || errors.pickupTime) && (
          <p role="alert" className="text-sm font-medium text-blush-700">
            {errors.deliveryDate ?? errors.deliveryWindow ?? errors.pickupTime}
          </p>
        )}
        {draft.deliveryMethod !== 'store' && windowFull && (
          <div className="rounded-xl bg-cream-200 p-3">
            <p className="text-sm">To okno dostawy jest pełne.</p>
            <label className="flex min-h-11 items-center gap-2 font-medium">
              <input
                type="checkbox"
                checked={draft.capacityOverride}
                aria-describedby={errors.capacityOverride ? `${ids}-override-error` : undefined}
                onChange={(event) => set('capacityOverride', event.target.checked)}
              />
              Przyjmuję ponad limit
            </label>
            {errors.capacityOverride && (
              <p id={`${ids}-override-error`} className="text-sm font-medium text-blush-700">
                {errors.capacityOverride}
              </p>
            )}
          </div>
        )}
        {draft.deliveryMethod !== 'store' && (
          <div className="grid gap-3 sm:grid-cols-2">
            {draft.deliveryMethod === 'cemetery' && text('checkout.cemeteryName', 'Nazwa cmentarza', 'cemeteryName')}
            {draft.deliveryMethod === 'cemetery' &&
              text('checkout.graveDescription', 'Grób (kwatera, rząd, numer lub opis)', 'graveDescription')}
            {text('checkout.street', 'Ulica', 'street')}
            {text('checkout.houseNumber', 'Numer domu', 'houseNumber')}
            {text('checkout.apartment', 'Numer lokalu', 'apartment')}
            {text('checkout.postalCode', 'Kod pocztowy', 'postalCode')}
            {text('checkout.city', draft.deliveryMethod === 'cemetery' ? 'Miejscowość cmentarza' : 'Miasto', 'city')}
          </div>
        )}
        {draft.deliveryMethod === 'cemetery' && (
          <fieldset>
            <legend className="text-sm font-medium text-forest-900">Usługi przy grobie</legend>
            {DELIVERY_SERVICE_IDS.map((service) => (
              <label key={service} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  checked={draft.services.includes(service)}
                  onChange={(event) =>
                    set(
                      'services',
                      event.target.checked ? [...draft.services, service] : draft.services.filter((other) => other !== service),
                    )
                  }
                />
                {DELIVERY_SERVICE_LABELS[service]}
              </label>
            ))}
          </fieldset>
        )}
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-forest-900">Odbiorca, okazja i bilecik</legend>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Choice name={`${ids}-recipient`} checked={draft.recipient === 'self'} onChange={() => set('recipient', 'self')}>
            Klient odbiera sam
          </Choice>
          <Choice name={`${ids}-recipient`} checked={draft.recipient === 'other'} onChange={() => set('recipient', 'other')}>
            Dla innej osoby
          </Choice>
        </div>
        {draft.recipient === 'other' && text('checkout.recipientName', 'Imię i nazwisko odbiorcy', 'recipientName')}
        {draft.recipient === 'other' && text('checkout.recipientPhone', 'Telefon odbiorcy', 'recipientPhone', { type: 'tel' })}
        {field('checkout.occasion', 'Okazja', (props) => (
          <select
            {...props}
            className={selectClass}
            value={draft.occasion}
            onChange={(event) => set('occasion', event.target.value as Occasion | '')}
          >
            <option value="">Bez okazji</option>
            {OCCASIONS.map((occasion) => (
              <option key={occasion} value={occasion}>
                {OCCASION_LABELS[occasion]}
              </option>
            ))}
          </select>
        ))}
        {text('checkout.cardSignature', 'Podpis na bileciku', 'cardSignature')}
        <div className="sm:col-span-2">
          {field('checkout.cardMessage', 'Treść bileciku', (props) => (
            <textarea
              {...props}
              rows={2}
              className={selectClass}
              value={draft.cardMessage}
              onChange={(event) => set('cardMessage', event.target.value)}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <legend className="mb-2 font-semibold text-forest-900">Rabat</legend>
        {text('discount.amount', 'Kwota rabatu (zł)', 'discountAmount')}
        {text('discount.reason', 'Powód rabatu', 'discountReason')}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="font-semibold text-forest-900">Płatność</legend>
        <div className="flex flex-wrap gap-3">
          {OWNER_PAYMENTS.map((payment) => (
            <Choice key={payment} name={`${ids}-payment`} checked={draft.payment === payment} onChange={() => set('payment', payment)}>
              {OWNER_PAYMENT_LABELS[payment]}
            </Choice>
          ))}
        </div>
      </fieldset>

      <p className="text-lg font-semibold text-forest-900">
        Produkty: {formatPln(linesTotal)}
        <span className="block text-sm font-normal text-ink-muted">
          Dostawę, usługi i rabat doliczymy przy zapisie. Przyjęte: {ORDER_SOURCE_LABELS[draft.source]}.
        </span>
      </p>

      <div aria-live="polite">
        {outcome?.kind === 'invalid' && (
          <p role="alert" className="font-medium text-blush-700">
            Popraw zaznaczone pola.
          </p>
        )}
        {outcome?.kind === 'refused' && (
          <p role="alert" className="font-medium text-blush-700">
            {outcome.message}
          </p>
        )}
      </div>

      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11" disabled={busy}>
          {busy ? 'Zapisywanie…' : 'Przyjmij zamówienie'}
        </button>
        <button type="button" className="btn-secondary min-h-11" onClick={() => onDone(false)}>
          Zamknij (szkic zostaje)
        </button>
      </div>
    </form>
  );
}
