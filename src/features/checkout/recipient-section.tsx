import { memo } from 'react';
import type { DeliveryMethod } from '../../domain/delivery.ts';
import { RECIPIENT_KINDS, RECIPIENT_KIND_LABELS, bookingKind } from '../../domain/florist-order.ts';
import { RadioChoices } from './checkout-choices.tsx';
import { fieldError, serverFieldError, type CheckoutFormApi } from './checkout-form-api.ts';
import { CheckoutTextField, optionalLabel } from './checkout-text-field.tsx';
import { CountedTextField } from './counted-text-field.tsx';

const RECIPIENT_CHOICES = RECIPIENT_KINDS.map((kind) => ({ value: kind, label: RECIPIENT_KIND_LABELS[kind] }));

/** 'Dla kogo?': the buyer, or another person with a name and phone (the phone is required for home delivery). */
export const RecipientSection = memo(function RecipientSection({
  form,
  method,
  serverFields,
}: {
  form: CheckoutFormApi;
  method: DeliveryMethod;
  serverFields: Readonly<Record<string, string>>;
}) {
  return (
    <div className="space-y-5">
      <form.Field name="recipient">
        {(field) => (
          <RadioChoices
            legend="Dla kogo?"
            name="recipient"
            options={RECIPIENT_CHOICES}
            value={field.state.value}
            onChange={field.handleChange}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.values.recipient}>
        {(recipient) =>
          recipient === 'other' && (
            <div className="grid gap-5 sm:grid-cols-2">
              <CheckoutTextField
                form={form}
                name="recipientName"
                label="Imię i nazwisko odbiorcy"
                autoComplete="off"
                maxLength={100}
                serverFields={serverFields}
              />
              <CheckoutTextField
                form={form}
                name="recipientPhone"
                label={method === 'home' ? 'Telefon odbiorcy' : optionalLabel('Telefon odbiorcy')}
                type="tel"
                inputMode="tel"
                placeholder="+48 123 456 789"
                maxLength={30}
                serverFields={serverFields}
              />
            </div>
          )
        }
      </form.Subscribe>
      {bookingKind(method) === 'window' && (
        <form.Field name="deliveryNotes">
          {(field) => (
            <CountedTextField
              id="checkout-deliveryNotes"
              text="deliveryNotes"
              label={optionalLabel('Uwagi do dostawy')}
              hint="Np. dojazd na wsi, punkt orientacyjny, brama lub domofon."
              value={field.state.value}
              error={fieldError(field.state.meta.errors) ?? serverFieldError(serverFields, 'deliveryNotes')}
              multiline
              onChange={field.handleChange}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
      )}
    </div>
  );
});
