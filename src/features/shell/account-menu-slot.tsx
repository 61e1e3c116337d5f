import { lazy, useState } from 'react';
import { ACCOUNT_BUTTON_CLASS, AccountButtonFace } from './account-button-face.tsx';
import type { AccountMenuProps } from './account-menu.tsx';
import { DeferredSlot } from './deferred-slot.tsx';

// Headless UI (with its positioning code) stays out of the first load of `/`.
const AccountMenu = lazy(() => import('./account-menu.tsx').then((module) => ({ default: module.AccountMenu })));

/** The 'Panel klienta' dropdown, loaded on idle or first intent, behind a same-size plain button. */
export function AccountMenuSlot({ user, onLogout }: Omit<AccountMenuProps, 'openOnMount'>) {
  const [pressedEarly, setPressedEarly] = useState(false);

  const placeholder = (
    <button type="button" className={ACCOUNT_BUTTON_CLASS} aria-haspopup="menu" aria-expanded={false} onClick={() => setPressedEarly(true)}>
      <AccountButtonFace />
    </button>
  );

  return (
    <DeferredSlot fallback={placeholder}>
      <AccountMenu user={user} onLogout={onLogout} openOnMount={pressedEarly} />
    </DeferredSlot>
  );
}
