import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link, useMatchRoute } from '@tanstack/react-router';
import { MoreIcon, StoreIcon } from './admin-icons.tsx';
import { PHONE_BAR_SECTIONS, PHONE_MORE_SECTIONS } from './admin-sections.ts';
import { OWNER_MENU_ITEM_CLASS } from './owner-menu.tsx';

const itemClass =
  'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium text-forest-800 hover:bg-forest-50 data-[status=active]:text-forest-900 data-[status=active]:[&>svg]:text-blush-700';
/** The active item's mark: a bar across its top. */
const activeMark = 'relative before:absolute before:inset-x-4 before:top-0 before:h-1 before:rounded-b-full before:bg-transparent';

/**
 * The phones' section bar, the last row of the one-screen layout (below md): three
 * sections and 'Więcej' with the rest and the way back to the shop.
 */
export function AdminBottomNav() {
  const matchRoute = useMatchRoute();
  const moreActive = PHONE_MORE_SECTIONS.some((section) => matchRoute({ to: section.to, fuzzy: !section.exact }) !== false);

  return (
    <nav
      aria-label="Sekcje panelu"
      className="z-40 shrink-0 border-t border-forest-100 bg-white pb-[env(safe-area-inset-bottom)] shadow-header md:hidden print:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-4">
        {PHONE_BAR_SECTIONS.map(({ to, label, exact, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              activeOptions={{ exact, includeSearch: false }}
              className={`${itemClass} ${activeMark} data-[status=active]:font-semibold data-[status=active]:before:bg-forest-800`}
            >
              <Icon className="size-6" />
              {label}
            </Link>
          </li>
        ))}
        <li>
          <Menu>
            <MenuButton
              data-section-active={moreActive || undefined}
              className={`${itemClass} ${activeMark} data-active:bg-forest-50 data-section-active:font-semibold data-section-active:before:bg-forest-800`}
            >
              <MoreIcon className="size-6" />
              Więcej
            </MenuButton>
            <MenuItems
              anchor={{ to: 'top end', gap: 8, padding: 8 }}
              modal={false}
              className="z-50 w-64 rounded-2xl border border-forest-100 bg-white p-2 shadow-header focus:outline-none"
            >
              {PHONE_MORE_SECTIONS.map(({ to, label, exact, Icon }) => (
                <MenuItem key={to}>
                  <Link
                    to={to}
                    activeOptions={{ exact, includeSearch: false }}
                    className={`${OWNER_MENU_ITEM_CLASS} data-[status=active]:font-semibold`}
                  >
                    <Icon className="size-5 shrink-0" />
                    {label}
                  </Link>
                </MenuItem>
              ))}
              <MenuSeparator className="my-1 h-px bg-forest-100" />
              <MenuItem>
                <Link to="/" className={OWNER_MENU_ITEM_CLASS} activeOptions={{ exact: true }}>
                  <StoreIcon className="size-5 shrink-0" />
                  Wróć do sklepu
                </Link>
              </MenuItem>
            </MenuItems>
          </Menu>
        </li>
      </ul>
    </nav>
  );
}
