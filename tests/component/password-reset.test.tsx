import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { AUTH_MESSAGES } from '../../src/features/auth/auth-messages.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

afterEach(() => window.history.replaceState(null, '', '/'));

function messageOf(field: HTMLElement) {
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
}

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A recovery access token shaped like GoTrue's, for the mocked backend. */
function recoveryToken(): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { sub: mockCustomer.id, email: mockCustomer.email, role: 'authenticated', aud: 'authenticated', exp, session_id: 's1' };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.sig`;
}

const user = {
  id: mockCustomer.id,
  aud: 'authenticated',
  role: 'authenticated',
  email: mockCustomer.email,
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: {},
  created_at: '2026-11-01T00:00:00.000Z',
};

/** supabase-js's verifier entry for the mocked backend (http://backend.test), as resetPasswordForEmail leaves it. */
const VERIFIER_KEY = 'sb-backend-auth-token-code-verifier';
const VERIFIER = 'weryfikator-'.padEnd(56, 'x');

/** Arrives as from the mailed link: GoTrue's PKCE redirect puts the code (or the error) in the query. */
async function arriveWith(search: string, { verifier = true }: { verifier?: boolean } = {}) {
  if (verifier) window.localStorage.setItem(VERIFIER_KEY, JSON.stringify(`${VERIFIER}/recovery`));
  window.history.replaceState(null, '', `/reset-password?${search}`);
  const view = await renderRoute('/reset-password');
  return { ...view, user: userEvent.setup() };
}

/** GoTrue's answer to POST /token?grant_type=pkce with the right verifier; the exchanges are kept. */
function exchangeAnswers(exchanges: unknown[]) {
  return http.post('*/auth/v1/token', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    exchanges.push({ grant: new URL(request.url).searchParams.get('grant_type'), ...body });
    return HttpResponse.json({
      access_token: recoveryToken(),
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      refresh_token: 'r1',
      user,
    });
  });
}

afterEach(() => window.localStorage.clear());

describe('/login', () => {
  it("links to the reset with 'Nie pamiętasz hasła?'", async () => {
    const { router } = await renderRoute('/login');
    const form = await screen.findByRole('form', { name: 'Logowanie' });
    await userEvent.setup().click(within(form).getByRole('link', { name: 'Nie pamiętasz hasła?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
  });
});

describe('/reset-password without a link', () => {
  it('asks for a valid email before sending', async () => {
    await renderRoute('/reset-password');
    const form = await screen.findByRole('form', { name: 'Przypomnienie hasła' });
    const email = within(form).getByLabelText('E-mail');
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Wyślij link' }));
    await waitFor(() => expect(messageOf(email)).toBe('Adres e-mail jest wymagany'));
  });

  it('sends the request with the way back to this page, and answers the same whatever the address', async () => {
    const requests: { email: unknown; redirectTo: string | null }[] = [];
    server.use(
      http.post('*/auth/v1/recover', async ({ request }) => {
        const body = (await request.json()) as { email?: unknown };
        requests.push({ email: body.email, redirectTo: new URL(request.url).searchParams.get('redirect_to') });
        return HttpResponse.json({});
      }),
    );
    await renderRoute('/reset-password');
    const form = await screen.findByRole('form', { name: 'Przypomnienie hasła' });
    const ui = userEvent.setup();
    await ui.type(within(form).getByLabelText('E-mail'), 'ktokolwiek@example.test');
    await ui.click(within(form).getByRole('button', { name: 'Wyślij link' }));
    // By its text: the header's cart button has a live region of its own, which appears once its chunk has loaded.
    const answer = await screen.findByText(AUTH_MESSAGES.resetRequested);
    expect(answer.closest('[role="status"]')).not.toBeNull();
    expect(requests).toEqual([{ email: 'ktokolwiek@example.test', redirectTo: `${window.location.origin}/reset-password` }]);
    expect(screen.getByRole('button', { name: 'Wyślij link ponownie' })).toBeTruthy();
  });

  it('says in Polish when too many requests came from here', async () => {
    server.use(
      http.post('*/auth/v1/recover', () =>
        HttpResponse.json(
          { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
          { status: 429, headers: { 'x-supabase-api-version': '2024-01-01' } },
        ),
      ),
    );
    await renderRoute('/reset-password');
    const form = await screen.findByRole('form', { name: 'Przypomnienie hasła' });
    const ui = userEvent.setup();
    await ui.type(within(form).getByLabelText('E-mail'), 'anna@example.test');
    await ui.click(within(form).getByRole('button', { name: 'Wyślij link' }));
    expect(await within(form).findByText(AUTH_MESSAGES.resetRateLimited)).toBeTruthy();
  });
});

describe('/reset-password from the mailed link', () => {
  it('says an expired or used link plainly and offers a new one', async () => {
    await arriveWith('error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    expect((await screen.findByText(AUTH_MESSAGES.resetLinkExpired)).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('form', { name: 'Przypomnienie hasła' })).toBeTruthy();
    // The error does not stay in the address.
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('says a link that carried tokens in its fragment is invalid, and offers a new one', async () => {
    await arriveWith('link=invalid', { verifier: false });
    expect((await screen.findByText(AUTH_MESSAGES.resetLinkInvalid)).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('form', { name: 'Przypomnienie hasła' })).toBeTruthy();
  });

  it('says a link opened in another browser (no code verifier here) must be opened where it was asked for', async () => {
    const exchanges: unknown[] = [];
    server.use(exchangeAnswers(exchanges));
    await arriveWith('code=kod-1', { verifier: false });
    expect((await screen.findByText(AUTH_MESSAGES.resetLinkOtherBrowser)).getAttribute('role')).toBe('alert');
    expect(exchanges).toEqual([]);
  });

  it("exchanges the code with this browser's verifier, checks the new password typed twice, saves it, and lands signed in", async () => {
    const saved: unknown[] = [];
    const exchanges: unknown[] = [];
    server.use(
      exchangeAnswers(exchanges),
      http.get('*/auth/v1/user', () => HttpResponse.json(user)),
      http.put('*/auth/v1/user', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(user);
      }),
    );
    const { router, user: ui } = await arriveWith('code=kod-2');
    const form = await screen.findByRole('form', { name: 'Nowe hasło' });
    expect(within(form).getByText(mockCustomer.email)).toBeTruthy();
    expect(exchanges).toEqual([{ grant: 'pkce', auth_code: 'kod-2', code_verifier: VERIFIER }]);
    // The code does not stay in the address bar, nor the verifier in storage.
    expect(window.location.search).toBe('');
    expect(window.localStorage.getItem(VERIFIER_KEY)).toBeNull();

    const password = within(form).getByLabelText('Nowe hasło');
    const repeated = within(form).getByLabelText('Powtórz hasło');
    await ui.type(password, '12345');
    await ui.type(repeated, '54321');
    await ui.click(within(form).getByRole('button', { name: 'Zapisz nowe hasło' }));
    await waitFor(() => expect(messageOf(password)).toBe('Hasło musi mieć co najmniej 6 znaków'));
    expect(messageOf(repeated)).toBe('Hasła nie są identyczne');
    expect(saved).toEqual([]);

    await ui.click(within(form).getByRole('checkbox', { name: 'Pokaż hasła' }));
    expect(password.getAttribute('type')).toBe('text');
    await ui.clear(password);
    await ui.clear(repeated);
    await ui.type(password, 'nowe-haslo-456');
    await ui.type(repeated, 'nowe-haslo-456');
    await ui.click(within(form).getByRole('button', { name: 'Zapisz nowe hasło' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(saved).toEqual([expect.objectContaining({ password: 'nowe-haslo-456' })]);
    // /account is a lazily loaded route: on a busy machine its code takes more than the default second to arrive.
    expect(await screen.findByText(AUTH_MESSAGES.passwordChanged, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the server refusing the same password again in Polish', async () => {
    server.use(
      exchangeAnswers([]),
      http.get('*/auth/v1/user', () => HttpResponse.json(user)),
      http.put('*/auth/v1/user', () =>
        HttpResponse.json(
          { code: 'same_password', message: 'New password should be different from the old password.' },
          { status: 422, headers: { 'x-supabase-api-version': '2024-01-01' } },
        ),
      ),
    );
    const { user: ui } = await arriveWith('code=kod-3');
    const form = await screen.findByRole('form', { name: 'Nowe hasło' });
    await ui.type(within(form).getByLabelText('Nowe hasło'), mockCustomer.password);
    await ui.type(within(form).getByLabelText('Powtórz hasło'), mockCustomer.password);
    await ui.click(within(form).getByRole('button', { name: 'Zapisz nowe hasło' }));
    expect(await within(form).findByText(AUTH_MESSAGES.samePassword)).toBeTruthy();
  });

  it('treats a code the server no longer knows as expired', async () => {
    server.use(
      http.post('*/auth/v1/token', () =>
        HttpResponse.json(
          { code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' },
          { status: 404, headers: { 'x-supabase-api-version': '2024-01-01' } },
        ),
      ),
    );
    await arriveWith('code=kod-4');
    expect((await screen.findByText(AUTH_MESSAGES.resetLinkExpired)).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('form', { name: 'Przypomnienie hasła' })).toBeTruthy();
  });
});
