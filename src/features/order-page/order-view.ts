import * as v from 'valibot';
import { NetworkError, bodyField, callFunction } from '../../lib/functions-client.ts';

/** What the order-page function answers (functions/order-page/view.ts); amounts in grosz. */
const moneyLine = v.object({ name: v.string(), quantity: v.number(), price: v.number() });
export const orderViewSchema = v.object({
  number: v.string(),
  createdAt: v.string(),
  status: v.string(),
  fulfilmentState: v.string(),
  paid: v.boolean(),
  items: v.array(moneyLine),
  services: v.array(v.object({ label: v.string(), price: v.number() })),
  subtotal: v.number(),
  shipping: v.number(),
  // Answers from before discounts carry none.
  discount: v.optional(v.number(), 0),
  total: v.number(),
  deliveryMethod: v.string(),
  deliveryAddress: v.nullable(v.string()),
  deliveryDate: v.nullable(v.string()),
  deliveryWindowLabel: v.nullable(v.string()),
  pickupTime: v.nullable(v.string()),
  recipient: v.nullable(v.object({ name: v.string(), phone: v.string() })),
  paymentMethod: v.string(),
  // The device's own key when it opened the page; null when the mail's link or the session is the proof.
  payment: v.nullable(v.object({ orderId: v.string(), accessKey: v.optional(v.nullable(v.string()), null) })),
  // Optional so an answer from an older deployment of the function still reads.
  invoice: v.optional(v.nullable(v.object({ nip: v.string(), company: v.string(), address: v.string() })), null),
  // The card, the occasion, the grave…; optional so an answer from a function deployed before them still reads.
  choices: v.optional(v.array(v.object({ label: v.string(), value: v.string() })), []),
  // A payment started minutes ago and still open at its gateway: no second 'Zapłać teraz' meanwhile.
  paymentInProgress: v.optional(v.boolean(), false),
  // The owner's photos, each through a signed URL that lasts minutes; optional for an older deployment of the function.
  photos: v.optional(
    v.array(
      v.object({
        url: v.pipe(v.string(), v.url()),
        kind: v.string(),
        width: v.number(),
        height: v.number(),
        alt: v.string(),
        takenAt: v.string(),
      }),
    ),
    [],
  ),
  // The invoices KSeF accepted, each downloadable as a PDF; optional for an older deployment of the function.
  invoices: v.optional(v.array(v.object({ id: v.string(), number: v.string(), kind: v.string() })), []),
});
export type OrderView = v.InferOutput<typeof orderViewSchema>;

export type OrderLoad =
  { kind: 'found'; order: OrderView } | { kind: 'not-found' } | { kind: 'offline' } | { kind: 'error'; message: string };

const LOAD_FAILED = 'Nie udało się wczytać zamówienia. Spróbuj ponownie za chwilę.';

/** What may open an order's page besides the buyer's session: the mail link's token, or the key of the device that placed it. */
export interface OrderPageProof {
  token?: string;
  accessKey?: string | null;
}

/** Asks order-page for the order: by the mail's token, the placing device's key, or the signed-in buyer's session. */
export async function loadOrderView(number: string, proof: OrderPageProof, accessToken: string | null): Promise<OrderLoad> {
  const body = { number, ...(proof.token ? { token: proof.token } : {}), ...(proof.accessKey ? { accessKey: proof.accessKey } : {}) };
  try {
    const answer = await callFunction('order-page', body, { accessToken });
    if (answer.status === 404 || answer.status === 400) return { kind: 'not-found' };
    if (!answer.ok) return { kind: 'error', message: bodyField(answer.body, 'message') ?? LOAD_FAILED };
    const parsed = v.safeParse(orderViewSchema, answer.body);
    return parsed.success ? { kind: 'found', order: parsed.output } : { kind: 'error', message: LOAD_FAILED };
  } catch (error) {
    if (error instanceof NetworkError) return error.reason === 'offline' ? { kind: 'offline' } : { kind: 'error', message: LOAD_FAILED };
    throw error;
  }
}
