import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession, AuthSessionOptions } from '../../src/features/auth/auth-session.ts';
import { INITIAL_AUTH_STATE } from '../../src/features/auth/auth-state.ts';
import { CHECKING_SESSION, createAuthStore } from '../../src/features/auth/auth-store.ts';
import { OFFLINE_MESSAGE } from '../../src/features/auth/offline-message.ts';
import { markFirstContent, resetFirstContentForTests } from '../../src/boot/triggers.ts';

/**
 * The shell's auth state: signed out at once without a stored session, and
 * the auth code (auth-session.ts, with supabase-js) fetched only to restore a
 * session after the first content or for an operation.
 */

const session = vi.hoisted(() => ({
  created: [] as AuthSessionOptions[],
  failNext: false,
  restore: vi.fn(() => Promise.resolve()),
  login: vi.fn(() => Promise.resolve({ ok: true as const })),
}));

vi.mock('../../src/features/auth/auth-session.ts', () => ({
  createAuthSession: (options: AuthSessionOptions): AuthSession => {
    if (session.failNext) {
      session.failNext = false;
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    session.created.push(options);
    return {
      restore: session.restore,
      recheck: vi.fn(),
      login: session.login,
      register: vi.fn(),
      logout: vi.fn(),
      resume: vi.fn(),
      pause: vi.fn(),
    };
  },
}));

beforeEach(() => {
  window.localStorage.clear();
  resetFirstContentForTests();
  session.created.length = 0;
  session.restore.mockClear();
  session.login.mockClear();
});
afterEach(() => window.localStorage.clear());

describe('auth store', () => {
  it('starts from the spec initial state while a stored session waits to be checked', () => {
    expect(CHECKING_SESSION).toEqual(INITIAL_AUTH_STATE);
  });

  it('signs a visitor without a stored session out at once and loads no auth code', async () => {
    const store = createAuthStore();
    expect(store.getState()).toEqual({ user: null, isLoading: false, error: null });
    const disconnect = store.connect();
    markFirstContent();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(session.created).toHaveLength(0);
    disconnect();
  });

  it('restores a stored session only once the page has shown its first content', async () => {
    window.localStorage.setItem('sb-local-auth-token', '{}');
    const store = createAuthStore();
    expect(store.getState()).toBe(CHECKING_SESSION);
    const disconnect = store.connect();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(session.restore).not.toHaveBeenCalled();

    markFirstContent();
    await vi.waitFor(() => expect(session.restore).toHaveBeenCalledTimes(1));
    // What the session publishes is what the app renders.
    const changed = vi.fn();
    store.subscribe(changed);
    const signedIn = { user: { id: 'u1', email: 'anna@example.pl', isAdmin: false }, isLoading: false, error: null };
    session.created[0]?.publish(signedIn);
    expect(changed).toHaveBeenCalled();
    expect(store.getState()).toBe(signedIn);
    disconnect();
  });

  it('loads the auth code for a login and reports a failed load as a lost connection', async () => {
    const store = createAuthStore();
    session.failNext = true;
    expect(await store.login('anna@example.pl', 'haslo-123')).toEqual({ ok: false, error: OFFLINE_MESSAGE });
    expect(store.getState()).toEqual({ user: null, isLoading: false, error: OFFLINE_MESSAGE });

    // The next attempt fetches it again.
    expect(await store.login('anna@example.pl', 'haslo-123')).toEqual({ ok: true });
    expect(session.login).toHaveBeenCalledWith('anna@example.pl', 'haslo-123');
  });
});
