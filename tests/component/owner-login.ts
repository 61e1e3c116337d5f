import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { renderRoute } from './render-route.tsx';

/**
 * Opens a back-office path as a visitor, signs in on the login page it leads
 * to as the (mocked) owner and waits to be off it. The caller puts the
 * admin's MSW handlers in place first.
 */
export async function openAsMockOwner(path: string) {
  const view = await renderRoute(path);
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  const form = await screen.findByRole('form', { name: 'Logowanie' });
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText('E-mail'), mockCustomer.email);
  await user.type(within(form).getByLabelText('Hasło'), mockCustomer.password);
  await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
  await waitFor(() => expect(view.router.state.location.pathname).not.toBe('/login'));
  return { ...view, user };
}
