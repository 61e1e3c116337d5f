import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../src/boot/deferred.tsx';
import { resetDeviceDataForTests } from '../../src/boot/device-data.ts';
import { IDLE_TIMEOUT_MS, markFirstContent, resetFirstContentForTests, type Trigger } from '../../src/boot/triggers.ts';

/** The part that the deferred chunk stands for: rendered means loaded, and it says whether it opens at once. */
function Part({ openOnMount }: { openOnMount?: boolean }) {
  return <p>{openOnMount ? 'Otwarte od razu' : 'Załadowane'}</p>;
}

const placeholder = <button type="button">Zaślepka</button>;

function renderPart(trigger: Trigger, load: () => Promise<ComponentType<{ openOnMount?: boolean }>> = () => Promise.resolve(Part)) {
  const Deferred = deferred(load, trigger, { fallback: placeholder });
  return render(
    <div>
      <Deferred />
      <button type="button">Gdzie indziej</button>
    </div>,
  );
}

const loaded = () => screen.queryByText(/Załadowane|Otwarte od razu/) !== null;
/** Code that arrives when the test says so. */
function arrivingLater() {
  let arrive = () => {};
  const load = vi.fn(() => new Promise<typeof Part>((resolve) => (arrive = () => resolve(Part))));
  return { load, arrive: () => arrive() };
}

/** This device's IndexedDB databases, as indexedDB.databases() lists them. */
function deviceDatabases(names: string[]) {
  vi.stubGlobal('indexedDB', { databases: () => Promise.resolve(names.map((name) => ({ name, version: 1 }))) });
}

describe('a part deferred behind a placeholder', () => {
  beforeEach(() => {
    resetFirstContentForTests();
    resetDeviceDataForTests();
    markFirstContent();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("'idle' loads once the page is idle, without any intent", async () => {
    renderPart('idle');
    await waitFor(() => expect(loaded()).toBe(true), { timeout: IDLE_TIMEOUT_MS + 1500 });
  });

  it("'intent' waits for the visitor to point at the part, and keeps the placeholder until the code is there", async () => {
    const { load, arrive } = arrivingLater();
    renderPart('intent', load);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(loaded()).toBe(false);
    expect(load).not.toHaveBeenCalled();

    fireEvent.pointerOver(screen.getByRole('button', { name: 'Zaślepka' }));
    expect(load).toHaveBeenCalledOnce();
    // The same placeholder element stays under the finger until the code has arrived.
    expect(screen.getByRole('button', { name: 'Zaślepka' })).toBeTruthy();
    arrive();
    await waitFor(() => expect(loaded()).toBe(true));
  });

  it("'device-data' on a first visit (no database yet) waits for the first tap anywhere", async () => {
    deviceDatabases(['another-app']);
    renderPart('device-data');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(loaded()).toBe(false);

    fireEvent.pointerDown(screen.getByRole('button', { name: 'Gdzie indziej' }));
    await waitFor(() => expect(loaded()).toBe(true));
  });

  it("'device-data' on a device that keeps the shop's data loads when idle, as before", async () => {
    deviceDatabases(['kwiaciarnia']);
    renderPart('device-data');
    await waitFor(() => expect(loaded()).toBe(true), { timeout: IDLE_TIMEOUT_MS + 1500 });
  });

  it('tells the part whether the placeholder was pressed before it arrived, and only then', async () => {
    deviceDatabases(['another-app']);
    const first = arrivingLater();
    const { unmount } = renderPart('device-data', first.load);
    // A first visit's first tap lands on the placeholder itself, here before the part listens for taps at all: the
    // click alone loads the code and is remembered.
    fireEvent.click(screen.getByRole('button', { name: 'Zaślepka' }));
    expect(loaded()).toBe(false);
    first.arrive();
    expect(await screen.findByText('Otwarte od razu')).toBeTruthy();
    unmount();

    renderPart('intent');
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Zaślepka' }));
    expect(await screen.findByText('Załadowane')).toBeTruthy();
  });

  it('keeps the placeholder under a press while the code arrives, so the press opens the part', async () => {
    // Pointing loads the code; the finger goes down on the placeholder and the code arrives before it lifts.
    // Swapping then would put the part's own button under the finger mid-press: the click would reach neither.
    const { load, arrive } = arrivingLater();
    renderPart('intent', load);
    const button = screen.getByRole('button', { name: 'Zaślepka' });
    fireEvent.pointerOver(button);
    fireEvent.pointerDown(button);
    await act(async () => arrive());
    expect(screen.getByRole('button', { name: 'Zaślepka' })).toBe(button);
    fireEvent.click(button);
    expect(await screen.findByText('Otwarte od razu')).toBeTruthy();
  });

  it('swaps once a press that went elsewhere is over', async () => {
    const { load, arrive } = arrivingLater();
    renderPart('intent', load);
    const button = screen.getByRole('button', { name: 'Zaślepka' });
    fireEvent.pointerOver(button);
    fireEvent.pointerDown(button);
    await act(async () => arrive());
    fireEvent.pointerLeave(button);
    expect(await screen.findByText('Załadowane')).toBeTruthy();
  });

  it('remembers a tap on the placeholder Suspense shows while the lazy part is still resolving', async () => {
    // Pointing loads the code; a tap that lands between its arrival and the part's first render hits the
    // placeholder Suspense shows meanwhile, not the part: it must still open it.
    let resolveInner = (_module: { default: ComponentType<{ pressed: boolean }> }) => {};
    const Inner = lazy(() => new Promise<{ default: ComponentType<{ pressed: boolean }> }>((resolve) => (resolveInner = resolve)));
    renderPart('intent', () => Promise.resolve(({ openOnMount }: { openOnMount?: boolean }) => <Inner pressed={openOnMount ?? false} />));
    const first = screen.getByRole('button', { name: 'Zaślepka' });
    fireEvent.pointerOver(first);
    // The part is on its way now: Suspense shows the placeholder anew, a different element under the finger.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zaślepka' })).not.toBe(first));
    fireEvent.click(screen.getByRole('button', { name: 'Zaślepka' }));
    await act(async () => resolveInner({ default: ({ pressed }) => <p>{pressed ? 'Otwarte od razu' : 'Załadowane'}</p> }));
    expect(await screen.findByText('Otwarte od razu')).toBeTruthy();
  });
});

describe('a part the server renders', () => {
  beforeEach(() => resetFirstContentForTests());

  it('loads its code once the page shows its first content, not before', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Deferred = deferred(load, 'first-content');
    render(
      <Suspense fallback={<p>Miejsce</p>}>
        <Deferred />
      </Suspense>,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('Miejsce')).toBeTruthy();

    act(() => markFirstContent());
    expect(await screen.findByText('Załadowane')).toBeTruthy();
  });
});
