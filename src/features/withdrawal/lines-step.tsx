import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { issuesByField } from '../../domain/validation-issues.ts';
import {
  withdrawalLineKey,
  WITHDRAWAL_LIMITS,
  polishDate,
  withdrawalSubmitSchema,
  type WithdrawalLookup,
  type WithdrawalLookupAnswer,
  type WithdrawalReceipt,
} from '../../domain/withdrawal-request.ts';
import { NO_WITHDRAWAL_LABEL } from '../../domain/withdrawal-right.ts';
import { FormField, inputClass } from '../../lib/form-field.tsx';
import { FailureNotice } from './failure-notice.tsx';
import { submitWithdrawal, type CallFailure } from './withdrawal-api.ts';

type Line = WithdrawalLookupAnswer['lines'][number];
interface Choice {
  chosen: boolean;
  quantity: string;
}

const dateOnly = (iso: string) => polishDate(iso.slice(0, 10));

/** Step 2: the lines to return (those without the right shown with the reason, not choosable) and an optional reason. */
export function LinesStep({
  lookup,
  answer,
  onBack,
  onSent,
}: {
  lookup: WithdrawalLookup;
  answer: WithdrawalLookupAnswer;
  onBack: () => void;
  onSent: (receipt: WithdrawalReceipt) => void;
}) {
  const baseId = useId();
  const listRef = useRef<HTMLFieldSetElement>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const returnable = answer.lines.filter((line) => line.refusal === null);
  // Keyed by product and size: two sizes of one bouquet are two lines.
  const choiceOf = (line: Line): Choice => choices[withdrawalLineKey(line)] ?? { chosen: false, quantity: String(line.returnable) };
  const update = (line: Line, change: Partial<Choice>) =>
    setChoices((previous) => ({ ...previous, [withdrawalLineKey(line)]: { ...choiceOf(line), ...change } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines = returnable
      .filter((line) => choiceOf(line).chosen)
      .map((line) => ({ productId: line.productId, sizeLabel: line.sizeLabel ?? null, quantity: Number(choiceOf(line).quantity) }));
    const parsed = v.safeParse(withdrawalSubmitSchema, { ...lookup, lines, reason });
    const tooMany = returnable.find((line) => choiceOf(line).chosen && Number(choiceOf(line).quantity) > line.returnable);
    if (!parsed.success || tooMany) {
      setErrors(
        parsed.success ? { lines: `${tooMany!.name}: możesz zwrócić najwyżej ${tooMany!.returnable} szt.` } : issuesByField(parsed.issues),
      );
      requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>('input:not([disabled])')?.focus());
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    const outcome = await submitWithdrawal(parsed.output);
    setBusy(false);
    if (outcome.ok) onSent(outcome.value);
    else setFailure(outcome);
  };

  const linesError = errors.lines ?? Object.entries(errors).find(([key]) => key.startsWith('lines.'))?.[1];

  return (
    <form noValidate aria-labelledby={`${baseId}-title`} className="mt-8 max-w-2xl space-y-6" onSubmit={(event) => void submit(event)}>
      <div>
        <h2 id={`${baseId}-title`} className="text-xl font-semibold text-forest-900">
          2. Co zwracasz?
        </h2>
        <p className="mt-2">
          Zamówienie <strong>{answer.number}</strong> z {dateOnly(answer.createdAt)}.{' '}
          <button type="button" className="font-medium text-forest-800 underline underline-offset-2" onClick={onBack}>
            Zmień zamówienie
          </button>
        </p>
        <p className="mt-1 text-sm text-ink-muted">{answer.periodNote}</p>
      </div>

      <fieldset ref={listRef} aria-describedby={linesError ? `${baseId}-lines-error` : undefined}>
        <legend className="mb-3 font-medium text-forest-900">Produkty z zamówienia</legend>
        <ul className="divide-y divide-cream-200 rounded-2xl border border-cream-200 bg-white">
          {answer.lines.map((line, index) => (
            <LineRow
              key={withdrawalLineKey(line)}
              line={line}
              choice={choiceOf(line)}
              baseId={`${baseId}-${index}`}
              onChange={(change) => update(line, change)}
            />
          ))}
        </ul>
        {linesError && (
          <p id={`${baseId}-lines-error`} role="alert" className="mt-2 text-sm font-medium text-blush-700">
            {linesError}
          </p>
        )}
      </fieldset>

      {returnable.length === 0 ? (
        <p role="status" className="rounded-xl bg-cream-200 px-4 py-3">
          Żadnego produktu z tego zamówienia nie można zwrócić – powody podajemy przy każdym z nich.
        </p>
      ) : (
        <>
          <FormField
            id={`${baseId}-reason`}
            label={
              <>
                Powód <span className="font-normal text-ink-muted">(opcjonalnie – nie musisz go podawać)</span>
              </>
            }
            error={errors.reason}
          >
            <textarea
              id={`${baseId}-reason`}
              className={`${inputClass} resize-y`}
              rows={3}
              maxLength={WITHDRAWAL_LIMITS.reason}
              value={reason}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${baseId}-reason-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          {failure && <FailureNotice failure={failure} />}
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? 'Wysyłanie…' : 'Wyślij oświadczenie o odstąpieniu'}
          </button>
        </>
      )}
    </form>
  );
}

function LineRow({
  line,
  choice,
  baseId,
  onChange,
}: {
  line: Line;
  choice: Choice;
  baseId: string;
  onChange: (change: Partial<Choice>) => void;
}) {
  const id = `${baseId}-line`;
  if (line.refusal !== null) {
    return (
      <li className="flex gap-3 p-4" data-testid="refused-line">
        <input id={id} type="checkbox" disabled className="mt-1 size-5 shrink-0" aria-describedby={`${id}-reason`} />
        <div>
          <label htmlFor={id} className="font-medium text-ink-muted">
            {line.name} <span className="whitespace-nowrap">× {line.quantity}</span>
          </label>
          <p id={`${id}-reason`} className="mt-1 text-sm">
            <span className="mr-1 inline-block rounded-full bg-cream-200 px-2 py-0.5 text-xs font-semibold text-ink">
              {NO_WITHDRAWAL_LABEL}
            </span>
            {line.refusal}
          </p>
        </div>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-start gap-3 p-4">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-forest-700"
        checked={choice.chosen}
        onChange={(event) => onChange({ chosen: event.target.checked })}
      />
      <label htmlFor={id} className="min-w-0 flex-1 font-medium text-forest-900">
        {line.name} <span className="whitespace-nowrap text-ink-muted">× {line.quantity}</span>
      </label>
      {line.returnable > 1 && choice.chosen && (
        <div className="flex items-center gap-2 pl-8 sm:pl-0">
          <label htmlFor={`${id}-quantity`} className="text-sm text-ink-muted">
            Ile sztuk
          </label>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={line.returnable}
            className="w-20 rounded-xl border border-forest-200 bg-white px-3 py-2 text-base"
            value={choice.quantity}
            onChange={(event) => onChange({ quantity: event.target.value })}
          />
        </div>
      )}
    </li>
  );
}
