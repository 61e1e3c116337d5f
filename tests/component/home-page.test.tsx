import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render-route.tsx';

describe('home page', () => {
  it('links the five categories to the shop with their Polish labels', async () => {
    await renderRoute('/');

    const section = await screen.findByRole('region', { name: 'Wybierz kategorię' });
    const tiles = within(section).getAllByRole('link');
    expect(tiles.map((tile) => [tile.textContent?.trim(), tile.getAttribute('href')])).toEqual([
      ['Kwiaty żywe', '/shop?category=live-flowers'],
      ['Kwiaty sztuczne', '/shop?category=artificial-flowers'],
      ['Znicze', '/shop?category=candles'],
      ['Pamiątki', '/shop?category=souvenirs'],
      ['Prezenty okolicznościowe', '/shop?category=seasonal-gifts'],
    ]);
  });

  it('shows the hero call to action and the three reasons to choose the shop', async () => {
    await renderRoute('/');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).not.toBe('');
    const shopLinks = screen.getAllByRole('link', { name: /Przejdź do sklepu|Zobacz ofertę/ });
    expect(shopLinks.map((link) => link.getAttribute('href'))).toEqual(['/shop', '/shop']);

    const whyUs = screen.getByRole('region', { name: 'Dlaczego my?' });
    const reasons = within(whyUs)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(reasons).toEqual(['Świeże kwiaty', 'Ponad 15 lat doświadczenia', 'Personalizacja']);
  });

  it('offers the four main links in the header', async () => {
    await renderRoute('/');

    const nav = await screen.findByRole('navigation', { name: 'Główna nawigacja' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Strona główna', '/'],
      ['Sklep', '/shop'],
      ['O nas', '/about'],
      ['Kontakt', '/contact'],
    ]);
  });
});
