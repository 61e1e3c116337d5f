export const MAIN_NAV = [
  { to: '/', label: 'Strona główna' },
  { to: '/shop', label: 'Sklep' },
  { to: '/about', label: 'O nas' },
  { to: '/contact', label: 'Kontakt' },
] as const;

/** Device-only pages, reachable from the footer. */
export const CUSTOMER_NAV = [{ to: '/favourites', label: 'Ulubione' }] as const;

export const LEGAL_NAV = [
  { to: '/privacy', label: 'Polityka prywatności' },
  { to: '/terms', label: 'Regulamin' },
] as const;
