import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toAdminOrder, type OrderRow } from '../../src/features/admin/orders/order.ts';
import { OrderMails } from '../../src/features/admin/orders/order-mails.tsx';

const row: OrderRow = {
  id: '0b6a3c59-0000-4000-8000-000000000001',
  payu_order_id: 'KT123456789',
  created_at: '2026-11-24T08:00:00Z',
  status: 'pending',
  total: 120,
  delivery_method: 'store',
  delivery_address: null,
  customer_name: 'Anna Nowak',
  customer_email: 'anna@example.pl',
  customer_phone: '+48 600 100 200',
  payment_method: 'transfer',
  payu_status: null,
  tracking_number: null,
  tracking_url: null,
  mail_jobs: [
    {
      kind: 'owner-new-order',
      recipient: 'sklep@example.pl',
      state: 'failed',
      attempts: 6,
      last_error: 'connect ECONNREFUSED 127.0.0.1:54325',
      sent_at: null,
      created_at: '2026-11-24T08:00:01Z',
    },
    {
      kind: 'order-confirmation',
      recipient: 'anna@example.pl',
      state: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: '2026-11-24T08:00:05Z',
      created_at: '2026-11-24T08:00:00Z',
    },
    // A kind a newer database knows and this app does not: left out, not shown under a wrong name.
    {
      kind: 'review-request',
      recipient: 'anna@example.pl',
      state: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: null,
      created_at: '2026-11-24T09:00:00Z',
    },
  ],
};

describe("the order's mails in the admin order detail", () => {
  it('lists each mail oldest first with its recipient and state, and why a failed one did not go out', () => {
    const { mails } = toAdminOrder(row);
    expect(mails.map((mail) => mail.kind)).toEqual(['order-confirmation', 'owner-new-order']);

    render(<OrderMails mails={mails} />);
    const [confirmation, ownerNotice] = screen.getAllByRole('listitem');
    expect(within(confirmation!).getByText('Potwierdzenie zamówienia')).toBeTruthy();
    expect(within(confirmation!).getByText('do anna@example.pl')).toBeTruthy();
    expect(confirmation!.textContent).toContain('Wysłano');
    expect(confirmation!.textContent).not.toContain('Ostatni błąd');
    expect(within(ownerNotice!).getByText('Nie udało się wysłać')).toBeTruthy();
    expect(ownerNotice!.textContent).toContain('Próby: 6. Ostatni błąd: connect ECONNREFUSED 127.0.0.1:54325');
  });

  it('says so when an order has no mails (an order from before mail existed)', () => {
    render(<OrderMails mails={toAdminOrder({ ...row, mail_jobs: undefined }).mails} />);
    expect(screen.getByText('Brak wiadomości do tego zamówienia.')).toBeTruthy();
  });
});
