import { toPln } from '../../src/domain/money.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import {
  ADDRESS_INCOMPLETE,
  ADDRESS_REQUIRED,
  isAddressObjectComplete,
  parseAddressObject,
  parseAddressString,
  type DeliveryAddress,
  type ParsedAddress,
} from './quote.ts';
import { quoteDelivery, type QuoteDeps } from './service.ts';

export interface CalculateDeliveryDeps extends QuoteDeps {
  /** The checkout asks (anon/publishable key or a signed-in user); anything else is 401 before Google is asked. */
  authenticate: Authenticate;
}

/** An address is a few short fields; anything bigger is not one. */
export const MAX_DELIVERY_BODY_BYTES = 8 * 1024;
const MAX_ADDRESS_TEXT = 500;
const MAX_FIELD_TEXT = 200;
const ADDRESS_FIELDS = ['street', 'houseNumber', 'apartment', 'city', 'postalCode'] as const;

function invalidBody(): HttpError {
  return new HttpError(400, 'invalid_body', 'Nieprawidłowe dane adresu dostawy.');
}

function readAddressObject(value: unknown): DeliveryAddress | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidBody();
  const record = value as Record<string, unknown>;
  const field = (name: (typeof ADDRESS_FIELDS)[number]): string => {
    const raw = record[name];
    if (raw === undefined || raw === null) return '';
    if (typeof raw !== 'string' || raw.length > MAX_FIELD_TEXT) throw invalidBody();
    return raw;
  };
  const address: DeliveryAddress = {
    street: field('street'),
    houseNumber: field('houseNumber'),
    apartment: field('apartment'),
    city: field('city'),
    postalCode: field('postalCode'),
  };
  if (ADDRESS_FIELDS.every((name) => address[name].trim() === '')) return null;
  // Its presence says the address is a cemetery's (src/domain/delivery-address.ts).
  if (record.cemetery !== undefined && record.cemetery !== null) {
    if (typeof record.cemetery !== 'string' || record.cemetery.length > MAX_FIELD_TEXT) throw invalidBody();
    address.cemetery = record.cemetery;
  }
  return address;
}

function readAddressText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > MAX_ADDRESS_TEXT) throw invalidBody();
  return value.trim();
}

/** The address to quote: the structured one when given (it is exact), else the spec's single string. */
export function readDeliveryAddress(body: Record<string, unknown>): ParsedAddress {
  const address = readAddressObject(body.address);
  const text = readAddressText(body.destination_address);
  if (address) {
    if (!isAddressObjectComplete(address)) throw new HttpError(400, ADDRESS_INCOMPLETE.error, ADDRESS_INCOMPLETE.message);
    return parseAddressObject(address);
  }
  if (text === '') throw new HttpError(400, ADDRESS_REQUIRED.error, ADDRESS_REQUIRED.message);
  return parseAddressString(text);
}

/**
 * docs/spec.md §7 calculate-delivery: the cost of home or cemetery delivery, per km
 * both ways (docs/spec.md §9), only inside powiat przemyski and gmina Bircza.
 */
export function createCalculateDeliveryHandler(deps: CalculateDeliveryDeps): Handler {
  return postHandler('calculate-delivery', async (request) => {
    await deps.authenticate(request);
    const body = await readJsonObject(request, MAX_DELIVERY_BODY_BYTES);
    const quote = await quoteDelivery(readDeliveryAddress(body), deps);
    return jsonResponse(200, { ...quote, cost: toPln(quote.cost) });
  });
}
