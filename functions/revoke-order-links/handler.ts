import { isUuid } from '../../src/domain/patterns.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';

/** What revoking did: links deleted, and access keys handed out after the order was placed. */
export interface RevokedOrderLinks {
  links: number;
  keys: number;
}

export interface RevokeOrderLinksDeps {
  authenticate: Authenticate;
  isShopOwner(userId: string): Promise<boolean>;
  /** public.revoke_order_links (service role); null when there is no such order. */
  revoke(orderId: string): Promise<RevokedOrderLinks | null>;
}

/**
 * revoke-order-links: the shop owner cuts every link from an order's mails
 * (the order page without login) and the device keys handed out through
 * them; the key of the device that placed the order stays
 * (docs/order-links.md). Nobody else may call it.
 */
export function createRevokeOrderLinksHandler(deps: RevokeOrderLinksDeps): Handler {
  return postHandler('revoke-order-links', async (request) => {
    const caller = await deps.authenticate(request);
    if (caller.kind !== 'user') throw new HttpError(401, 'not_signed_in', 'Zaloguj się jako właściciel sklepu.');
    if (!(await deps.isShopOwner(caller.userId))) throw new HttpError(403, 'not_owner', 'Tylko właściciel sklepu może to zrobić.');
    const body = await readJsonObject(request, 1024);
    const orderId = typeof body.orderId === 'string' ? body.orderId.trim() : '';
    if (!isUuid(orderId)) throw new HttpError(400, 'validation_failed', 'Brak identyfikatora zamówienia.');
    const revoked = await deps.revoke(orderId);
    if (!revoked) throw new HttpError(404, 'order_not_found', 'Nie znaleziono zamówienia.');
    return jsonResponse(200, revoked);
  });
}
