import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

/** /terms, 'Prawo odstąpienia od umowy' (issue 19): the exceptions, the way to withdraw and the model form. */

withBackendMetaAndConsent();

async function withdrawalSection() {
  await renderRoute('/terms');
  const heading = await screen.findByRole('heading', { level: 2, name: 'Prawo odstąpienia od umowy' });
  const section = heading.closest('section')!;
  expect(section.id).toBe('prawo-odstapienia');
  return section;
}

describe('terms: withdrawal', () => {
  it('names the 14 days and the two exceptions with their articles, and the goods that keep the right', async () => {
    const text = (await withdrawalSection()).textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('w ciągu 14 dni');
    expect(text).toMatch(/kwiatach żywych.*art\. 38 ust\. 1 pkt 4 ustawy o prawach konsumenta/);
    expect(text).toMatch(/wieńcach i wiązankach personalizowanych oraz szarfach z Twoim napisem – art\. 38 ust\. 1 pkt 3/);
    expect(text).toContain('kwiatach sztucznych, zniczach, pamiątkach i biżuterii');
  });

  it('links the withdrawal page and offers the model form as a download, saying its format and size', async () => {
    const section = await withdrawalSection();
    expect(within(section).getByRole('link', { name: 'Odstąp od umowy' }).getAttribute('href')).toBe('/odstapienie');
    const form = within(section).getByRole('link', { name: /^Wzór formularza odstąpienia od umowy \(PDF, \d+ kB\)$/ });
    expect(form.getAttribute('href')).toBe('/wzor-formularza-odstapienia-od-umowy.pdf');
    expect(form.getAttribute('download')).toBe('wzor-formularza-odstapienia-od-umowy.pdf');
  });

  it('gives the shop’s address and email from the settings as the addressee', async () => {
    const section = await withdrawalSection();
    expect(section.textContent).toContain('Kwiaciarnia Pod Różą, ul. Przemyska 12, 37-740 Bircza');
    expect(within(section).getByRole('link', { name: 'kontakt@kwiaciarnia.local' }).getAttribute('href')).toBe(
      'mailto:kontakt@kwiaciarnia.local',
    );
  });
});
