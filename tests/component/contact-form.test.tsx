import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { COOKIE_CONSENT_KEY } from '../../src/features/shell/cookie-consent.ts';
import { resetPublicSettingsForTests } from '../../src/lib/public-settings.ts';
import { renderRoute } from './render-route.tsx';

const ERROR_TEXT = 'Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować później lub skontaktować się telefonicznie.';

// The map iframe must not reach openstreetmap.org from a test.
const happyDom = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM;
if (happyDom) happyDom.settings.disableIframePageLoading = true;

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
  resetPublicSettingsForTests();
});

async function openContactForm() {
  await renderRoute('/contact');
  const form = await screen.findByRole('form', { name: 'Formularz kontaktowy' });
  return { form, user: userEvent.setup() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(within(form).getByLabelText('Imię i nazwisko'), 'Anna Kowalska');
  await user.type(within(form).getByLabelText('E-mail'), 'anna@example.pl');
  await user.selectOptions(within(form).getByLabelText('Temat'), 'order');
  await user.type(within(form).getByLabelText('Wiadomość'), 'Proszę o bukiet na sobotę.');
}

describe('contact page', () => {
  it('shows details, opening hours and the map from the public settings', async () => {
    await renderRoute('/contact');

    const main = await screen.findByRole('main');
    await within(main).findByText('ul. Przemyska 12, 37-740 Bircza', { selector: 'address p' });
    expect(within(main).getByRole('link', { name: '+48 16 672 10 20' }).getAttribute('href')).toBe('tel:+48166721020');
    expect(within(main).getByText('8:30–15:30')).toBeTruthy();
    const map = within(main).getByTitle('Mapa dojazdu');
    expect(map.getAttribute('src')).toContain('https://www.openstreetmap.org/export/embed.html');
    expect(map.getAttribute('loading')).toBe('lazy');
  });

  it('shows the Polish required messages beside the fields on an empty submit', async () => {
    const { form, user } = await openContactForm();
    await user.click(within(form).getByRole('button', { name: 'Wyślij wiadomość' }));

    const expectations = [
      ['Imię i nazwisko', 'Imię i nazwisko jest wymagane'],
      ['E-mail', 'Adres e-mail jest wymagany'],
      ['Temat', 'Wybierz temat wiadomości'],
      ['Wiadomość', 'Wiadomość jest wymagana'],
    ] as const;
    for (const [label, message] of expectations) {
      const field = within(form).getByLabelText(label);
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      const describedBy = field.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.textContent).toBe(message);
    }
    expect(
      within(form)
        .getByLabelText(/Telefon/)
        .getAttribute('aria-invalid'),
    ).toBeNull();
  });

  it('sends the message, thanks the customer and clears the form', async () => {
    let sent: unknown;
    server.use(
      http.post('*/functions/v1/send-contact-email', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const { form, user } = await openContactForm();
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Wyślij wiadomość' }));

    expect(await within(form).findByText('Dziękujemy za wiadomość!')).toBeTruthy();
    expect(sent).toEqual({
      name: 'Anna Kowalska',
      email: 'anna@example.pl',
      phone: '',
      subject: 'order',
      message: 'Proszę o bukiet na sobotę.',
    });
    expect((within(form).getByLabelText('Imię i nazwisko') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Wiadomość') as HTMLTextAreaElement).value).toBe('');
    expect(within(form).queryByText('Imię i nazwisko jest wymagane')).toBeNull();
  });

  it('disables the button while sending, then shows the error and keeps the typed values on a 500', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.post('*/functions/v1/send-contact-email', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ error: 'internal_error' }, { status: 500 });
      }),
    );
    const { form, user } = await openContactForm();
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Wyślij wiadomość' }));

    const sending = await within(form).findByRole('button', { name: 'Wysyłanie...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    release();

    expect((await within(form).findByRole('alert')).textContent).toBe(ERROR_TEXT);
    expect((within(form).getByLabelText('Imię i nazwisko') as HTMLInputElement).value).toBe('Anna Kowalska');
    expect((within(form).getByLabelText('Wiadomość') as HTMLTextAreaElement).value).toBe('Proszę o bukiet na sobotę.');
    expect((within(form).getByRole('button', { name: 'Wyślij wiadomość' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
