// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** workbox-window stand-in: the test plays the worker's lifecycle. */
const fake = vi.hoisted(() => {
  class FakeWorkbox {
    static last: FakeWorkbox | undefined;
    listeners = new Map<string, ((event: object) => void)[]>();
    registration = { waiting: {} as object | null };
    messageSkipWaiting = vi.fn();
    update = vi.fn(() => Promise.resolve());
    register = vi.fn(() => Promise.resolve(this.registration));
    constructor() {
      FakeWorkbox.last = this;
    }
    addEventListener(type: string, listener: (event: object) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string, event: object = {}) {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  }
  return { FakeWorkbox };
});
vi.mock('workbox-window', () => ({ Workbox: fake.FakeWorkbox }));

const { registerServiceWorker } = await import('../../src/features/pwa/register-sw.ts');
const { getPwaState, resetPwaStateForTests } = await import('../../src/features/pwa/pwa-store.ts');

let container: EventTarget & { controller: object | null };
let reload: ReturnType<typeof vi.fn>;

async function start({ controlled }: { controlled: boolean }) {
  container = Object.assign(new EventTarget(), { controller: controlled ? {} : null });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  registerServiceWorker();
  await Promise.resolve(); // register() resolves
  return fake.FakeWorkbox.last!;
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
  it('offers a waiting version and reloads only after the visitor accepts it', async () => {
    const wb = await start({ controlled: true });
    expect(getPwaState().update).toBeNull();

    wb.emit('waiting');
    const update = getPwaState().update;
    expect(update).not.toBeNull();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();

    update!.activate();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing visible when the first install takes control', async () => {
    await start({ controlled: false });
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
    const wb = await start({ controlled: true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });

    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).not.toHaveBeenCalled(); // just registered

    vi.setSystemTime(Date.now() + 61_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).toHaveBeenCalledTimes(1);
  });
});
