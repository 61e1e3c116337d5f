import {
  DELIVERY_AVAILABILITY_FUNCTION,
  type DeliveryAvailabilityResponse,
  type DeliveryServiceOffer,
} from '../../domain/delivery-availability-contract.ts';
import type { DayAvailability } from '../../domain/delivery-calendar.ts';
import { DEFAULT_DELIVERY_SETTINGS, DELIVERY_SERVICE_IDS, DELIVERY_SERVICE_LABELS } from '../../domain/delivery-settings.ts';
import { toPln } from '../../domain/money.ts';
import { db } from '../../lib/db.ts';
import { callFunction } from '../../lib/functions-client.ts';

/**
 * The delivery-availability answer as the picker uses it: asked of the
 * server, kept on the device (db.meta) so the picker still shows dates
 * offline, marked as a copy then. One store per page: the checkout's picker
 * and its services share one request.
 */

export const AVAILABILITY_META_KEY = 'deliveryAvailability';
/** A newer answer is asked for when the last one is older than this. */
const FRESH_FOR_MS = 60_000;

export interface AvailabilityState {
  answer: DeliveryAvailabilityResponse | null;
  /** True when the answer is the device's copy and the server could not be asked now. */
  stale: boolean;
  loading: boolean;
  /** The server could not be asked and there is no copy. */
  failed: boolean;
}

const INITIAL: AvailabilityState = { answer: null, stale: false, loading: false, failed: false };

let state: AvailabilityState = INITIAL;
let fetchedAt = 0;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setState(next: Partial<AvailabilityState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeAvailability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function availabilitySnapshot(): AvailabilityState {
  return state;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isDay(value: unknown): value is DayAvailability {
  if (!isRecord(value)) return false;
  return (
    typeof value.date === 'string' &&
    typeof value.open === 'boolean' &&
    isRecord(value.delivery) &&
    Array.isArray(value.delivery.windows) &&
    isRecord(value.pickup) &&
    Array.isArray(value.pickup.times)
  );
}

/** The answer if it has the contract's shape (a server answer or a stored copy); null otherwise. */
export function toAvailabilityResponse(value: unknown): DeliveryAvailabilityResponse | null {
  if (!isRecord(value)) return null;
  if (typeof value.generatedAt !== 'string' || typeof value.today !== 'string') return null;
  if (!Array.isArray(value.days) || !value.days.every(isDay)) return null;
  const services = Array.isArray(value.services) ? value.services.filter(isServiceOffer) : [];
  return { generatedAt: value.generatedAt, today: value.today, days: value.days, services };
}

function isServiceOffer(value: unknown): value is DeliveryServiceOffer {
  return (
    isRecord(value) &&
    (DELIVERY_SERVICE_IDS as readonly unknown[]).includes(value.id) &&
    typeof value.price === 'number' &&
    Number.isFinite(value.price) &&
    value.price >= 0
  );
}

/** The services with their prices: the answer's, or the defaults until one came (place-order charges the settings' anyway). */
export function serviceOffers(answer: DeliveryAvailabilityResponse | null): DeliveryServiceOffer[] {
  return DELIVERY_SERVICE_IDS.map(
    (id) =>
      answer?.services.find((offer) => offer.id === id) ?? {
        id,
        label: DELIVERY_SERVICE_LABELS[id],
        price: toPln(DEFAULT_DELIVERY_SETTINGS.servicePrices[id]),
      },
  );
}

async function readCopy(): Promise<DeliveryAvailabilityResponse | null> {
  const record = await db.meta.get(AVAILABILITY_META_KEY).catch(() => undefined);
  return toAvailabilityResponse(record?.value);
}

async function askServer(): Promise<DeliveryAvailabilityResponse | null> {
  try {
    const answer = await callFunction(DELIVERY_AVAILABILITY_FUNCTION, {}, { timeoutMs: 15_000 });
    return answer.ok ? toAvailabilityResponse(answer.body) : null;
  } catch {
    return null;
  }
}

async function load(): Promise<void> {
  setState({ loading: true });
  if (!state.answer) {
    const copy = await readCopy();
    // Shown at once while the server is asked; marked stale until it answers.
    if (copy && !state.answer) setState({ answer: copy, stale: true });
  }
  const fresh = await askServer();
  if (fresh) {
    fetchedAt = Date.now();
    setState({ answer: fresh, stale: false, loading: false, failed: false });
    await db.meta.put({ key: AVAILABILITY_META_KEY, value: fresh }).catch(() => undefined);
    return;
  }
  setState({ loading: false, stale: state.answer !== null, failed: state.answer === null });
}

/**
 * Asks the server unless a fresh answer is at hand (`force`: always, e.g.
 * after place-order refused the chosen slot). Concurrent calls share one request.
 */
export function refreshAvailability(force = false): Promise<void> {
  // A forced ask must see the server after the refusal, not share an answer asked before it.
  if (inFlight) return force ? inFlight.then(() => refreshAvailability(true)) : inFlight;
  if (!force && !state.stale && state.answer && Date.now() - fetchedAt < FRESH_FOR_MS) return Promise.resolve();
  inFlight = load().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Tests start each case from nothing. */
export function resetAvailabilityForTests(): void {
  state = INITIAL;
  fetchedAt = 0;
  inFlight = null;
}
