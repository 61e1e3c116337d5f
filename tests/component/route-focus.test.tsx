import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { focusMainHeading } from '../../src/lib/route-focus.ts';
import { COOKIE_CONSENT_KEY } from '../../src/features/shell/cookie-consent.ts';
import { renderRoute } from './render-route.tsx';

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
});

describe('focus after navigation', () => {
  it('stays with the browser on the first page, then moves to the new page’s main heading after a link', async () => {
    const { router } = await renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'O nas' });
    expect(document.activeElement).toBe(document.body);

    await userEvent.setup().click(await screen.findByRole('link', { name: 'Regulamin' }, { timeout: 5000 }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Regulamin' }, { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(router.state.location.pathname).toBe('/terms');
  });

  it('keeps the focus where it is when only the search changes', async () => {
    const { router } = await renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'O nas' });
    const link = screen.getAllByRole('link', { name: 'Kontakt' })[0]!;
    link.focus();
    await act(() => router.navigate({ to: '/about', search: { x: '1' } as never }));
    expect(document.activeElement).toBe(link);
  });

  it('leaves the focus in a field the user tapped before the focus code arrived (typing goes on there)', async () => {
    document.body.innerHTML = '<main id="main"><h1>Zaloguj się</h1><form><input aria-label="E-mail" /></form></main>';
    const link = document.createElement('a');
    // The link that navigated was focused, then removed with the old page: the focus fell back to <body>.
    const field = screen.getByLabelText('E-mail');
    field.focus();
    focusMainHeading(document, link);
    expect(document.activeElement).toBe(field);

    // Nobody moved it: the heading takes it.
    document.body.focus();
    (document.activeElement as HTMLElement | null)?.blur();
    focusMainHeading(document, link);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Zaloguj się' }));
  });
});
