import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import { dispatchPush, type PushSenderDeps } from '../_shared/push-sender.ts';

export interface PushDevicesDeps {
  authenticate: Authenticate;
  isShopOwner(userId: string): Promise<boolean>;
  sender: PushSenderDeps;
  /** A test job for every device of the shop; how many devices there are. */
  queueTest(): Promise<number>;
}

const NOT_CONFIGURED = 'Powiadomienia nie są skonfigurowane na serwerze sklepu (klucze VAPID).';

/**
 * push-devices: the owner's side of the pushes (docs/push.md).
 *   { action: 'key' }  → { publicKey }: the VAPID public key a browser subscribes with (null when not configured);
 *   { action: 'test' } → a test push to every device, sent at once → { devices, sent, removed, failed }.
 * The devices themselves are rows of push_subscriptions the owner reads and writes under RLS.
 */
export function createPushDevicesHandler(deps: PushDevicesDeps): Handler {
  return postHandler('push-devices', async (request) => {
    const caller = await deps.authenticate(request);
    if (caller.kind !== 'user') throw new HttpError(401, 'not_signed_in', 'Zaloguj się jako właściciel sklepu.');
    if (!(await deps.isShopOwner(caller.userId))) throw new HttpError(403, 'not_owner', 'Tylko właściciel sklepu może to zrobić.');
    const body = await readJsonObject(request, 1024);
    if (body.action === 'key') return jsonResponse(200, { publicKey: deps.sender.vapid?.publicKey ?? null });
    if (body.action !== 'test') throw new HttpError(400, 'validation_failed', 'Nieznana czynność: oczekiwano "key" albo "test".');
    if (!deps.sender.vapid) throw new HttpError(503, 'push_not_configured', NOT_CONFIGURED);
    const devices = await deps.queueTest();
    if (devices === 0) throw new HttpError(409, 'no_devices', 'Żadne urządzenie nie ma włączonych powiadomień.');
    return jsonResponse(200, { devices, ...(await dispatchPush(deps.sender)) });
  });
}
