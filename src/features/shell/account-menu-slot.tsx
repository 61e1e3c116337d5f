import { deferred } from '../../boot/deferred.tsx';
import { ACCOUNT_BUTTON_CLASS, AccountButtonFace } from './account-button-face.tsx';

/**
 * The 'Panel klienta' dropdown, behind a same-size plain button until the
 * visitor points at, focuses or presses it: Headless UI's menu and its
 * positioning code (a long task to mount on a slow phone) are not part of
 * loading a page. A press before the chunk arrived opens the menu once it has.
 */
export const AccountMenuSlot = deferred(() => import('./account-menu.tsx').then((module) => module.AccountMenu), 'intent', {
  fallback: (
    <button type="button" className={ACCOUNT_BUTTON_CLASS} aria-haspopup="menu" aria-expanded={false}>
      <AccountButtonFace />
    </button>
  ),
});
