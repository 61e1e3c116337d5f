/// <reference lib="webworker" />
import { isAdminPath, parsePushMessage, type PushMessage } from '../../domain/push-notification.ts';

/*
 * The service worker's side of the owner's pushes (docs/push.md): show what
 * the server sent, and on a tap open the back office where it points,
 * in the admin window already open if there is one.
 */

/** A push whose payload is not ours (or that the browser could not decrypt) still shows something: Chrome requires it. */
const FALLBACK: PushMessage = { title: 'Kwiaciarnia — Panel', body: 'Nowe powiadomienie ze sklepu.', url: '/admin', tag: 'shop' };

function readPayload(data: PushMessageData | null): PushMessage {
  if (!data) return FALLBACK;
  try {
    return parsePushMessage(data.json()) ?? FALLBACK;
  } catch {
    return FALLBACK;
  }
}

export function showPushNotification(registration: ServiceWorkerRegistration, data: PushMessageData | null): Promise<void> {
  const message = readPayload(data);
  return registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    lang: 'pl',
    icon: '/icons/admin-192.png',
    data: { url: message.url },
  });
}

/** The notification's back-office address on this origin; anything else opens the back office's start. */
function targetOf(notification: Notification, origin: string): string {
  const url: unknown = (notification.data as { url?: unknown } | null)?.url;
  return new URL(typeof url === 'string' && isAdminPath(url) ? url : '/admin', origin).href;
}

/** A tap: focus an open back-office window and take it to the order, or open one. */
export async function openNotificationTarget(clients: Clients, notification: Notification, origin: string): Promise<void> {
  notification.close();
  const target = targetOf(notification, origin);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const admin = windows.find((client) => new URL(client.url).pathname.startsWith('/admin'));
  if (admin) {
    let window: WindowClient = admin;
    try {
      // Focus first, while the tap still allows it.
      window = await admin.focus();
    } catch {
      // Not allowed or not focusable: the window still moves to the order.
    }
    try {
      if (window.url !== target) await window.navigate(target);
      return;
    } catch {
      // A window this worker does not control cannot be moved: a new one opens instead.
    }
  }
  await clients.openWindow(target);
}
