/**
 * What the service worker and the browser told the page, in one tiny store
 * that lives in the entry chunk. The writers (the worker's registration,
 * the `beforeinstallprompt` listener) and the readers (update prompt, install
 * offer) never import each other, and every piece can be driven in tests
 * without a real service worker.
 */

/** Chromium's install offer (not in lib.dom). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface PwaUpdate {
  /** Activates the waiting worker and reloads this tab. Only ever called from a click. */
  activate: () => void;
}

export interface PwaState {
  /** A new version is waiting (or already took over another tab); null when up to date. */
  update: PwaUpdate | null;
  /** The deferred install offer, while the browser offers one. */
  installEvent: BeforeInstallPromptEvent | null;
}

const INITIAL: PwaState = { update: null, installEvent: null };
let state: PwaState = INITIAL;
const listeners = new Set<() => void>();

export function getPwaState(): PwaState {
  return state;
}

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function subscribePwaState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function resetPwaStateForTests(): void {
  setPwaState(INITIAL);
}

let capturing = false;

/**
 * Keeps the browser's install offer for our own button. Must run before the
 * first render: Chromium may fire `beforeinstallprompt` before `load`.
 */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setPwaState({ installEvent: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setPwaState({ installEvent: null }));
}
