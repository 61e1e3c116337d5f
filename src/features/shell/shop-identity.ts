/**
 * The shop's name, address, phone, e-mail and hours come from the public
 * settings (`usePublicSettings()`, docs/brand.md: never hard-coded in components).
 * Their seeded defaults live beside that hook in src/lib/public-settings.ts,
 * because the contact feature needs the same fallback and features do not
 * import each other. Only what is not a setting stays here.
 */
export const SHOP_TAGLINE = 'Rodzinna kwiaciarnia z Birczy — kwiaty i prezenty dla Birczy i okolic';
