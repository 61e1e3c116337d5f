import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

function messageOf(field: HTMLElement) {
  const describedBy = field.getAttribute('aria-describedby') ?? '';
  return document.getElementById(describedBy)?.textContent;
}

async function openForm(path: string, name: string) {
  const view = await renderRoute(path);
  const form = await screen.findByRole('form', { name });
  return { ...view, form, user: userEvent.setup() };
}

describe('/login', () => {
  it('shows the Polish required messages on an empty submit', async () => {
    const { form, user } = await openForm('/login', 'Logowanie');
    await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
    const email = within(form).getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(email)).toBe('Adres e-mail jest wymagany');
    expect(messageOf(within(form).getByLabelText('Hasło'))).toBe('Hasło jest wymagane');
  });

  it('checks the email format', async () => {
    const { form, user } = await openForm('/login', 'Logowanie');
    await user.type(within(form).getByLabelText('E-mail'), 'nie-email');
    await user.type(within(form).getByLabelText('Hasło'), 'cokolwiek');
    await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
    await waitFor(() => expect(messageOf(within(form).getByLabelText('E-mail'))).toBe('Nieprawidłowy format adresu e-mail'));
  });

  it('toggles the password visibility', async () => {
    const { form, user } = await openForm('/login', 'Logowanie');
    const toggle = within(form).getByRole('button', { name: 'Pokaż hasło' });
    const password = within(form).getByLabelText('Hasło');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(password.getAttribute('type')).toBe('text');
  });

  it('shows wrong credentials in Polish', async () => {
    const { form, user } = await openForm('/login', 'Logowanie');
    await user.type(within(form).getByLabelText('E-mail'), mockCustomer.email);
    await user.type(within(form).getByLabelText('Hasło'), 'zle-haslo');
    await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
    expect(await within(form).findByText('Nieprawidłowy e-mail lub hasło')).toBeTruthy();
  });

  it('says in Polish that the address must be confirmed first', async () => {
    server.use(
      http.post('*/auth/v1/token', () =>
        HttpResponse.json(
          { code: 'email_not_confirmed', message: 'Email not confirmed' },
          { status: 400, headers: { 'x-supabase-api-version': '2024-01-01' } },
        ),
      ),
    );
    const { form, user } = await openForm('/login', 'Logowanie');
    await user.type(within(form).getByLabelText('E-mail'), mockCustomer.email);
    await user.type(within(form).getByLabelText('Hasło'), mockCustomer.password);
    await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
    expect(await within(form).findByText(/^Najpierw potwierdź adres e-mail — kliknij link z wiadomości/)).toBeTruthy();
  });

  it('says the address is confirmed when the confirmation link comes back, and drops the code from the address', async () => {
    window.history.replaceState(null, '', '/login?sb_flow_id=abcdef0123456789&code=kod-1');
    await openForm('/login', 'Logowanie');
    expect((await screen.findByText('Adres e-mail został potwierdzony. Możesz się zalogować.')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('reports a lost connection in Polish', async () => {
    server.use(http.post('*/auth/v1/token', () => HttpResponse.error()));
    const { form, user } = await openForm('/login', 'Logowanie');
    await user.type(within(form).getByLabelText('E-mail'), mockCustomer.email);
    await user.type(within(form).getByLabelText('Hasło'), mockCustomer.password);
    await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
    expect(
      await within(form).findByText('Brak połączenia z internetem. Sprawdź połączenie i spróbuj ponownie.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('logs in and goes to the validated redirect path', async () => {
    const { form, user, router } = await openForm('/login?redirect=/favourites', 'Logowanie');
    await user.type(within(form).getByLabelText('E-mail'), mockCustomer.email);
    await user.type(within(form).getByLabelText('Hasło'), mockCustomer.password);
    await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/favourites'));
  });

  it('ignores an off-site redirect and goes home', async () => {
    const { form, user, router } = await openForm('/login?redirect=//evil.example', 'Logowanie');
    await user.type(within(form).getByLabelText('E-mail'), mockCustomer.email);
    await user.type(within(form).getByLabelText('Hasło'), mockCustomer.password);
    await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('links to /register', async () => {
    const { form } = await openForm('/login', 'Logowanie');
    expect(within(form).getByRole('link', { name: 'Zarejestruj się' }).getAttribute('href')).toBe('/register');
  });
});

describe('/register', () => {
  async function fill(form: HTMLElement, user: ReturnType<typeof userEvent.setup>, email: string, password: string, confirm = password) {
    await user.type(within(form).getByLabelText('E-mail'), email);
    await user.type(within(form).getByLabelText('Hasło'), password);
    await user.type(within(form).getByLabelText('Powtórz hasło'), confirm);
    await user.click(within(form).getByRole('button', { name: 'Zarejestruj się' }));
  }

  it('requires 6 characters and matching passwords', async () => {
    const { form, user } = await openForm('/register', 'Rejestracja');
    await fill(form, user, 'nowy@example.com', '12345', '54321');
    await waitFor(() => expect(messageOf(within(form).getByLabelText('Hasło'))).toBe('Hasło musi mieć co najmniej 6 znaków'));
    expect(messageOf(within(form).getByLabelText('Powtórz hasło'))).toBe('Hasła nie są identyczne');
  });

  it('shows an already registered email in Polish', async () => {
    const { form, user } = await openForm('/register', 'Rejestracja');
    await fill(form, user, mockCustomer.email, 'dobre-haslo');
    expect(await within(form).findByText('Konto z tym adresem e-mail już istnieje')).toBeTruthy();
  });

  it("shows the server's weak password in Polish", async () => {
    server.use(
      http.post('*/auth/v1/signup', () =>
        HttpResponse.json(
          { code: 'weak_password', msg: 'Password is known to be weak', weak_password: { reasons: ['pwned'] } },
          { status: 422, headers: { 'x-supabase-api-version': '2024-01-01' } },
        ),
      ),
    );
    const { form, user } = await openForm('/register', 'Rejestracja');
    await fill(form, user, 'nowy@example.com', 'haslo123');
    expect(await within(form).findByText('Hasło jest zbyt słabe — użyj co najmniej 6 znaków')).toBeTruthy();
  });

  it('registers, signs in as a customer and goes home', async () => {
    const { form, user, router } = await openForm('/register', 'Rejestracja');
    await fill(form, user, 'nowy@example.com', 'dobre-haslo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['a new address', [{ id: 'u1', provider: 'email' }]],
    // GoTrue's made-up user for an address that already has an account: the page must not tell the difference.
    ['an address that already has an account', []],
  ])('with confirmations on, says to check the inbox for %s, signed out', async (_case, identities) => {
    const signups: unknown[] = [];
    server.use(
      http.post('*/auth/v1/signup', async ({ request }) => {
        signups.push({ redirectTo: new URL(request.url).searchParams.get('redirect_to'), ...((await request.json()) as object) });
        return HttpResponse.json({
          id: 'u1',
          aud: 'authenticated',
          role: '',
          email: 'nowy@example.com',
          identities,
          created_at: '2026-11-28T00:00:00Z',
        });
      }),
    );
    const { form, user, router } = await openForm('/register', 'Rejestracja');
    await fill(form, user, 'nowy@example.com', 'dobre-haslo');
    expect(await screen.findByRole('heading', { name: 'Sprawdź skrzynkę' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Wysłaliśmy na adres nowy@example.com link potwierdzający rejestrację');
    expect(screen.queryByText('Konto z tym adresem e-mail już istnieje')).toBeNull();
    expect(router.state.location.pathname).toBe('/register');
    expect(signups).toEqual([
      expect.objectContaining({ redirectTo: `${window.location.origin}/login`, code_challenge_method: 's256', email: 'nowy@example.com' }),
    ]);
  });

  it('links to /login', async () => {
    const { form } = await openForm('/register', 'Rejestracja');
    expect(within(form).getByRole('link', { name: 'Zaloguj się' }).getAttribute('href')).toBe('/login');
  });
});
