import { photoImageAttributes, productPhotos, type PhotoVariantWidth, type ProductPhoto } from '../domain/product-photo.ts';
import { getBackendConfig } from './backend-config.ts';

/**
 * A product's picture: its main photo as a responsive <img>, or
 * the illustration when it has none. In lib because the catalog, the cart and
 * the account all draw products.
 */

/** What a picture needs of a product: a catalog row, or the product an order line points at. */
export interface PicturedProduct {
  id: string;
  image_url?: string | null;
  photos?: unknown;
}

/** The illustrations are square SVGs drawn at this size. */
const ILLUSTRATION_SIZE = 400;

let browserBackendUrl: string | undefined;

/**
 * The backend the photo addresses point at: the browser's (read once), or
 * while the server renders, the one the served page names (never cached
 * there: requests may come through different host names).
 */
function photoBackendUrl(): string {
  if (typeof document === 'undefined') return getBackendConfig().url;
  return (browserBackendUrl ??= getBackendConfig().url);
}

export interface ProductImageProps {
  product: PicturedProduct;
  /** Which photo; the main one (the first) when absent. */
  photo?: ProductPhoto;
  /** The image's layout width per viewport (the `sizes` attribute): the browser picks the file from it. */
  sizes: string;
  alt?: string;
  eager?: boolean;
  /** The page's largest image (the product page's first photo). */
  highPriority?: boolean;
  className?: string;
  /** Drawn as a square of this many CSS px (thumbnails); otherwise the classes size it. */
  square?: number;
  /**
   * The largest file a phone (narrower than 640 px) may take. A 390 px phone
   * at 3x would otherwise fetch the 1600 file for a full-width picture, past
   * the product page's byte budget; 800 px across ~360 px is still sharp.
   */
  phoneLargest?: PhotoVariantWidth;
}

const PHONE_MEDIA = '(max-width: 639px)';

export function ProductImage({
  product,
  photo,
  sizes,
  alt = '',
  eager = false,
  highPriority = false,
  className,
  square,
  phoneLargest,
}: ProductImageProps) {
  const shown = photo ?? productPhotos(product)[0];
  const style = square ? { width: square, height: square } : undefined;
  const common = {
    alt,
    loading: eager || highPriority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: highPriority ? ('high' as const) : undefined,
    decoding: 'async' as const,
    className,
    style,
  };
  if (shown) {
    const backendUrl = photoBackendUrl();
    const { src, srcSet, width, height } = photoImageAttributes(backendUrl, product.id, shown);
    const image = (
      <img
        // sizes and srcSet before src: a browser that starts on src alone would fetch the fallback file as well.
        sizes={sizes}
        srcSet={srcSet}
        src={src}
        width={square ?? width}
        height={square ?? height}
        // Storage answers with CORS headers; the service worker keeps only such (non-opaque) answers for offline use.
        crossOrigin="anonymous"
        {...common}
      />
    );
    if (!phoneLargest) return image;
    return (
      // display: contents, so the <img> lays out as if <picture> were not there.
      <picture className="contents">
        <source media={PHONE_MEDIA} sizes={sizes} srcSet={photoImageAttributes(backendUrl, product.id, shown, phoneLargest).srcSet} />
        {image}
      </picture>
    );
  }
  if (product.image_url) {
    return <img src={product.image_url} width={square ?? ILLUSTRATION_SIZE} height={square ?? ILLUSTRATION_SIZE} {...common} />;
  }
  // No picture yet: the place keeps its shape instead of showing a broken image.
  return <span aria-hidden="true" className={`block ${className ?? ''}`} style={style} />;
}

/**
 * A 48 px square picture sized by classes alone, for lists the server renders (the add-ons on a product page): the
 * shop's CSP refuses style attributes in server-rendered markup, which ProductThumb's size sets.
 */
export const SMALL_THUMB_CLASS = 'size-12 max-w-none shrink-0 rounded-lg bg-cream-200 object-cover';

/** The small square picture of a product in lists (cart, order history); the photo's smallest file is enough. */
export function ProductThumb({ product, size = 64 }: { product: PicturedProduct | null; size?: number }) {
  const className = 'max-w-none shrink-0 rounded-lg bg-cream-200 object-cover';
  if (!product) return <span aria-hidden="true" className={`block ${className}`} style={{ width: size, height: size }} />;
  return <ProductImage product={product} sizes={`${size}px`} square={size} className={className} />;
}
