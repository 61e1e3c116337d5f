import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { UserIcon } from '../../../lib/icons/first-load.tsx';
import { ChevronDownIcon, SettingsIcon, StoreIcon } from './admin-icons.tsx';

export const OWNER_MENU_ITEM_CLASS =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-base text-forest-900 data-focus:bg-forest-50';

/**
 * The owner's menu in the admin header: who is signed in, the way back to the
 * shop, the settings and logging out. Headless UI gives it the menu button
 * pattern: arrow keys, Escape back to the button, typeahead.
 */
export function OwnerMenu({ email, onLogout }: { email: string; onLogout: () => void }) {
  return (
    <Menu>
      <MenuButton className="inline-flex h-11 max-w-64 min-w-11 shrink-0 items-center justify-center gap-2 rounded-full text-forest-900 hover:bg-forest-50 data-active:bg-forest-100 md:border md:border-forest-200 md:pr-3 md:pl-4">
        <UserIcon className="size-6 shrink-0 md:hidden" />
        {/* The email is the button's name on every width (visible from md up): the owner sees who is signed in. */}
        <span className="sr-only">Konto: </span>
        <span className="sr-only truncate text-[0.95rem] font-medium md:not-sr-only">{email}</span>
        <ChevronDownIcon className="hidden size-4 shrink-0 md:block" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8, padding: 8 }}
        modal={false}
        className="z-50 w-72 rounded-2xl border border-forest-100 bg-white p-2 shadow-header focus:outline-none"
      >
        <MenuSection>
          <MenuHeading className="px-3 py-2">
            <span className="block truncate text-sm font-semibold text-forest-900" title={email}>
              {email}
            </span>
            <span className="block text-xs font-semibold tracking-wide text-blush-700 uppercase">Administrator</span>
          </MenuHeading>
          <MenuItem>
            <Link to="/" className={OWNER_MENU_ITEM_CLASS}>
              <StoreIcon className="size-5 shrink-0" />
              Wróć do sklepu
            </Link>
          </MenuItem>
          <MenuItem>
            <Link to="/admin/settings" className={OWNER_MENU_ITEM_CLASS}>
              <SettingsIcon className="size-5 shrink-0" />
              Ustawienia
            </Link>
          </MenuItem>
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-forest-100" />
        <MenuItem>
          <button type="button" className={OWNER_MENU_ITEM_CLASS} onClick={onLogout}>
            Wyloguj
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
