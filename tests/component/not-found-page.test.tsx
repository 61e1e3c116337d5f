import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render-route.tsx';

describe('404 page', () => {
  it('renders the spec texts and a way home for an unknown path', async () => {
    await renderRoute('/to-nie-istnieje/wcale');

    expect(await screen.findByText('404')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Strona nie znaleziona');
    expect(screen.getByText('Przepraszamy, nie możemy znaleźć strony, której szukasz.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Powrót do strony głównej' }).getAttribute('href')).toBe('/');
    // Rendered inside the shell, so the visitor keeps the navigation.
    expect(screen.getByRole('navigation', { name: 'Główna nawigacja' })).toBeTruthy();
  });

  it('is not shown on a known page', async () => {
    await renderRoute('/shop');

    await screen.findByRole('heading', { level: 1, name: 'Sklep' });
    expect(screen.queryByText('Strona nie znaleziona')).toBeNull();
  });
});
