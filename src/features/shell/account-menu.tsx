import { useEffect, useRef, useState } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ACCOUNT_BUTTON_CLASS, AccountButtonFace } from './account-button-face.tsx';

export interface AccountMenuUser {
  email: string;
  isAdmin: boolean;
}

export interface AccountMenuProps {
  user: AccountMenuUser | null;
  /** Signs out; the caller then goes to / (docs/spec.md §2). */
  onLogout: () => void;
  /** Opens at once: the visitor pressed the placeholder before this chunk arrived. */
  openOnMount?: boolean;
}

/**
 * Pages that later issues add (auth, cart, admin): typed as router paths now
 * so the links need no change when those routes land; until then they show 404.
 */
const path = (to: string) => to as NonNullable<LinkProps['to']>;

const itemClass = 'flex min-h-11 w-full items-center rounded-lg px-3 text-left text-base text-forest-900 data-[focus]:bg-forest-50';

/** docs/spec.md §2 'Panel klienta'. Headless UI lives only in this lazily loaded chunk. */
export function AccountMenu({ user, onLogout, openOnMount = false }: AccountMenuProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openedOnMount = useRef(false);
  // Read at mount only: a later press of the menu's own button also reaches the slot, which then says "pressed".
  const [openAtMount] = useState(openOnMount);

  useEffect(() => {
    // Guarded: StrictMode runs mount effects twice, a second click would close it again.
    if (!openAtMount || openedOnMount.current) return;
    openedOnMount.current = true;
    buttonRef.current?.click();
  }, [openAtMount]);

  return (
    <Menu>
      <MenuButton ref={buttonRef} className={ACCOUNT_BUTTON_CLASS}>
        <AccountButtonFace />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8, padding: 8 }}
        modal={false}
        className="z-50 w-64 rounded-2xl border border-forest-100 bg-white p-2 shadow-header focus:outline-none"
      >
        {user ? (
          <>
            <p className="truncate px-3 py-2 text-sm text-ink-muted" title={user.email}>
              {user.email}
            </p>
            <MenuSeparator className="my-1 h-px bg-forest-100" />
            <MenuLink to="/account">Moje konto</MenuLink>
            <MenuLink to="/cart">Koszyk</MenuLink>
            {user.isAdmin && <MenuLink to="/admin">Panel Administratora</MenuLink>}
            <MenuSeparator className="my-1 h-px bg-forest-100" />
            <MenuItem>
              <button type="button" className={itemClass} onClick={onLogout}>
                Wyloguj się
              </button>
            </MenuItem>
          </>
        ) : (
          <>
            <MenuLink to="/login">Zaloguj się</MenuLink>
            <MenuLink to="/register">Zarejestruj się</MenuLink>
            <MenuLink to="/cart">Koszyk</MenuLink>
          </>
        )}
      </MenuItems>
    </Menu>
  );
}

function MenuLink({ to, children }: { to: string; children: string }) {
  return (
    <MenuItem>
      <Link to={path(to)} className={itemClass}>
        {children}
      </Link>
    </MenuItem>
  );
}
