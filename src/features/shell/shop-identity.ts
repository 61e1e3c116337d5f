// Placeholder until the shell reads public settings: the name will come from
// `company_name` (seeded as below) and the hours from `store_hours`
// (BRAND.md: never hard-code them in components; this is the one place to replace).
export const SHOP_NAME = 'Kwiaciarnia Pod Różą';

export const SHOP_TAGLINE = 'Rodzinna kwiaciarnia z Birczy — kwiaty i prezenty dla Birczy i okolic';

/** Opening hours of spec §9. */
export const OPENING_HOURS = [
  { days: 'Pon.–pt.', hours: '8:30–15:30' },
  { days: 'Sobota', hours: '8:30–15:00' },
  { days: 'Niedziela', hours: 'nieczynne' },
] as const;
