import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevokeOrderLinks, revokedMessage } from '../../src/features/admin/orders/revoke-order-links.tsx';

describe("'Unieważnij linki do zamówienia' in the admin order detail", () => {
  it('asks first, revokes only on confirmation, and says what was revoked', async () => {
    const calls: string[] = [];
    render(
      <RevokeOrderLinks
        orderId="order-1"
        revoke={async (orderId) => {
          calls.push(orderId);
          return { links: 3, keys: 1 };
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unieważnij linki do zamówienia' }));
    expect(screen.getByText(/Czy na pewno unieważnić wszystkie linki/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nie' }));
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Unieważnij linki do zamówienia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tak, unieważnij' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Unieważniono 3 linki z e-maili i 1 dostęp do płatności. Urządzenie, na którym złożono zamówienie, zachowuje dostęp; klient może poprosić o nowy link.',
    );
    expect(calls).toEqual(['order-1']);
  });

  it('reports a failure as an alert', async () => {
    render(
      <RevokeOrderLinks
        orderId="order-1"
        revoke={async () => {
          throw new Error('offline');
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unieważnij linki do zamówienia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tak, unieważnij' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nie udało się unieważnić linków. Sprawdź połączenie i spróbuj ponownie.');
  });

  it('reads the counts in correct Polish', () => {
    expect(revokedMessage({ links: 0, keys: 0 })).toBe('To zamówienie nie miało aktywnych linków. Nic nie zmieniono.');
    expect(revokedMessage({ links: 1, keys: 0 })).toMatch(/^Unieważniono 1 link z e-maili\. /);
    expect(revokedMessage({ links: 5, keys: 2 })).toMatch(/^Unieważniono 5 linków z e-maili i 2 dostępy do płatności\. /);
  });
});
