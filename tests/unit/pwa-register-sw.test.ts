// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { registerServiceWorker } = await import('../../src/features/pwa/register-sw.ts');
const { getPwaState, resetPwaStateForTests } = await import('../../src/features/pwa/pwa-store.ts');
const { KEEP_STOREFRONT_MESSAGE } = await import('../../src/features/pwa/kept-files.ts');

/** A worker the test moves through its states. */
class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** The registration the browser would hand back: the test plays the worker's lifecycle. */
class FakeRegistration extends EventTarget {
  active: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve());
  /** A new version starts installing (an update check or another tab found it). */
  found(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
  /** It finished installing and waits, as an update does while an older version runs. */
  installedAndWaiting(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
  }
}

let container: EventTarget & { controller: object | null; register: ReturnType<typeof vi.fn> };
let reload: ReturnType<typeof vi.fn>;

async function start({
  controlled,
  waiting = null,
  active = null,
}: {
  controlled: boolean;
  waiting?: FakeWorker | null;
  active?: FakeWorker | null;
}) {
  const registration = new FakeRegistration();
  registration.waiting = waiting;
  registration.active = active;
  container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: vi.fn(() => Promise.resolve(registration)),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  registerServiceWorker();
  await Promise.resolve(); // register() resolves
  await Promise.resolve();
  return registration;
}

beforeEach(() => {
  resetPwaStateForTests();
  reload = vi.fn();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('service worker registration', () => {
  it('registers /sw.js for the whole site', async () => {
    await start({ controlled: false });
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('asks the active worker to keep the rest of the storefront on a later visit only', async () => {
    const later = new FakeWorker();
    await start({ controlled: true, active: later });
    expect(later.postMessage).toHaveBeenCalledWith(KEEP_STOREFRONT_MESSAGE);

    // A first visit: the worker installs and claims the page, but the page did not start under it.
    const first = new FakeWorker();
    await start({ controlled: false, active: first });
    expect(first.postMessage).not.toHaveBeenCalled();
  });

  it('offers a waiting version and reloads only after the visitor accepts it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const registration = await start({ controlled: true });
    const worker = registration.found();
    registration.installedAndWaiting(worker);
    expect(getPwaState().update).toBeNull(); // not before it is still waiting a moment later
    vi.advanceTimersByTime(200);

    const update = getPwaState().update;
    expect(update).not.toBeNull();
    expect(worker.postMessage).not.toHaveBeenCalled();

    update!.activate();
    expect(worker.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already waiting when the page opened', async () => {
    const worker = new FakeWorker();
    worker.state = 'installed';
    await start({ controlled: true, waiting: worker });
    getPwaState().update!.activate();
    expect(worker.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'SKIP_WAITING' });
  });

  it('just reloads when the accepted version was activated meanwhile by another tab', async () => {
    const worker = new FakeWorker();
    const registration = await start({ controlled: true, waiting: worker });
    registration.waiting = null;
    getPwaState().update!.activate();
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing visible on the first install: it passes through installed straight to activating', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const registration = await start({ controlled: false });
    const worker = registration.found();
    registration.installing = null;
    worker.become('installed');
    worker.become('activating');
    vi.advanceTimersByTime(200);
    container.dispatchEvent(new Event('controllerchange'));
    expect(getPwaState().update).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('never reloads by surprise when another tab accepted the update: it offers the reload instead', async () => {
    await start({ controlled: true });
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    getPwaState().update!.activate();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks for a new version when the app comes back to the foreground (at most once a minute)', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval'] });
    const registration = await start({ controlled: true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });

    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).not.toHaveBeenCalled(); // just registered

    vi.setSystemTime(Date.now() + 61_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(1);
  });
});
