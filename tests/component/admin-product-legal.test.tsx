import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminCatalogHandlers, adminCatalogStore, type AdminCatalogStore } from '../../mocks/admin-catalog-handlers.ts';
import { server } from '../../mocks/node.ts';
import { ProductsPage } from '../../src/features/admin/products/products-page.tsx';
import { withBackendMetaAndConsent } from './render-route.tsx';

/** The product form's 'Prawo odstąpienia' and 'Bezpieczeństwo produktu (GPSR)' sections (issue 19), against the mocked database. */

withBackendMetaAndConsent();

let store: AdminCatalogStore;
beforeEach(() => {
  store = adminCatalogStore();
  server.use(...adminCatalogHandlers(store));
});

async function openDialog(buttonName: string, dialogName: string) {
  const user = userEvent.setup();
  render(<ProductsPage />);
  await screen.findByRole('list', { name: 'Lista produktów' });
  await user.click(screen.getByRole('button', { name: buttonName }));
  return { user, dialog: await screen.findByRole('dialog', { name: dialogName }) };
}

const effect = (dialog: HTMLElement) => within(dialog).getByTestId('withdrawal-rule-effect').textContent;
const safetySection = (dialog: HTMLElement) => within(dialog).queryByRole('group', { name: 'Bezpieczeństwo produktu (GPSR)' });

describe('admin product form: withdrawal rule and product safety', () => {
  it('shows what the rule means for the chosen category, and the GPSR section only for non-floral products', async () => {
    const { user, dialog } = await openDialog('Dodaj produkt', 'Dodaj produkt');
    const rule = within(dialog).getByLabelText('Prawo odstąpienia') as HTMLSelectElement;
    expect(rule.value).toBe('category');
    expect([...rule.options].map((option) => option.textContent)).toEqual([
      'Według kategorii',
      'Przysługuje prawo odstąpienia',
      'Bez prawa odstąpienia – szybko traci świeżość (art. 38 ust. 1 pkt 4)',
      'Bez prawa odstąpienia – wykonany według specyfikacji klienta (art. 38 ust. 1 pkt 3)',
    ]);
    // A new product starts in live flowers: no right by its category, and no GPSR section.
    expect(effect(dialog)).toBe('Dla kategorii „Kwiaty żywe”: Bez prawa odstąpienia – szybko traci świeżość (art. 38 ust. 1 pkt 4)');
    expect(document.getElementById(rule.getAttribute('aria-describedby')!)?.textContent).toBe(effect(dialog));
    expect(safetySection(dialog)).toBeNull();

    await user.selectOptions(within(dialog).getByLabelText(/Kategoria/), 'candles');
    expect(effect(dialog)).toBe('Dla kategorii „Znicze”: Przysługuje prawo odstąpienia');
    const section = safetySection(dialog)!;
    expect(section).toBeTruthy();
    for (const label of ['Producent', 'Adres producenta', 'Kontakt do producenta', 'Ostrzeżenia i informacje o bezpieczeństwie']) {
      expect(within(section).getByLabelText(label)).toBeTruthy();
    }

    await user.selectOptions(rule, 'personalised');
    expect(effect(dialog)).toBe('Dla tego produktu: Bez prawa odstąpienia – wykonany według specyfikacji klienta (art. 38 ust. 1 pkt 3)');
  });

  it('saves the rule and the manufacturer’s details with the product', async () => {
    const { user, dialog } = await openDialog('Dodaj produkt', 'Dodaj produkt');
    // Pasted, not typed key by key: the test is about what is saved, and stays quick on a busy machine.
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(within(dialog).getByLabelText(/Nazwa/), 'Znicz z grawerem');
    await user.selectOptions(within(dialog).getByLabelText(/Kategoria/), 'candles');
    await fill(within(dialog).getByLabelText(/Opis/), 'Znicz z wygrawerowanym imieniem.');
    await fill(within(dialog).getByLabelText(/^Cena \(zł\)/), '45');
    await fill(within(dialog).getByLabelText(/Adres URL obrazka/), '/products/znicz.svg');
    await user.selectOptions(within(dialog).getByLabelText('Prawo odstąpienia'), 'personalised');
    const section = safetySection(dialog)!;
    await fill(within(section).getByLabelText('Producent'), 'Wytwórnia Zniczy sp. z o.o.');
    await fill(within(section).getByLabelText('Adres producenta'), 'ul. Szklana 1, 37-700 Przemyśl, Polska');
    await fill(within(section).getByLabelText('Kontakt do producenta'), 'biuro@example.test');
    await fill(within(section).getByLabelText('Ostrzeżenia i informacje o bezpieczeństwie'), 'Nie zostawiaj bez nadzoru.');
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj produkt' }));

    expect(await screen.findByText('Dodano produkt „Znicz z grawerem”.')).toBeTruthy();
    expect(store.products.find((product) => product.name === 'Znicz z grawerem')).toMatchObject({
      category: 'candles',
      withdrawal_rule: 'personalised',
      manufacturer_name: 'Wytwórnia Zniczy sp. z o.o.',
      manufacturer_address: 'ul. Szklana 1, 37-700 Przemyśl, Polska',
      manufacturer_contact: 'biuro@example.test',
      safety_warnings: 'Nie zostawiaj bez nadzoru.',
    });
  });

  it('edits a stored product’s details; a cleared field is stored as none', async () => {
    const candle = store.products.find((product) => product.category === 'candles')!;
    Object.assign(candle, {
      withdrawal_rule: 'returnable',
      manufacturer_name: 'Stara Wytwórnia',
      manufacturer_address: 'ul. Dawna 2, Przemyśl',
      manufacturer_contact: '+48 16 000 00 00',
      safety_warnings: 'Stare ostrzeżenie.',
    });
    const { user, dialog } = await openDialog(`Edytuj: ${candle.name}`, 'Edytuj produkt');
    expect((within(dialog).getByLabelText('Prawo odstąpienia') as HTMLSelectElement).value).toBe('returnable');
    const section = safetySection(dialog)!;
    expect((within(section).getByLabelText('Producent') as HTMLInputElement).value).toBe('Stara Wytwórnia');
    await user.clear(within(section).getByLabelText('Ostrzeżenia i informacje o bezpieczeństwie'));
    await user.selectOptions(within(dialog).getByLabelText('Prawo odstąpienia'), 'category');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));

    await waitFor(() => expect(store.products.find((product) => product.id === candle.id)?.safety_warnings).toBeNull());
    expect(store.products.find((product) => product.id === candle.id)).toMatchObject({
      withdrawal_rule: 'category',
      manufacturer_name: 'Stara Wytwórnia',
      manufacturer_contact: '+48 16 000 00 00',
    });
  });
});
