import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  EMPTY_PRODUCT_FORM,
  productFormSchema,
  toProductInput,
  type ProductFormValues,
  type ProductInput,
} from '../../src/domain/product-schema.ts';
import { PRODUCT_SAFETY_HEADING } from '../../src/domain/product-safety.ts';
import { WITHDRAWAL_RULES } from '../../src/domain/withdrawal-right.ts';
import { createProduct, updateProduct } from '../../src/features/admin/products/products-api.ts';
import { WITHDRAWAL_FORM_FILE, WITHDRAWAL_FORM_PATH } from '../../src/features/legal/withdrawal-form.ts';
import { anonClient, appUrl, signedInOwner, signedUpCustomer, withDatabase } from '../support/test-backend.ts';

/** The product's withdrawal rule and GPSR details (issue 19) against the real database, RLS and the server-rendered page. */

const created: string[] = [];

afterAll(async () => {
  await withDatabase((db) => db.query('delete from products where id = any($1::uuid[])', [created]));
});

/** A product as the admin form would save it (the form's own schema, so new form fields come along). */
function formInput(values: Partial<ProductFormValues>): ProductInput {
  return toProductInput(
    v.parse(productFormSchema, {
      ...EMPTY_PRODUCT_FORM,
      description: 'Produkt do testów informacji prawnych.',
      price: '25',
      stock: '10',
      imageUrl: '/products/znicz-czerwony-klasyczny.svg',
      ...values,
    }),
  );
}

const safety = {
  manufacturerName: 'Wytwórnia Testowa sp. z o.o.',
  manufacturerAddress: 'ul. Testowa 7, 37-700 Przemyśl, Polska',
  manufacturerContact: 'testy@wytwornia.example',
  safetyWarnings: 'Nie zostawiaj palącego się znicza bez nadzoru.',
};

async function ownerProduct(values: Partial<ProductFormValues>) {
  const product = await createProduct(formInput(values), await signedInOwner());
  created.push(product.id);
  return product;
}

async function storedLegal(id: string) {
  return withDatabase(
    async (db) =>
      (
        await db.query(
          'select withdrawal_rule, manufacturer_name, manufacturer_address, manufacturer_contact, safety_warnings from products where id = $1',
          [id],
        )
      ).rows[0],
  );
}

function rootMarkup(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html);
  if (!match) throw new Error('No #root in the page');
  // React separates neighbouring text parts with empty comments.
  return match[1]!.replaceAll('<!-- -->', '');
}

function catalogSnapshot(html: string): Array<Record<string, unknown>> {
  const match = /<script type="application\/json" id="catalogue-snapshot">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('No catalogue snapshot in the page');
  return JSON.parse(match[1]!) as Array<Record<string, unknown>>;
}

async function page(path: string): Promise<string> {
  const response = await fetch(appUrl(path));
  expect(response.status).toBe(200);
  return response.text();
}

describe('product legal details', () => {
  it('the owner saves the withdrawal rule and the GPSR details; the storefront (anon) reads them', async () => {
    const owner = await signedInOwner();
    const product = await ownerProduct({ name: 'Znicz do testu GPSR', category: 'candles' });
    expect(product).toMatchObject({ withdrawal_rule: 'category', manufacturer_name: null, safety_warnings: null });

    const changes = formInput({ name: 'Znicz do testu GPSR', category: 'candles', withdrawalRule: 'personalised', ...safety });
    await updateProduct(product.id, changes, owner);
    const expected = {
      withdrawal_rule: 'personalised',
      manufacturer_name: safety.manufacturerName,
      manufacturer_address: safety.manufacturerAddress,
      manufacturer_contact: safety.manufacturerContact,
      safety_warnings: safety.safetyWarnings,
    };
    expect(await storedLegal(product.id)).toEqual(expected);
    const { data } = await anonClient()
      .from('products')
      .select('withdrawal_rule, manufacturer_name, manufacturer_address, manufacturer_contact, safety_warnings')
      .eq('id', product.id)
      .single();
    expect(data).toEqual(expected);
  });

  it('refuses a customer’s and anon’s change of the rule or the details (RLS)', async () => {
    const product = await ownerProduct({ name: 'Znicz bez zmian', category: 'candles', ...safety });
    const { client: customer } = await signedUpCustomer('legal-no-admin');

    await expect(updateProduct(product.id, { withdrawal_rule: 'returnable', manufacturer_name: 'Podrobiony' }, customer)).rejects.toThrow();
    await anonClient().from('products').update({ manufacturer_name: 'Podrobiony', withdrawal_rule: 'perishable' }).eq('id', product.id);
    expect(await storedLegal(product.id)).toMatchObject({ withdrawal_rule: 'category', manufacturer_name: safety.manufacturerName });
  });

  it('the database refuses an unknown rule and an empty or over-long detail, whoever writes', async () => {
    const owner = await signedInOwner();
    const product = await ownerProduct({ name: 'Znicz ograniczeń', category: 'candles' });
    const refused = async (changes: Record<string, unknown>) => {
      const { error } = await owner.from('products').update(changes).eq('id', product.id).select('id').single();
      return error?.code;
    };
    expect(await refused({ withdrawal_rule: 'never' })).toBe('23514');
    expect(await refused({ withdrawal_rule: '' })).toBe('23514');
    expect(await refused({ manufacturer_name: '   ' })).toBe('23514');
    expect(await refused({ manufacturer_address: 'x'.repeat(501) })).toBe('23514');
    expect(await refused({ safety_warnings: 'x'.repeat(2001) })).toBe('23514');
    await expect(
      withDatabase((db) => db.query("update products set withdrawal_rule = 'sometimes' where id = $1", [product.id])),
    ).rejects.toMatchObject({ code: '23514' });
    // Every rule the shop knows is accepted.
    for (const rule of WITHDRAWAL_RULES) expect(await refused({ withdrawal_rule: rule })).toBeUndefined();
  });

  it('seeds every non-floral product with placeholder GPSR details marked as such, and live flowers with none', async () => {
    const rows = await withDatabase(
      async (db) =>
        (
          await db.query<{
            category: string;
            manufacturer_name: string | null;
            manufacturer_address: string | null;
            manufacturer_contact: string | null;
          }>(
            'select category, manufacturer_name, manufacturer_address, manufacturer_contact from products where id::text in (select unnest($1::text[]))',
            [SEEDED_IDS],
          )
        ).rows,
    );
    expect(rows).toHaveLength(SEEDED_IDS.length);
    for (const row of rows) {
      if (row.category === 'live-flowers') {
        expect(row.manufacturer_name).toBeNull();
      } else {
        expect(row.manufacturer_name).toMatch(/\(dane przykładowe — do uzupełnienia\)$/);
        expect(row.manufacturer_address).toContain('(dane przykładowe)');
        expect(row.manufacturer_contact).toContain('(dane przykładowe)');
      }
    }
  });
});

/** Seeded products of every category (supabase/seed.sql). */
const SEEDED_IDS = [
  '811546a5-832e-49cf-b3c0-9e29122b2d96', // Bukiet czerwonych róż
  '83f26a72-645b-4406-a466-2aed0712dad5', // Wieniec z chryzantem
  'd00dcbee-904f-4aa2-86fe-79df4a2ab92f', // Znicz czerwony klasyczny
  '8c58a012-69d3-4104-808e-7008ac5b1be8', // Kubek z widokiem Przemyśla
  '0e52c1e0-be84-4b92-97b2-8dedae25d202', // Miś z sercem
  'c82b8a66-b15a-42ae-8d7a-ded1d2f8731f', // Kolczyki srebrne – listki
];

describe('server-rendered product page', () => {
  it('a candle’s page carries the safety section in its HTML and its details in the catalogue snapshot', async () => {
    const candle = await ownerProduct({ name: 'Znicz SSR z danymi producenta', category: 'candles', ...safety });
    const html = await page(`/product/${candle.id}`);
    const markup = rootMarkup(html);
    expect(markup).toContain(PRODUCT_SAFETY_HEADING);
    expect(markup).toContain(safety.manufacturerName);
    expect(markup).toContain(safety.manufacturerContact);
    expect(markup).toContain('Możesz odstąpić od umowy w ciągu 14 dni');
    expect(markup).not.toContain('Nie podlega zwrotowi');
    expect(catalogSnapshot(html).find((row) => row.id === candle.id)).toMatchObject({
      withdrawal_rule: 'category',
      manufacturer_name: safety.manufacturerName,
      safety_warnings: safety.safetyWarnings,
    });
  });

  it('a live bouquet’s page has no safety section, and says it has no right of withdrawal and why', async () => {
    // Details given by mistake to live flowers are not shown either.
    const bouquet = await ownerProduct({ name: 'Bukiet SSR z żywych kwiatów', category: 'live-flowers', ...safety });
    const markup = rootMarkup(await page(`/product/${bouquet.id}`));
    expect(markup).toContain('Bukiet SSR z żywych kwiatów');
    expect(markup).not.toContain(PRODUCT_SAFETY_HEADING);
    expect(markup).not.toContain(safety.manufacturerName);
    expect(markup).toContain('Nie podlega zwrotowi');
    expect(markup).toContain('art. 38 ust. 1 pkt 4 ustawy o prawach konsumenta');
  });
});

describe('the built app', () => {
  const dist = resolve(import.meta.dirname, '..', '..', 'dist');
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));

  it('serves the model withdrawal form as a PDF, and the service worker does not precache it', async () => {
    const response = await fetch(appUrl(WITHDRAWAL_FORM_PATH));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
    expect(worker).toContain('index.html');
    expect(worker).not.toContain(WITHDRAWAL_FORM_FILE);
  });

  it('ships no mention of the closed EU ODR platform', () => {
    const text = filesUnder(dist).filter((file) => /\.(js|html|css|json|webmanifest|svg)$/.test(file));
    expect(text.length).toBeGreaterThan(10);
    for (const file of text) {
      const content = readFileSync(file, 'utf8');
      expect(content, file).not.toMatch(/ec\.europa\.eu\/consumers\/odr|platform\w*\s+ODR/i);
    }
  });
});
