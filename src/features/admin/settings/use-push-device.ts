import { useCallback, useEffect, useState } from 'react';
import { fromBase64Url, toBase64Url } from '../../../domain/base64url.ts';
import { currentInstallEnvironment, isAppleMobile } from '../../../lib/platform.ts';
import { deviceLabel } from './device-label.ts';
import { PushDeviceError, fetchPushKey, listPushDevices, removePushDevice, savePushDevice, type PushDevice } from './push-devices-api.ts';

/**
 * This device's pushes: whether it can get them, whether it does, and the
 * owner's other devices (docs/push.md).
 *   unsupported     no service worker or Push API here;
 *   ios-install     an iPhone or iPad outside the home-screen app (Safari allows pushes only there, iOS 16.4+);
 *   blocked         the owner refused notifications for the site in the browser;
 *   off / on        not subscribed / subscribed and known to the shop.
 */
export type PushDeviceState = 'checking' | 'unsupported' | 'ios-install' | 'blocked' | 'off' | 'on';

export interface PushDeviceView {
  state: PushDeviceState;
  devices: PushDevice[] | null;
  /** This browser's endpoint, to mark it in the list. */
  endpoint: string | null;
  busy: boolean;
  error: string | null;
  enable(): Promise<void>;
  disable(): Promise<void>;
  remove(device: PushDevice): Promise<void>;
  reload(): Promise<void>;
}

const NOT_CONFIGURED =
  'Serwer sklepu nie ma kluczy powiadomień (VAPID_PUBLIC_KEY i VAPID_PRIVATE_KEY). Poproś osobę, która wdrażała sklep, o ich ustawienie.';

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

const sameKey = (subscription: PushSubscription, key: string): boolean => {
  const current = subscription.options.applicationServerKey;
  return current !== null && toBase64Url(new Uint8Array(current)) === key;
};

/** The browser's own errors are in English and name its internals: the owner reads what happened and what to do. */
const SUBSCRIBE_FAILED =
  'Przeglądarka nie zarejestrowała się w swojej usłudze powiadomień (w Chrome i Edge to usługa Google). Sprawdź połączenie z internetem i spróbuj ponownie za chwilę.';
const FAILED = 'Nie udało się. Spróbuj ponownie.';

const message = (error: unknown) => (error instanceof PushDeviceError ? error.message : FAILED);

async function subscribe(worker: ServiceWorkerRegistration, key: string): Promise<PushSubscription> {
  try {
    return await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(key) });
  } catch {
    throw new PushDeviceError(SUBSCRIBE_FAILED);
  }
}

export function usePushDevice(): PushDeviceView {
  const [state, setState] = useState<PushDeviceState>('checking');
  const [devices, setDevices] = useState<PushDevice[] | null>(null);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const list = await listPushDevices().catch(() => null);
    setDevices(list);
    if (!pushSupported()) {
      setState(isAppleMobile(currentInstallEnvironment()) && !currentInstallEnvironment().standalone ? 'ios-install' : 'unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setState('blocked');
      return;
    }
    const worker = await registration();
    if (!worker) {
      setState('unsupported');
      return;
    }
    const subscription = await worker.pushManager.getSubscription();
    setEndpoint(subscription?.endpoint ?? null);
    setState(subscription && list?.some((device) => device.endpoint === subscription.endpoint) ? 'on' : 'off');
  }, []);

  useEffect(() => {
    // Reading this device's state once on mount is this effect's whole job.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  const act = useCallback(
    async (work: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await work();
      } catch (failure) {
        setError(message(failure));
      } finally {
        await reload();
        setBusy(false);
      }
    },
    [reload],
  );

  const enable = useCallback(
    () =>
      act(async () => {
        const key = await fetchPushKey();
        if (!key) throw new PushDeviceError(NOT_CONFIGURED);
        const permission = await Notification.requestPermission();
        if (permission !== 'granted') return;
        const worker = await registration();
        if (!worker) throw new PushDeviceError('Aplikacja nie jest jeszcze gotowa do pracy w tle. Odśwież stronę i spróbuj ponownie.');
        // A subscription made with another key (the server's keys were changed) would be refused by the push service.
        const existing = await worker.pushManager.getSubscription();
        if (existing && !sameKey(existing, key)) await existing.unsubscribe();
        const subscription = existing && sameKey(existing, key) ? existing : await subscribe(worker, key);
        await savePushDevice(subscription, deviceLabel(navigator.userAgent, navigator.maxTouchPoints));
      }),
    [act],
  );

  const disable = useCallback(
    () =>
      act(async () => {
        const subscription = await (await registration())?.pushManager.getSubscription();
        const device = devices?.find((entry) => entry.endpoint === subscription?.endpoint);
        if (device) await removePushDevice(device.id);
        await subscription?.unsubscribe();
      }),
    [act, devices],
  );

  const remove = useCallback(
    (device: PushDevice) =>
      act(async () => {
        await removePushDevice(device.id);
        if (device.endpoint === endpoint) await (await (await registration())?.pushManager.getSubscription())?.unsubscribe();
      }),
    [act, endpoint],
  );

  return { state, devices, endpoint, busy, error, enable, disable, remove, reload };
}
