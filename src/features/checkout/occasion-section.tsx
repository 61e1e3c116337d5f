import { memo } from 'react';
import {
  OCCASIONS,
  OCCASION_LABELS,
  VENUE_TYPES,
  VENUE_TYPE_LABELS,
  occasionNeedsVenue,
  type Occasion,
} from '../../domain/florist-order.ts';
import { SelectField } from '../../lib/form-field.tsx';
import { fieldError, serverFieldError, type CheckoutFormApi } from './checkout-form-api.ts';
import { sectionTitleClass } from './checkout-fields.tsx';
import { CheckoutTextField, optionalLabel } from './checkout-text-field.tsx';
import { CountedTextField } from './counted-text-field.tsx';

/**
 * 'Okazja': a funeral or a wedding asks where and when the ceremony is; a
 * funeral with a wreath or wiązanka in the cart offers the ribbon's words.
 */
export const OccasionSection = memo(function OccasionSection({
  form,
  takesRibbon,
  serverFields,
}: {
  form: CheckoutFormApi;
  /** The cart holds a wreath or a wiązanka. */
  takesRibbon: boolean;
  serverFields: Readonly<Record<string, string>>;
}) {
  return (
    <fieldset>
      <legend className={sectionTitleClass}>Okazja</legend>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <form.Field
          name="occasion"
          listeners={{
            // What only the previous occasion asked for is not sent with the next one.
            onChange: ({ value }) => {
              if (value !== 'funeral') form.setFieldValue('ribbonText', '');
              if (!occasionNeedsVenue(value)) {
                for (const name of ['venueName', 'venueAddress', 'eventTime'] as const) form.setFieldValue(name, '');
                form.setFieldValue('venueType', '');
              }
            },
          }}
        >
          {(field) => (
            <SelectField<Occasion | ''> field={field} id="checkout-occasion" label={optionalLabel('Okazja')} name="occasion">
              <option value="">Bez okazji</option>
              {OCCASIONS.map((occasion) => (
                <option key={occasion} value={occasion}>
                  {OCCASION_LABELS[occasion]}
                </option>
              ))}
            </SelectField>
          )}
        </form.Field>
      </div>
      <form.Subscribe selector={(state) => state.values.occasion}>
        {(occasion) => (
          <>
            {occasionNeedsVenue(occasion) && (
              <div className="mt-5 grid gap-5 sm:grid-cols-2" data-testid="checkout-venue">
                <p className="text-sm text-ink-muted sm:col-span-2">
                  {occasion === 'funeral'
                    ? 'Dokąd i na którą godzinę mamy dostarczyć kwiaty na pogrzeb?'
                    : 'Dokąd i na którą godzinę mamy dostarczyć kwiaty na ślub?'}
                </p>
                <form.Field name="venueType">
                  {(field) => (
                    <SelectField field={field} id="checkout-venueType" label="Miejsce uroczystości" name="venueType">
                      <option value="">Wybierz…</option>
                      {VENUE_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {VENUE_TYPE_LABELS[type]}
                        </option>
                      ))}
                    </SelectField>
                  )}
                </form.Field>
                <CheckoutTextField
                  form={form}
                  name="eventTime"
                  label="Godzina uroczystości"
                  type="time"
                  maxLength={5}
                  serverFields={serverFields}
                />
                <CheckoutTextField form={form} name="venueName" label="Nazwa miejsca" maxLength={150} serverFields={serverFields} wide />
                <CheckoutTextField form={form} name="venueAddress" label="Adres miejsca" maxLength={200} serverFields={serverFields} wide />
              </div>
            )}
            {occasion === 'funeral' && takesRibbon && (
              <div className="mt-5">
                <form.Field name="ribbonText">
                  {(field) => (
                    <CountedTextField
                      id="checkout-ribbonText"
                      text="ribbonText"
                      label={optionalLabel('Napis na szarfie')}
                      hint="Np. „Ostatnie pożegnanie — rodzina”."
                      value={field.state.value}
                      error={fieldError(field.state.meta.errors) ?? serverFieldError(serverFields, 'ribbonText')}
                      onChange={field.handleChange}
                      onBlur={field.handleBlur}
                    />
                  )}
                </form.Field>
              </div>
            )}
          </>
        )}
      </form.Subscribe>
    </fieldset>
  );
});
