import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { AccountMenu, type AccountMenuProps } from '../../src/features/shell/account-menu.tsx';

/** The menu's links need a router around them; nothing else of the app. */
async function renderMenu(props: AccountMenuProps) {
  const rootRoute = createRootRoute({ component: () => <AccountMenu {...props} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Panel klienta' }));
  const menu = await screen.findByRole('menu');
  return { user, menu };
}

function entries(menu: HTMLElement) {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => [item.textContent, item.getAttribute('href')]);
}

describe('account menu (Panel klienta)', () => {
  it('offers login, registration and the cart to a guest', async () => {
    const { menu } = await renderMenu({ user: null, onLogout: () => undefined });

    expect(entries(menu)).toEqual([
      ['Zaloguj się', '/login'],
      ['Zarejestruj się', '/register'],
      ['Koszyk', '/cart'],
    ]);
  });

  it('shows a customer their email, account, cart and logout, without the admin link', async () => {
    const onLogout = vi.fn();
    const { user, menu } = await renderMenu({ user: { email: 'anna@example.pl', isAdmin: false }, onLogout });

    expect(within(menu).getByText('anna@example.pl')).toBeTruthy();
    expect(entries(menu)).toEqual([
      ['Moje konto', '/account'],
      ['Koszyk', '/cart'],
      ['Wyloguj się', null],
    ]);

    await user.click(within(menu).getByRole('menuitem', { name: 'Wyloguj się' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('adds the admin panel link for the shop owner', async () => {
    const { menu } = await renderMenu({ user: { email: 'wlasciciel@example.pl', isAdmin: true }, onLogout: () => undefined });

    expect(entries(menu)).toEqual([
      ['Moje konto', '/account'],
      ['Koszyk', '/cart'],
      ['Panel Administratora', '/admin'],
      ['Wyloguj się', null],
    ]);
  });
});
