import { memo } from 'react';
import type { DeliveryServiceOffer } from '../../domain/delivery-availability-contract.ts';
import type { DeliveryServiceId } from '../../domain/delivery-settings.ts';
import { fromPln } from '../../domain/money.ts';
import { servicePriceText } from '../../domain/order-choices.ts';
import { fieldError, serverFieldError, type CheckoutFormApi } from './checkout-form-api.ts';
import { sectionTitleClass } from './checkout-fields.tsx';
import { CheckoutTextField } from './checkout-text-field.tsx';

const checkboxClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-forest-100 bg-white px-3 py-2 hover:bg-forest-50 has-checked:border-forest-700 has-checked:bg-forest-50';

/** Cemetery delivery: where the grave is (kwatera, rząd, numer or a description), and the services at the grave; the cemetery itself is the address. */
export const CemeterySection = memo(function CemeterySection({
  form,
  offers,
  serverFields,
}: {
  form: CheckoutFormApi;
  offers: readonly DeliveryServiceOffer[];
  serverFields: Readonly<Record<string, string>>;
}) {
  return (
    <fieldset>
      <legend className={sectionTitleClass}>Grób</legend>
      <p className="mt-4 text-sm text-ink-muted" id="checkout-grave-hint">
        Podaj kwaterę, rząd i numer grobu albo opisz, jak go znaleźć.
      </p>
      <div className="mt-2 grid grid-cols-3 gap-3">
        <CheckoutTextField form={form} name="graveSection" label="Kwatera" maxLength={20} serverFields={serverFields} />
        <CheckoutTextField form={form} name="graveRow" label="Rząd" maxLength={20} serverFields={serverFields} />
        <CheckoutTextField form={form} name="graveNumber" label="Numer" maxLength={20} serverFields={serverFields} />
      </div>
      <div className="mt-5">
        <CheckoutTextField
          form={form}
          name="graveDescription"
          label="Albo opis położenia grobu"
          placeholder="Np. trzecia aleja od bramy głównej, po lewej przy lipie"
          maxLength={300}
          serverFields={serverFields}
        />
      </div>
      <form.Field name="services">
        {(field) => {
          const error = fieldError(field.state.meta.errors) ?? serverFieldError(serverFields, 'services');
          const toggle = (id: DeliveryServiceId, on: boolean) =>
            field.handleChange(
              on ? [...field.state.value.filter((chosen) => chosen !== id), id] : field.state.value.filter((chosen) => chosen !== id),
            );
          return (
            <fieldset className="mt-6" aria-describedby={error ? 'checkout-services-error' : undefined}>
              <legend className="font-semibold text-forest-900">
                Usługi przy grobie <span className="font-normal text-ink-muted">(opcjonalnie)</span>
              </legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {offers.map((offer) => (
                  <label key={offer.id} className={checkboxClass}>
                    <input
                      type="checkbox"
                      name="services"
                      value={offer.id}
                      checked={field.state.value.includes(offer.id)}
                      onChange={(event) => toggle(offer.id, event.target.checked)}
                      className="size-5 shrink-0 accent-forest-800"
                    />
                    <span className="flex-1 text-ink">{offer.label}</span>
                    <span className="text-sm whitespace-nowrap text-ink-muted tabular-nums">{servicePriceText(fromPln(offer.price))}</span>
                  </label>
                ))}
              </div>
              {error && (
                <p id="checkout-services-error" className="mt-1.5 text-sm font-medium text-blush-700">
                  {error}
                </p>
              )}
            </fieldset>
          );
        }}
      </form.Field>
    </fieldset>
  );
});
