import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, type Handler } from '../_shared/http.ts';
import { dispatchPush, type PushSenderDeps } from '../_shared/push-sender.ts';

export interface PushDispatchDeps {
  authenticate: Authenticate;
  sender: PushSenderDeps;
}

/**
 * push-dispatch: server-to-server only (the service-role or a secret key),
 * called by the local backend's timer and, hosted, by pg_cron. Answers
 * { claimed, sent, removed, failed, configured }.
 */
export function createPushDispatchHandler(deps: PushDispatchDeps): Handler {
  return postHandler('push-dispatch', async (request) => {
    const caller = await deps.authenticate(request);
    if (caller.kind !== 'service') throw new HttpError(403, 'forbidden', 'Ta funkcja jest dostępna tylko dla serwera sklepu.');
    const result = await dispatchPush(deps.sender);
    return jsonResponse(200, { ...result, configured: deps.sender.vapid !== null });
  });
}
