/** docs/spec.md §2/§6 client record: admin is decided by the server, never by the client. */
export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

/** docs/spec.md §4 auth state. */
export interface AuthState {
  user: AuthUser | null;
  isLoading: boolean;
  error: string | null;
}

export type AuthOperation = 'login' | 'register' | 'logout' | 'session' | 'reset';

export type AuthAction =
  | { type: 'start' }
  | { type: 'loginSuccess'; user: AuthUser }
  | { type: 'registerSuccess'; user: Omit<AuthUser, 'isAdmin'> }
  | { type: 'logoutSuccess' }
  | { type: 'sessionChecked'; user: AuthUser | null }
  | { type: 'failure'; operation: AuthOperation; message: string };

export const INITIAL_AUTH_STATE: AuthState = { user: null, isLoading: true, error: null };

/** Pure transitions of docs/spec.md §4: every operation starts by loading and clearing the error. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'start':
      return { ...state, isLoading: true, error: null };
    case 'loginSuccess':
      return { user: action.user, isLoading: false, error: null };
    case 'registerSuccess':
      // Anyone registering is never an administrator.
      return { user: { ...action.user, isAdmin: false }, isLoading: false, error: null };
    case 'logoutSuccess':
      return { user: null, isLoading: false, error: null };
    case 'sessionChecked':
      return { user: action.user, isLoading: false, error: null };
    case 'failure':
      return {
        user: action.operation === 'session' ? null : state.user,
        isLoading: false,
        error: action.message,
      };
  }
}
