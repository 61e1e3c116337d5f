import { PRODUCT_SELECT } from '../../domain/product.ts';

/** The home page shows at most two rows of featured products on a wide screen. */
export const FEATURED_LIMIT = 8;

/**
 * PostgREST path (after /rest/v1/) of the products the owner marked
 * 'Produkt polecany (na stronie głównej)', newest first: the server renders
 * the home page with them, and the browser asks the same when it comes to
 * the page without them.
 */
export const FEATURED_PRODUCTS_PATH = `products?select=${PRODUCT_SELECT}&is_featured=eq.true&active=eq.true&order=created_at.desc&limit=${FEATURED_LIMIT}`;
