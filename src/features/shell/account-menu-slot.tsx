import { lazy } from 'react';
import { ACCOUNT_BUTTON_CLASS, AccountButtonFace } from './account-button-face.tsx';
import type { AccountMenuProps } from './account-menu.tsx';
import { DeferredSlot } from './deferred-slot.tsx';

// Headless UI (with its positioning code) stays out of the first load of `/`.
const loadAccountMenu = () => import('./account-menu.tsx');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

/**
 * The 'Panel klienta' dropdown, behind a same-size plain button until the
 * visitor points at, focuses or presses it: Headless UI's menu and its
 * positioning code (~22 KiB gzip, a long task to mount on a slow phone) are
 * not part of loading a page. A press before the chunk arrived
 * opens the menu once it has.
 */
export function AccountMenuSlot({ user, onLogout }: Omit<AccountMenuProps, 'openOnMount'>) {
  const placeholder = (
    <button type="button" className={ACCOUNT_BUTTON_CLASS} aria-haspopup="menu" aria-expanded={false}>
      <AccountButtonFace />
    </button>
  );

  return (
    <DeferredSlot fallback={placeholder} load="intent" preload={loadAccountMenu}>
      {(pressedEarly) => <AccountMenu user={user} onLogout={onLogout} openOnMount={pressedEarly} />}
    </DeferredSlot>
  );
}
