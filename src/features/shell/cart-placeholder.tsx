/**
 * What the header shows in the cart's place until the cart button's chunk
 * loads: the same 44×44 box and bag drawing, no count, no drawer.
 */
export function CartPlaceholder() {
  return (
    <button
      type="button"
      aria-label="Koszyk"
      aria-haspopup="dialog"
      className="relative grid size-11 shrink-0 place-items-center rounded-full text-forest-900 hover:bg-forest-50"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className="size-6"
      >
        <path d="M5 8h14l-1.2 12.5H6.2z" />
        <path d="M9 10.5V6.5a3 3 0 0 1 6 0v4" />
      </svg>
    </button>
  );
}
