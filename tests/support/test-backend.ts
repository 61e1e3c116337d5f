import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import { bookingRange, deliveryAvailability } from '../../src/domain/delivery-calendar.ts';
import { DEFAULT_DELIVERY_SETTINGS } from '../../src/domain/delivery-settings.ts';
import { bookingKind } from '../../src/domain/florist-order.ts';
import type { DeliveryMethod } from '../../src/domain/delivery.ts';

export interface TestBackend {
  url: string;
  appUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  databaseUrl: string;
  ownerEmail: string;
  ownerPassword: string;
  /** The current-style API keys (`sb_publishable_…` public, `sb_secret_…` server-only), beside the legacy JWT keys. */
  publishableKey: string;
  secretKey: string;
  /** The backend's data folder (its secrets.json signs tokens for the token tests). */
  dataDir: string;
  /** Where the Edge Functions run, and their processes as started (Deno), for the runtime tests. */
  functions: { kind: 'deno' | 'node'; processes: { name: string; pid: number; bundle: string }[] };
  /** The backend's MailDev (web inbox and REST API base); read it with tests/support/maildev.ts. */
  mailUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    backend: TestBackend;
  }
}

export function testBackend(): TestBackend {
  return inject('backend');
}

/** An absolute address of the served app. */
export function appUrl(path: string): string {
  return new URL(path, testBackend().appUrl).toString();
}

/** A supabase-js client configured as the app configures it, minus browser storage. */
export function anonClient(): SupabaseClient {
  const { url, anonKey } = testBackend();
  return createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

export function serviceClient(): SupabaseClient {
  const { url, serviceRoleKey } = testBackend();
  return createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Registers a new customer and returns a client signed in as them. */
export async function signedUpCustomer(
  label: string,
  password = 'haslo-123456',
): Promise<{ client: SupabaseClient; userId: string; email: string }> {
  const client = anonClient();
  const email = uniqueEmail(label);
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw new Error(`signup failed: ${error?.message}`);
  return { client, userId: data.user.id, email };
}

export async function signedInOwner(): Promise<SupabaseClient> {
  const { ownerEmail, ownerPassword } = testBackend();
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: ownerEmail, password: ownerPassword });
  if (error) throw new Error(`owner sign-in failed: ${error.message}`);
  return client;
}

/** Direct SQL as the superuser, for arranging and checking state behind the API. */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testBackend().databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface CatalogRow {
  id: string;
  name: string;
  price: number;
  category: string;
}

export async function someProducts(count: number): Promise<CatalogRow[]> {
  const { data, error } = await anonClient()
    .from('products')
    .select('id, name, price, category, sizes:product_sizes(id)')
    .gt('price', 0)
    // Products the whole suite can keep ordering: made to order, or stocked deep enough not to run out.
    .or('made_to_order.eq.true,stock.gte.100')
    .order('created_at', { ascending: false });
  if (error || !data) throw new Error(`loading products failed: ${error?.message}`);
  // Sold as one: a product in sizes needs a size on each line (product-sizes.test.ts orders those).
  return (data as (CatalogRow & { sizes: unknown[] })[])
    .filter((row) => row.sizes.length === 0)
    .slice(0, count)
    .map(({ sizes: _sizes, ...row }) => row);
}

/**
 * A slot chosen this many minutes ahead of now is still bookable when the
 * request arrives, however slow the test: a test never depends on the hour
 * it runs at.
 */
const SLOT_MARGIN_MINUTES = 30;

/** The days the shop can book from now on, by the default 'Dostawy' settings and no places taken. */
function bookableDays(now: number) {
  const at = now + SLOT_MARGIN_MINUTES * 60_000;
  return deliveryAvailability({ settings: DEFAULT_DELIVERY_SETTINGS, now: at, ...bookingRange(DEFAULT_DELIVERY_SETTINGS, at), booked: [] });
}

/** The first store pickup date and hour available now (default settings). */
export function nextPickupSlot(now = Date.now()): { deliveryDate: string; pickupTime: string } {
  for (const day of bookableDays(now)) {
    const time = day.pickup.times.find((candidate) => candidate.available);
    if (time) return { deliveryDate: day.date, pickupTime: time.time };
  }
  throw new Error('no pickup slot in the booking horizon');
}

export interface BookableWindow {
  deliveryDate: string;
  deliveryWindow: string;
  label: string;
}

/** Every home/cemetery window available from now on (default settings, nothing booked), earliest first. */
export function bookableWindows(now = Date.now()): BookableWindow[] {
  return bookableDays(now).flatMap((day) =>
    day.delivery.windows
      .filter((window) => window.available)
      .map((window) => ({ deliveryDate: day.date, deliveryWindow: window.id, label: window.label })),
  );
}

/**
 * The first home/cemetery window available now. `onDay` skips to the n-th
 * bookable day, so a test that fills a window or a day (capacity 5 / 20)
 * takes a day of its own and never collides with the suite's other orders.
 */
export function nextDeliveryWindow(options: { onDay?: number; now?: number } = {}): BookableWindow {
  const windows = bookableWindows(options.now);
  const dates = [...new Set(windows.map((window) => window.deliveryDate))];
  const date = dates[options.onDay ?? 0];
  const window = windows.find((candidate) => candidate.deliveryDate === date);
  if (!window) throw new Error(`no bookable delivery day number ${options.onDay ?? 0}`);
  return window;
}

/**
 * The bookable days a checkout's default home or cemetery window is drawn from, at random. The first days are left
 * to the tests that fill a window the server calls free (outbox-slot-refusal and outbox-slot-repick take the first
 * day after today with two free windows), and day 20 on to those that book a day of their own (nextDeliveryWindow's
 * onDay): spread over these 20 windows of 5 places, the suite's other orders never meet a full window, whatever order
 * the test files run in (all of them on tomorrow's first window did, once a filling test had run before them).
 */
const DEFAULT_WINDOW_DAYS = { from: 10, to: 20 };

function defaultDeliveryWindow(): BookableWindow {
  const windows = bookableWindows();
  const dates = [...new Set(windows.map((window) => window.deliveryDate))].slice(DEFAULT_WINDOW_DAYS.from, DEFAULT_WINDOW_DAYS.to);
  const candidates = windows.filter((window) => dates.includes(window.deliveryDate));
  const window = candidates[Math.floor(Math.random() * candidates.length)];
  if (!window) throw new Error('no bookable delivery window for a default checkout');
  return window;
}

/** The fields a delivery method needs beyond the buyer: a pickup slot, a window, and for the cemetery the grave. */
export function bookingFieldsFor(deliveryMethod: string): Record<string, string> {
  const kind = bookingKind(deliveryMethod as DeliveryMethod);
  if (kind === 'pickup') return nextPickupSlot();
  if (kind === 'none') return {};
  const { deliveryDate, deliveryWindow } = defaultDeliveryWindow();
  const slot = { deliveryDate, deliveryWindow };
  if (deliveryMethod !== 'cemetery') return slot;
  return { ...slot, cemeteryName: 'Cmentarz Główny', cemeteryLocality: 'Przemyśl', graveDescription: 'Przy głównej alei, trzeci grób' };
}

/** A valid checkout (store pickup by default) with a slot bookable now; overrides win. */
export function checkoutFor(overrides: Record<string, unknown> = {}) {
  const deliveryMethod = typeof overrides.deliveryMethod === 'string' ? overrides.deliveryMethod : 'store';
  return {
    firstName: 'Anna',
    lastName: 'Kowalska',
    email: 'anna.kowalska@example.test',
    phone: '+48 600 100 200',
    street: 'Rynek',
    houseNumber: '5',
    apartment: '',
    city: 'Przemyśl',
    postalCode: '37-700',
    country: 'PL',
    deliveryMethod,
    paymentMethod: 'transfer',
    ...bookingFieldsFor(deliveryMethod),
    ...overrides,
  };
}

export interface FunctionAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Calls an Edge Function through supabase-js, as the app does, and returns status and JSON body. */
export async function invokeFunction(client: SupabaseClient, name: string, body: unknown): Promise<FunctionAnswer> {
  const { data, error, response } = await client.functions.invoke(name, { body: body as Record<string, unknown> });
  if (!error) return { status: response?.status ?? 200, body: data as Record<string, unknown> };
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    return { status: context.status, body: (await context.json()) as Record<string, unknown> };
  }
  throw error;
}

/**
 * A guest's order placed through place-order (one product, the sample checkout with `overrides`): its id, number,
 * and the key the placing device holds (what opens its order page).
 */
export async function placedGuestOrder(
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; number: string; accessKey: string }> {
  const [product] = await someProducts(1);
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor(overrides),
    items: [{ productId: product!.id, quantity: 1 }],
  });
  if (answer.status !== 201) throw new Error(`place-order answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const { id, orderNumber, accessKey } = answer.body.order as { id: string; orderNumber: string; accessKey: string };
  return { id, number: orderNumber, accessKey };
}

/** An order's payment status and status, as stored. */
export async function orderPaymentState(orderId: string): Promise<{ payu_status: string | null; status: string }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ payu_status: string | null; status: string }>(
      'select payu_status, status from orders where id = $1',
      [orderId],
    );
    return rows[0]!;
  });
}
