import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../../src/domain/checkout-schema.ts';
import { fromPln } from '../../src/domain/money.ts';
import { CHECKOUT_DRAFT_META_KEY, toCheckoutDraft } from '../../src/features/checkout/checkout-draft.ts';
import { CheckoutForm } from '../../src/features/checkout/checkout-form.tsx';
import { resetAvailabilityForTests } from '../../src/features/delivery/availability.ts';
import { submitOrder } from '../../src/features/orders-sync/submit-order.ts';
import { db } from '../../src/lib/db.ts';
import { resetPublicSettingsForTests } from '../../src/lib/public-settings.ts';
import { inDays, serveAvailability, standardAnswer } from './delivery-availability-fixture.ts';
import { renderInRouter, withBackendMetaAndConsent } from './render-route.tsx';
import { CHECKOUT_DELIVERY } from '../../src/routes/-checkout-delivery.ts';

withBackendMetaAndConsent();

const CANDLES = {
  key: '1547809e-0305-46b3-a282-b3230c221da1',
  sizeId: null,
  sizeLabel: null,
  productId: '1547809e-0305-46b3-a282-b3230c221da1',
  name: 'Znicz szklany „Anioł”',
  quantity: 2,
  unitPrice: fromPln(24.9),
  lineTotal: fromPln(49.8),
  availability: 'available' as const,
  available: true,
  category: 'candles' as const,
};

const FILLED: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.pl',
  phone: '+48 600 100 200',
  paymentMethod: 'blik',
  deliveryDate: inDays(1),
  pickupTime: '12:00',
};

async function renderForm(initial: CheckoutFormValues = FILLED) {
  await renderInRouter(
    <CheckoutForm
      delivery={CHECKOUT_DELIVERY}
      cart={{ lines: [CANDLES], subtotal: CANDLES.lineTotal }}
      cartEditor={() => <p>tabela koszyka</p>}
      initialValues={initial}
      getAccessToken={async () => null}
      onTransferPlaced={vi.fn()}
      submitOrder={submitOrder}
      onQueued={() => {}}
    />,
  );
}

/** Records what place-order receives and refuses it as the function refuses a NIP (422 with the field). */
function refuseInvoices(): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/functions/v1/place-order', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(
        { error: 'invalid_invoice', message: 'Nieprawidłowy NIP', fields: { 'checkout.invoiceNip': 'Nieprawidłowy NIP' } },
        { status: 422 },
      );
    }),
  );
  return bodies;
}

/** Puts text into a field as one paste: typing it key by key re-validates the whole form on every key, slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

const invoiceBox = () => screen.getByRole('checkbox', { name: 'Chcę otrzymać fakturę' });
const nipField = () => screen.getByRole('textbox', { name: 'NIP' });

/** The message the field's aria-describedby points at: what a screen reader reads with it. */
function describedMessage(field: HTMLElement): string | null | undefined {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
}

beforeEach(async () => {
  resetPublicSettingsForTests();
  resetAvailabilityForTests();
  serveAvailability(standardAnswer());
  await db.meta.clear();
  await db.outbox.clear();
});

describe('checkout: the invoice section', () => {
  it('shows NIP, company name and address only while the invoice is wanted', async () => {
    const user = userEvent.setup();
    await renderForm();
    expect(invoiceBox()).toHaveProperty('checked', false);
    expect(screen.queryByRole('textbox', { name: 'NIP' })).toBeNull();

    await user.click(invoiceBox());
    expect(nipField()).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Nazwa firmy' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Adres firmy' })).toBeTruthy();
    expect(document.getElementById(invoiceBox().getAttribute('aria-controls')!)?.contains(nipField())).toBe(true);

    await user.click(invoiceBox());
    expect(screen.queryByRole('textbox', { name: 'NIP' })).toBeNull();
  });

  it('opens with the invoice ticked and filled when the draft had it', async () => {
    await renderForm({ ...FILLED, wantsInvoice: true, invoiceNip: '7740001454', invoiceCompany: 'Kwiaty Nowak' });
    expect(invoiceBox()).toHaveProperty('checked', true);
    expect((nipField() as HTMLInputElement).value).toBe('7740001454');
  });
  it('is ticked with the keyboard, and Tab goes on to the NIP', async () => {
    const user = userEvent.setup();
    await renderForm();
    invoiceBox().focus();
    await user.keyboard(' ');
    expect(invoiceBox()).toHaveProperty('checked', true);
    await user.tab();
    expect(document.activeElement).toBe(nipField());
  });

  it("says what is missing, and 'Nieprawidłowy NIP' for a wrong check digit, without sending the order", async () => {
    const bodies = refuseInvoices();
    const user = userEvent.setup();
    await renderForm();
    await user.click(invoiceBox());
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));

    expect(describedMessage(nipField())).toBe('NIP jest wymagany');
    expect(describedMessage(screen.getByRole('textbox', { name: 'Nazwa firmy' }))).toBe('Nazwa firmy jest wymagana');
    expect(describedMessage(screen.getByRole('textbox', { name: 'Adres firmy' }))).toBe('Adres firmy jest wymagany');
    // The cursor goes to the first field to fix.
    await waitFor(() => expect(document.activeElement).toBe(nipField()));

    await fill(user, nipField(), '774-000-14-55');
    await waitFor(() => expect(describedMessage(nipField())).toBe('Nieprawidłowy NIP'));
    expect(nipField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('checkout-error').textContent).toContain('Nieprawidłowy NIP');

    await user.clear(nipField());
    await fill(user, nipField(), 'PL 774-000-14-54');
    await waitFor(() => expect(nipField().getAttribute('aria-invalid')).toBeNull());
    expect(bodies).toHaveLength(0);
  });

  it('sends the invoice with the order and shows what the shop said of the NIP beside it', async () => {
    const bodies = refuseInvoices();
    const user = userEvent.setup();
    await renderForm();
    await user.click(invoiceBox());
    await fill(user, nipField(), 'PL774-000-14-54');
    await fill(user, screen.getByRole('textbox', { name: 'Nazwa firmy' }), 'Kwiaty Nowak');
    await fill(user, screen.getByRole('textbox', { name: 'Adres firmy' }), 'ul. Długa 1, 37-740 Bircza');
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { checkout: CheckoutFormValues }).checkout).toMatchObject({
      wantsInvoice: true,
      invoiceNip: 'PL774-000-14-54',
      invoiceCompany: 'Kwiaty Nowak',
      invoiceAddress: 'ul. Długa 1, 37-740 Bircza',
    });
    await waitFor(() => expect(describedMessage(nipField())).toBe('Nieprawidłowy NIP'));
  });

  it('keeps the invoice in the draft that survives a reload', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(invoiceBox());
    await fill(user, nipField(), '7740001454');
    await waitFor(async () => {
      const draft = toCheckoutDraft((await db.meta.get(CHECKOUT_DRAFT_META_KEY))?.value);
      expect(draft?.values).toMatchObject({ wantsInvoice: true, invoiceNip: '7740001454' });
    });
  });
});
