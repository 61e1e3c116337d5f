import { addMoney, amountSettingOr, formatPln, fromPln, grosz, type Grosz } from './money.ts';

export const DELIVERY_METHODS = [
  'home',
  'store',
  'cemetery',
  'dpd',
  'dpd-pickup',
  'dpd-cod',
  'inpost',
  'gls',
  'gls-pickup',
  'gls-cod',
  'poczta',
  'poczta-cod',
  'dhl',
  'dhl-cod',
] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Polish names of every delivery method, used wherever one is shown. */
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  home: 'Dostawa do domu',
  store: 'Odbiór osobisty w kwiaciarni',
  cemetery: 'Dostawa na cmentarz',
  dpd: 'Kurier DPD',
  'dpd-pickup': 'DPD – odbiór w punkcie',
  'dpd-cod': 'Kurier DPD – za pobraniem',
  inpost: 'InPost Paczkomat',
  gls: 'Kurier GLS',
  'gls-pickup': 'GLS – odbiór w punkcie',
  'gls-cod': 'Kurier GLS – za pobraniem',
  poczta: 'Poczta Polska',
  'poczta-cod': 'Poczta Polska – za pobraniem',
  dhl: 'Kurier DHL',
  'dhl-cod': 'Kurier DHL – za pobraniem',
};

/** Home and cemetery delivery are driven by the shop itself and priced per km. */
export const LOCAL_DELIVERY_METHODS = ['home', 'cemetery'] as const satisfies readonly DeliveryMethod[];

export const DEFAULT_DELIVERY_METHOD: DeliveryMethod = 'store';

/** Fixed prices of docs/spec.md §9, in grosz. */
export const SHIPPING_PRICES: Record<DeliveryMethod, Grosz> = {
  home: grosz(0),
  store: grosz(0),
  cemetery: grosz(0),
  dpd: grosz(1699),
  'dpd-pickup': grosz(999),
  'dpd-cod': grosz(2600),
  inpost: grosz(1299),
  gls: grosz(1499),
  'gls-pickup': grosz(999),
  'gls-cod': grosz(2300),
  poczta: grosz(1599),
  'poczta-cod': grosz(2299),
  dhl: grosz(1899),
  'dhl-cod': grosz(2799),
};

export const DEFAULT_FREE_SHIPPING_THRESHOLD: Grosz = fromPln(300);

/** The owner's free-shipping threshold from its setting: place-order, the cart and the checkout read it alike. */
export function freeShippingThreshold(setting: string | null | undefined): Grosz {
  return amountSettingOr(setting, DEFAULT_FREE_SHIPPING_THRESHOLD);
}
export const DEFAULT_DELIVERY_RATE_PER_KM: Grosz = fromPln(1.8);

export function isLocalDelivery(method: DeliveryMethod): boolean {
  return (LOCAL_DELIVERY_METHODS as readonly DeliveryMethod[]).includes(method);
}

export function isCashOnDelivery(method: DeliveryMethod): boolean {
  return method.endsWith('-cod');
}

export function isCourier(method: DeliveryMethod): boolean {
  return method !== 'store' && !isLocalDelivery(method);
}

export function needsAddress(method: DeliveryMethod): boolean {
  return method !== 'store';
}

/**
 * Shipping for a fixed-price method: couriers are free from the threshold of
 * products subtotal, except cash on delivery. Local delivery is quoted per km
 * (see localDeliveryCost) and is not handled here.
 */
export function fixedShippingCost(method: DeliveryMethod, subtotal: Grosz, freeThreshold: Grosz = DEFAULT_FREE_SHIPPING_THRESHOLD): Grosz {
  if (freeShippingApplies(method) && subtotal >= freeThreshold) return grosz(0);
  return SHIPPING_PRICES[method];
}

/**
 * calculate-delivery never quotes less than this one-way distance: a trip
 * within the shop's own village still takes a drive, and 0 zł would read as
 * 'not calculated'.
 */
export const MIN_LOCAL_DELIVERY_KM = 2;

/** Local delivery: the rate per km, counted both ways (there and back). */
export function localDeliveryCost(distanceKm: number, ratePerKm: Grosz = DEFAULT_DELIVERY_RATE_PER_KM): Grosz {
  if (!Number.isFinite(distanceKm) || distanceKm < 0) throw new RangeError(`Invalid distance: ${distanceKm}`);
  return grosz(Math.round(distanceKm * 2 * ratePerKm));
}

/** The least local delivery can cost (the shortest trip calculate-delivery quotes): the 'od …' before an address is known. */
export function localDeliveryFromPrice(ratePerKm: Grosz = DEFAULT_DELIVERY_RATE_PER_KM): Grosz {
  return localDeliveryCost(MIN_LOCAL_DELIVERY_KM, ratePerKm);
}

/** Whether reaching the free-shipping threshold makes this method free: couriers, except cash on delivery. */
export function freeShippingApplies(method: DeliveryMethod): boolean {
  return isCourier(method) && !isCashOnDelivery(method);
}

/**
 * What a delivery option costs before an address is known, as the cart and
 * the checkout list it: fixed prices (free from the threshold where that
 * applies), local delivery from its least price (`from`).
 */
export function deliveryOptionPrice(
  method: DeliveryMethod,
  subtotal: Grosz,
  freeThreshold: Grosz,
  ratePerKm: Grosz,
): { amount: Grosz; from: boolean } {
  if (isLocalDelivery(method)) return { amount: localDeliveryFromPrice(ratePerKm), from: true };
  return { amount: fixedShippingCost(method, subtotal, freeThreshold), from: false };
}

/** 'Gratis', '9,99 zł' or 'od 7,20 zł'. */
export function deliveryOptionPriceText(price: { amount: Grosz; from: boolean }): string {
  if (price.from) return `od ${formatPln(price.amount)}`;
  return price.amount === 0 ? 'Gratis' : formatPln(price.amount);
}

/** What is still missing to free courier shipping ('Do darmowej wysyłki brakuje Ci: …'), never below 0. */
export function missingForFreeShipping(subtotal: Grosz, freeThreshold: Grosz = DEFAULT_FREE_SHIPPING_THRESHOLD): Grosz {
  return grosz(Math.max(0, freeThreshold - subtotal));
}

export function orderTotal(subtotal: Grosz, shipping: Grosz): Grosz {
  return addMoney(subtotal, shipping);
}

/**
 * Live flowers travel only with the shop's own driver (docs/spec.md §9: delivered
 * locally, in Przemyśl county and Bircza commune) or are picked up; couriers
 * carry everything else.
 */
export function allowedDeliveryMethods(containsLiveFlowers: boolean): readonly DeliveryMethod[] {
  return containsLiveFlowers ? ['store', ...LOCAL_DELIVERY_METHODS] : DELIVERY_METHODS;
}

export function isDeliveryAllowed(method: DeliveryMethod, containsLiveFlowers: boolean): boolean {
  return allowedDeliveryMethods(containsLiveFlowers).includes(method);
}

/** The category place-order checks; the cart and the checkout read the same one. */
export const LIVE_FLOWERS_CATEGORY = 'live-flowers';

export function linesContainLiveFlowers(lines: readonly { category: string | null }[]): boolean {
  return lines.some((line) => line.category === LIVE_FLOWERS_CATEGORY);
}

/** The chosen method when this cart may use it, else store pickup, as the checkout falls back (live flowers added later). */
export function usableDeliveryMethod(chosen: DeliveryMethod, containsLiveFlowers: boolean): DeliveryMethod {
  return isDeliveryAllowed(chosen, containsLiveFlowers) ? chosen : DEFAULT_DELIVERY_METHOD;
}

export const LIVE_FLOWERS_DELIVERY_NOTE =
  'W koszyku są kwiaty żywe: dowozimy je sami na terenie powiatu przemyskiego i gminy Bircza albo czekają na Ciebie w kwiaciarni.';

export const LIVE_FLOWERS_COURIER_MESSAGE =
  'Kwiaty żywe dostarczamy tylko sami – na terenie powiatu przemyskiego i gminy Bircza – albo do odbioru w kwiaciarni. Wybierz dostawę do domu, na cmentarz lub odbiór osobisty.';

/** The couriers the shop offers, on the cart page and at checkout, in the order of docs/spec.md §9. */
export const OFFERED_COURIERS = [
  'gls-pickup',
  'dpd-pickup',
  'inpost',
  'gls',
  'gls-cod',
  'dpd',
  'dpd-cod',
] as const satisfies readonly DeliveryMethod[];

/** What the checkout offers: pickup, the shop's own delivery, then the couriers of the cart page (docs/spec.md §9). */
export const CHECKOUT_DELIVERY_OPTIONS = ['store', 'home', 'cemetery', ...OFFERED_COURIERS] as const satisfies readonly DeliveryMethod[];
