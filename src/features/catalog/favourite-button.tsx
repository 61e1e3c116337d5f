import { HeartIcon } from '../../lib/icons/later.tsx';

const VARIANT_CLASS = {
  /** Beside the product name on the product page. */
  standalone: 'size-12 border border-forest-200 bg-white',
  /** Over a card's picture. */
  overlay: 'absolute top-2 right-2 size-11 bg-white/90 shadow-sm',
} as const;

/**
 * The heart over a card or beside a product's name. Its colour fades only where there is hover to fade for (as the
 * cards' buttons, CARD_ACTION_CLASS): on a loaded phone the page's hearts were seen fading their colours while /shop
 * came to life, 12 hearts × 6 properties of main-thread transitions.
 */
export function FavouriteButton({
  pressed,
  onToggle,
  variant = 'standalone',
  productName,
}: {
  pressed: boolean;
  onToggle: () => void;
  variant?: keyof typeof VARIANT_CLASS;
  /** On cards many hearts share a page: the name tells them apart for screen readers. */
  productName?: string;
}) {
  const action = pressed ? 'Usuń z ulubionych' : 'Dodaj do ulubionych';
  const label = productName ? `${action}: ${productName}` : action;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={action}
      onClick={onToggle}
      className={`inline-grid shrink-0 place-items-center rounded-full text-blush-700 [@media(hover:hover)]:transition-colors hover:bg-blush-50 ${VARIANT_CLASS[variant]}`}
    >
      <HeartIcon className="size-6" fill={pressed ? 'currentColor' : 'none'} />
    </button>
  );
}
