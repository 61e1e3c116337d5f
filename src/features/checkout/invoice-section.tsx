import { memo } from 'react';
import { INVOICE_ADDRESS_MAX_LENGTH, INVOICE_COMPANY_MAX_LENGTH, INVOICE_NIP_MAX_LENGTH } from '../../domain/checkout-schema.ts';
import type { CheckoutFormApi } from './checkout-form-api.ts';
import { sectionTitleClass } from './checkout-fields.tsx';
import { CheckoutTextField } from './checkout-text-field.tsx';

export const WANTS_INVOICE_LABEL = 'Chcę otrzymać fakturę';
const INVOICE_FIELDS_ID = 'checkout-invoice-fields';

/**
 * 'Faktura': a checkbox, and once ticked the buyer's NIP, company
 * name and address. The fields follow the checkbox in the tab order, so a
 * keyboard or screen-reader user meets them right after ticking it.
 */
export const InvoiceSection = memo(function InvoiceSection({
  form,
  serverFields,
}: {
  form: CheckoutFormApi;
  serverFields: Readonly<Record<string, string>>;
}) {
  return (
    <fieldset>
      <legend className={sectionTitleClass}>Faktura</legend>
      <form.Field name="wantsInvoice">
        {(field) => (
          <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-forest-100 bg-white px-3 py-2 hover:bg-forest-50 has-checked:border-forest-700 has-checked:bg-forest-50">
            <input
              type="checkbox"
              name="wantsInvoice"
              checked={field.state.value}
              // Only while the fields exist: aria-controls must name an element on the page (axe aria-valid-attr-value).
              aria-controls={field.state.value ? INVOICE_FIELDS_ID : undefined}
              onChange={(event) => field.handleChange(event.target.checked)}
              className="size-5 shrink-0 accent-forest-800"
            />
            <span className="font-medium text-forest-900">{WANTS_INVOICE_LABEL}</span>
          </label>
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.values.wantsInvoice}>
        {(wantsInvoice) =>
          wantsInvoice && (
            <div id={INVOICE_FIELDS_ID} className="mt-5 grid gap-5 sm:grid-cols-2">
              <p className="text-sm text-ink-muted sm:col-span-2">
                Fakturę wystawimy na podane dane firmy. NIP możesz wpisać z kreskami lub z prefiksem PL.
              </p>
              <CheckoutTextField
                form={form}
                name="invoiceNip"
                label="NIP"
                placeholder="np. 774-000-14-54"
                maxLength={INVOICE_NIP_MAX_LENGTH}
                serverFields={serverFields}
              />
              <CheckoutTextField
                form={form}
                name="invoiceCompany"
                label="Nazwa firmy"
                autoComplete="organization"
                maxLength={INVOICE_COMPANY_MAX_LENGTH}
                serverFields={serverFields}
              />
              <CheckoutTextField
                form={form}
                name="invoiceAddress"
                label="Adres firmy"
                placeholder="Ulica i numer, kod pocztowy, miejscowość"
                maxLength={INVOICE_ADDRESS_MAX_LENGTH}
                serverFields={serverFields}
                wide
              />
            </div>
          )
        }
      </form.Subscribe>
    </fieldset>
  );
});
