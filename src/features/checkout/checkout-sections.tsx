import { memo, type ComponentType } from 'react';
import type { DeliveryMethod } from '../../domain/delivery.ts';
import { SUBSTITUTION_CHOICES, SUBSTITUTION_LABELS, SUBSTITUTION_QUESTION } from '../../domain/florist-order.ts';
import { RadioChoices } from './checkout-choices.tsx';
import type { CheckoutSlotPickerProps } from './checkout-delivery.ts';
import { CONTACT_FIELDS, sectionTitleClass } from './checkout-fields.tsx';
import { fieldError, serverFieldError, type CheckoutFormApi } from './checkout-form-api.ts';
import { CheckoutTextField } from './checkout-text-field.tsx';

/*
 * The checkout's sections that read only their own fields: memoised, so that
 * what changes elsewhere (the device's cart read, a quote, the settings
 * arriving, a keystroke in another field) does not render them again. Each
 * field subscribes to its own value through `form.Field`.
 */

type ServerFields = Readonly<Record<string, string>>;

export const ContactSection = memo(function ContactSection({ form, serverFields }: { form: CheckoutFormApi; serverFields: ServerFields }) {
  return (
    <fieldset>
      <legend className={sectionTitleClass}>Dane kontaktowe</legend>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        {CONTACT_FIELDS.map((config) => (
          <CheckoutTextField key={config.name} form={form} serverFields={serverFields} {...config} />
        ))}
      </div>
    </fieldset>
  );
});

const SUBSTITUTION_OPTIONS = SUBSTITUTION_CHOICES.map((choice) => ({ value: choice, label: SUBSTITUTION_LABELS[choice] }));

export const SubstitutionSection = memo(function SubstitutionSection({ form }: { form: CheckoutFormApi }) {
  return (
    <form.Field name="substitution">
      {(field) => (
        <RadioChoices
          legend={SUBSTITUTION_QUESTION}
          name="substitution"
          options={SUBSTITUTION_OPTIONS}
          value={field.state.value}
          onChange={field.handleChange}
        />
      )}
    </form.Field>
  );
});

/** 'Kiedy': the delivery calendar (its own feature, passed in), bound to the date, window and pickup time. */
export const WhenSection = memo(function WhenSection({
  form,
  SlotPicker,
  method,
  refreshKey,
  serverFields,
}: {
  form: CheckoutFormApi;
  SlotPicker: ComponentType<CheckoutSlotPickerProps>;
  method: DeliveryMethod;
  refreshKey: number;
  serverFields: ServerFields;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className={sectionTitleClass}>Kiedy</legend>
      <div className="mt-4">
        <form.Field name="deliveryDate">
          {(dateField) => (
            <form.Field name="deliveryWindow">
              {(windowField) => (
                <form.Field name="pickupTime">
                  {(timeField) => (
                    <SlotPicker
                      method={method}
                      date={dateField.state.value}
                      window={windowField.state.value}
                      pickupTime={timeField.state.value}
                      refreshKey={refreshKey}
                      idPrefix="checkout-slot"
                      errors={{
                        date: fieldError(dateField.state.meta.errors) ?? serverFieldError(serverFields, 'deliveryDate'),
                        window: fieldError(windowField.state.meta.errors) ?? serverFieldError(serverFields, 'deliveryWindow'),
                        pickupTime: fieldError(timeField.state.meta.errors) ?? serverFieldError(serverFields, 'pickupTime'),
                      }}
                      onChange={(next) => {
                        dateField.handleChange(next.date);
                        windowField.handleChange(next.window);
                        timeField.handleChange(next.pickupTime);
                      }}
                    />
                  )}
                </form.Field>
              )}
            </form.Field>
          )}
        </form.Field>
      </div>
    </fieldset>
  );
});
