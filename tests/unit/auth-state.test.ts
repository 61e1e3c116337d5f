import { describe, expect, it } from 'vitest';
import { INITIAL_AUTH_STATE, authReducer, type AuthState, type AuthUser } from '../../src/features/auth/auth-state.ts';

const customer: AuthUser = { id: 'u1', email: 'klient@example.com', isAdmin: false };
const owner: AuthUser = { id: 'u2', email: 'wlasciciel@kwiaciarnia.local', isAdmin: true };
const loggedIn: AuthState = { user: customer, isLoading: false, error: null };

describe('auth state (docs/spec.md §4)', () => {
  it('starts loading with no user and no error', () => {
    expect(INITIAL_AUTH_STATE).toEqual({ user: null, isLoading: true, error: null });
  });

  it('start sets loading and clears the error, keeping the user', () => {
    const state = authReducer({ user: customer, isLoading: false, error: 'x' }, { type: 'start' });
    expect(state).toEqual({ user: customer, isLoading: true, error: null });
  });

  it('login success sets the user and stops loading', () => {
    expect(authReducer(INITIAL_AUTH_STATE, { type: 'loginSuccess', user: owner })).toEqual({ user: owner, isLoading: false, error: null });
  });

  it('register success sets the user with isAdmin false', () => {
    const state = authReducer(INITIAL_AUTH_STATE, { type: 'registerSuccess', user: { id: 'u3', email: 'nowy@example.com' } });
    expect(state.user).toEqual({ id: 'u3', email: 'nowy@example.com', isAdmin: false });
    expect(state.isLoading).toBe(false);
  });

  it('register success never makes an admin, even when handed one', () => {
    const state = authReducer(INITIAL_AUTH_STATE, { type: 'registerSuccess', user: owner });
    expect(state.user?.isAdmin).toBe(false);
  });

  it('logout success clears the user', () => {
    expect(authReducer(loggedIn, { type: 'logoutSuccess' })).toEqual({ user: null, isLoading: false, error: null });
  });

  it('session check sets the user if a session exists, else null', () => {
    expect(authReducer(INITIAL_AUTH_STATE, { type: 'sessionChecked', user: customer }).user).toEqual(customer);
    expect(authReducer(loggedIn, { type: 'sessionChecked', user: null })).toEqual({ user: null, isLoading: false, error: null });
  });

  it('failure stores the message and stops loading, keeping the user for login/register/logout', () => {
    for (const operation of ['login', 'register', 'logout'] as const) {
      const state = authReducer({ ...loggedIn, isLoading: true }, { type: 'failure', operation, message: 'Błąd' });
      expect(state).toEqual({ user: customer, isLoading: false, error: 'Błąd' });
    }
  });

  it('a failed session check also clears the user', () => {
    const state = authReducer({ ...loggedIn, isLoading: true }, { type: 'failure', operation: 'session', message: 'Session check failed' });
    expect(state).toEqual({ user: null, isLoading: false, error: 'Session check failed' });
  });
});
