import { useId, useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import {
  WITHDRAWAL_LIMITS,
  withdrawalLookupSchema,
  type WithdrawalLookup,
  type WithdrawalLookupAnswer,
} from '../../domain/withdrawal-request.ts';
import { EmailField, TextInputField } from '../../lib/form-field.tsx';
import { schemaValidation } from '../../lib/schema-validation.ts';
import { lookupOrder, type CallFailure } from './withdrawal-api.ts';
import { FailureNotice } from './failure-notice.tsx';

/** Step 1: which order – its number and the email given in it. */
export function OrderStep({
  initial,
  onFound,
}: {
  initial: WithdrawalLookup;
  onFound: (lookup: WithdrawalLookup, answer: WithdrawalLookupAnswer) => void;
}) {
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);

  const form = useForm({
    defaultValues: initial,
    ...schemaValidation(withdrawalLookupSchema),
    onSubmit: async ({ value }) => {
      setFailure(null);
      const lookup = v.parse(withdrawalLookupSchema, value);
      const outcome = await lookupOrder(lookup);
      if (outcome.ok) onFound(lookup, outcome.value);
      else setFailure(outcome);
    },
    onSubmitInvalid: () => {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  });

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={`${baseId}-title`}
      className="mt-8 max-w-xl space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h2 id={`${baseId}-title`} className="text-xl font-semibold text-forest-900">
        1. Twoje zamówienie
      </h2>
      <p className="text-ink-muted">Numer zamówienia znajdziesz w e-mailu z potwierdzeniem. Podaj adres e-mail użyty w zamówieniu.</p>
      <form.Field name="number">
        {(field) => (
          <TextInputField
            field={field}
            id={`${baseId}-number`}
            label="Numer zamówienia"
            name="order-number"
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="KT123456789"
            maxLength={WITHDRAWAL_LIMITS.number}
            fallbackError={failure?.fields.number}
          />
        )}
      </form.Field>
      <form.Field name="email">
        {(field) => <EmailField field={field} id={`${baseId}-email`} maxLength={WITHDRAWAL_LIMITS.email} />}
      </form.Field>
      {failure && <FailureNotice failure={failure} />}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? 'Szukamy zamówienia…' : 'Znajdź zamówienie'}
          </button>
        )}
      </form.Subscribe>
    </form>
  );
}
