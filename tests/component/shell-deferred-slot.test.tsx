import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDeviceDataForTests } from '../../src/lib/device-data.ts';
import { DeferredSlot } from '../../src/features/shell/deferred-slot.tsx';
import { markFirstContent, resetFirstContentForTests } from '../../src/lib/first-content.ts';

/** Issue 22: when a slot's chunk loads. The children stand for a lazy chunk: rendered means loaded. */
function renderSlot(load: 'idle' | 'device-data' | 'intent', preload?: () => Promise<unknown>) {
  render(
    <div>
      <DeferredSlot fallback={<button type="button">Zaślepka</button>} load={load} {...(preload ? { preload } : {})}>
        <p>Załadowane</p>
      </DeferredSlot>
      <button type="button">Gdzie indziej</button>
    </div>,
  );
}

const loaded = () => screen.queryByText('Załadowane') !== null;

/** This device's IndexedDB databases, as indexedDB.databases() lists them. */
function deviceDatabases(names: string[]) {
  vi.stubGlobal('indexedDB', { databases: () => Promise.resolve(names.map((name) => ({ name, version: 1 }))) });
}

describe('deferred header and footer slots', () => {
  beforeEach(() => {
    resetFirstContentForTests();
    resetDeviceDataForTests();
    markFirstContent();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("'idle' loads once the page is idle, without any intent", async () => {
    renderSlot('idle');
    await waitFor(() => expect(loaded()).toBe(true), { timeout: 3000 });
  });

  it("'intent' waits for the visitor to point at the slot, and keeps the placeholder until the chunk is there", async () => {
    let arrive = () => {};
    const preload = vi.fn(() => new Promise<void>((resolve) => (arrive = resolve)));
    renderSlot('intent', preload);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(loaded()).toBe(false);
    expect(preload).not.toHaveBeenCalled();

    fireEvent.pointerOver(screen.getByRole('button', { name: 'Zaślepka' }));
    expect(preload).toHaveBeenCalledOnce();
    // The same placeholder element stays under the finger until the chunk has arrived.
    expect(screen.getByRole('button', { name: 'Zaślepka' })).toBeTruthy();
    arrive();
    await waitFor(() => expect(loaded()).toBe(true));
  });

  it("'device-data' on a first visit (no database yet) waits for the first tap anywhere", async () => {
    deviceDatabases(['another-app']);
    renderSlot('device-data');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(loaded()).toBe(false);

    fireEvent.pointerDown(screen.getByRole('button', { name: 'Gdzie indziej' }));
    await waitFor(() => expect(loaded()).toBe(true));
  });

  it("'device-data' on a device that keeps the shop's data loads when idle, as before", async () => {
    deviceDatabases(['kwiaciarnia']);
    renderSlot('device-data');
    await waitFor(() => expect(loaded()).toBe(true), { timeout: 3000 });
  });

  it('tells its children whether the placeholder was pressed before they arrived, and only then', async () => {
    deviceDatabases(['another-app']);
    let arrive = () => {};
    const preload = () => new Promise<void>((resolve) => (arrive = resolve));
    const { unmount } = render(
      <DeferredSlot fallback={<button type="button">Zaślepka</button>} load="device-data" preload={preload}>
        {(pressedEarly) => <p>{pressedEarly ? 'Otwarte od razu' : 'Zamknięte'}</p>}
      </DeferredSlot>,
    );
    // A first visit's first tap lands on the placeholder itself, here before the slot listens for taps at all: the
    // click alone loads the chunk and is remembered.
    fireEvent.click(screen.getByRole('button', { name: 'Zaślepka' }));
    expect(screen.queryByText(/Otwarte od razu|Zamknięte/)).toBeNull();
    arrive();
    expect(await screen.findByText('Otwarte od razu')).toBeTruthy();
    unmount();

    render(
      <DeferredSlot fallback={<button type="button">Zaślepka</button>} load="intent" preload={() => Promise.resolve()}>
        {(pressedEarly) => <p>{pressedEarly ? 'Otwarte od razu' : 'Zamknięte'}</p>}
      </DeferredSlot>,
    );
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Zaślepka' }));
    expect(await screen.findByText('Zamknięte')).toBeTruthy();
  });

  it('remembers a tap on the placeholder Suspense shows while the lazy children are still resolving', async () => {
    // Pointing loads the chunk; a tap that lands between its arrival and the children's first render hits the
    // placeholder Suspense shows meanwhile, not the children: it must still open them.
    let resolveChildren = (_module: { default: (props: { pressed: boolean }) => React.ReactElement }) => {};
    const Children = lazy(
      () => new Promise<{ default: (props: { pressed: boolean }) => React.ReactElement }>((resolve) => (resolveChildren = resolve)),
    );
    render(
      <DeferredSlot fallback={<button type="button">Zaślepka</button>} load="intent" preload={() => Promise.resolve()}>
        {(pressedEarly) => <Children pressed={pressedEarly} />}
      </DeferredSlot>,
    );
    const first = screen.getByRole('button', { name: 'Zaślepka' });
    fireEvent.pointerOver(first);
    // The slot is ready now: Suspense shows the placeholder anew, a different element under the finger.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zaślepka' })).not.toBe(first));
    fireEvent.click(screen.getByRole('button', { name: 'Zaślepka' }));
    await act(async () => resolveChildren({ default: ({ pressed }) => <p>{pressed ? 'Otwarte od razu' : 'Zamknięte'}</p> }));
    expect(await screen.findByText('Otwarte od razu')).toBeTruthy();
  });
});
