import { BagIcon } from '../../lib/icons/first-load.tsx';

/**
 * What the header shows in the cart's place until the cart button's chunk
 * loads: the same 44×44 box and bag drawing, no count, no drawer.
 */
export function CartPlaceholder() {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className="relative grid size-11 shrink-0 place-items-center rounded-full text-forest-900 hover:bg-forest-50"
    >
      <BagIcon />
      <span className="sr-only">Koszyk</span>
    </button>
  );
}
