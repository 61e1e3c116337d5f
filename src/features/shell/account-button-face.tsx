import { UserIcon } from '../../lib/icons/first-load.tsx';

/**
 * The look of the 'Panel klienta' button, shared by the lazy Headless UI menu
 * and the plain placeholder shown until it loads, so nothing moves on swap.
 */
export const ACCOUNT_BUTTON_CLASS =
  'inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-full text-forest-900 transition-colors hover:bg-forest-50 data-[active]:bg-forest-100 md:border md:border-forest-200 md:px-4';

export const ACCOUNT_MENU_LABEL = 'Panel klienta';

export function AccountButtonFace() {
  return (
    <>
      <UserIcon className="size-6 md:size-5" />
      <span className="sr-only text-[0.95rem] font-medium md:not-sr-only">{ACCOUNT_MENU_LABEL}</span>
    </>
  );
}
