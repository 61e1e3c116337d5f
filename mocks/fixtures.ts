import type { ProductRow, ProductSize } from '../src/domain/product.ts';

export type { ProductRow };

export const sampleProducts: ProductRow[] = [
  {
    id: '0b6f1c2e-4a8d-4f3b-9c51-7d2e8a1f0c01',
    name: 'Bukiet czerwonych róż',
    description: 'Dwanaście czerwonych róż z zielenią, przewiązanych wstążką.',
    price: 149.99,
    category: 'live-flowers',
    image_url: '/products/bukiet-czerwonych-roz.svg',
    is_featured: true,
    stock: 8,
    active: true,
    created_at: '2026-11-20T09:00:00.000Z',
  },
  {
    id: '1c7a2d3f-5b9e-4a4c-8d62-8e3f9b2a1d02',
    name: 'Bukiet polnych kwiatów',
    description: 'Sezonowe kwiaty polne ułożone w lekki, naturalny bukiet.',
    price: 89.5,
    category: 'live-flowers',
    image_url: '/products/bukiet-polnych-kwiatow.svg',
    is_featured: false,
    stock: 5,
    active: true,
    created_at: '2026-11-18T10:30:00.000Z',
  },
  {
    id: '2d8b3e4a-6c0f-4b5d-9e73-9f4a0c3b2e03',
    name: 'Sztuczne tulipany w wazonie',
    description: 'Realistyczne tulipany w szklanym wazonie, ozdoba na cały rok.',
    price: 79,
    category: 'artificial-flowers',
    image_url: '/products/sztuczne-tulipany-w-wazonie.svg',
    is_featured: true,
    stock: 12,
    active: true,
    created_at: '2026-11-15T08:15:00.000Z',
  },
  {
    id: '3e9c4f5b-7d1a-4c6e-8f84-0a5b1d4c3f04',
    name: 'Znicz czerwony klasyczny',
    description: 'Szklany znicz z wkładem palącym się do 3 dni.',
    price: 14.99,
    category: 'candles',
    image_url: '/products/znicz-czerwony-klasyczny.svg',
    is_featured: false,
    stock: 40,
    active: true,
    created_at: '2026-11-10T12:00:00.000Z',
  },
  {
    id: '4f0d5a6c-8e2b-4d7f-9a95-1b6c2e5d4a05',
    name: 'Magnes z herbem Przemyśla',
    description: 'Pamiątka z Przemyśla: magnes na lodówkę z herbem miasta.',
    price: 12,
    category: 'souvenirs',
    image_url: '/products/magnes-herb-przemysla.svg',
    is_featured: false,
    stock: 25,
    active: true,
    created_at: '2026-11-05T14:45:00.000Z',
  },
  {
    id: '5a1e6b7d-9f3c-4e8a-8b06-2c7d3f6e5b06',
    name: 'Kosz upominkowy',
    description: 'Kosz z drobnymi upominkami, przygotowany na wybraną okazję.',
    price: 199,
    category: 'seasonal-gifts',
    image_url: '/products/kosz-upominkowy.svg',
    is_featured: true,
    stock: 3,
    active: true,
    created_at: '2026-11-01T16:20:00.000Z',
  },
];

/** Rows of the public_settings view (values as in supabase/seed.sql): only the keys anonymous visitors may read. */
export const samplePublicSettings: { key: string; value: string }[] = [
  { key: 'company_name', value: 'Kwiaciarnia Pod Różą' },
  { key: 'company_address', value: 'ul. Przemyska 12, 37-740 Bircza' },
  { key: 'company_phone', value: '+48 16 672 10 20' },
  { key: 'company_email', value: 'kontakt@kwiaciarnia.local' },
  { key: 'company_website', value: 'http://localhost:4173' },
  { key: 'store_hours', value: 'Pon–Pt 8:30–15:30\nSob 8:30–15:00\nNiedz. nieczynne' },
  { key: 'free_shipping_threshold', value: '300' },
  { key: 'delivery_rate_per_km', value: '1.80' },
  { key: 'bank_account_number', value: 'PL61 1090 1014 0000 0712 1981 2874' },
  { key: 'bank_name', value: 'Bank Spółdzielczy w Birczy' },
  { key: 'bank_account_holder', value: 'Kwiaciarnia Pod Różą' },
  { key: 'bank_address', value: 'ul. Przemyska 12, 37-740 Bircza' },
  { key: 'bank_swift', value: 'WBKPPLPP' },
];

/** The one account the mocked auth accepts; anything else is invalid_credentials. */
export const mockCustomer = {
  id: '9d3b2c1a-0f4e-4d5c-8b7a-6e5f4d3c2b10',
  email: 'klient@example.com',
  password: 'haslo-testowe',
} as const;

const catalogRow = (
  n: number,
  name: string,
  category: ProductRow['category'],
  price: number,
  stock: number,
  description: string,
): ProductRow => ({
  id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  name,
  description,
  price,
  category,
  image_url: '/products/bukiet-czerwonych-roz.svg',
  is_featured: false,
  stock,
  active: true,
  // Newest first is ascending n: product 01 is the newest.
  created_at: new Date(Date.UTC(2026, 10, 20) - n * 86_400_000).toISOString(),
});

/** A catalog big enough for the shop and product-page tests: 5 live flowers, 3 candles, diacritics, stock edges. */
export const catalogProducts: ProductRow[] = [
  catalogRow(1, 'Bukiet czerwonych róż', 'live-flowers', 189, 12, 'Dwanaście czerwonych róż przewiązanych wstążką.'),
  catalogRow(2, 'Róża czerwona – pojedyncza', 'live-flowers', 9.5, 2, 'Pojedyncza róża o długiej łodydze.'),
  { ...catalogRow(3, 'Bukiet różowych tulipanów', 'live-flowers', 99, 0, 'Piętnaście tulipanów z zielenią.'), made_to_order: true },
  catalogRow(4, 'Storczyk w doniczce', 'live-flowers', 129, 9, 'Falenopsis w ceramicznej osłonce.'),
  catalogRow(5, 'Bukiet ślubny', 'live-flowers', 249, 0, 'Okrągły bukiet z białych kwiatów i eukaliptusa.'),
  catalogRow(6, 'Znicz szklany „Anioł”', 'candles', 24.9, 60, 'Bursztynowy znicz z motywem anioła.'),
  catalogRow(7, 'Znicz czerwony klasyczny', 'candles', 6.99, 200, 'Tradycyjny znicz z metalową pokrywką.'),
  catalogRow(8, 'Znicz duży „Serce”', 'candles', 59, 0, 'Znicz w kształcie serca z czerwonego szkła.'),
  catalogRow(9, 'Magnes z herbem Przemyśla', 'souvenirs', 12, 25, 'Pamiątka z Przemyśla: magnes na lodówkę.'),
];

/** What order-page answers for an unpaid home delivery paid online (component tests). */
export const orderPageAnswer = {
  number: 'KT2611240001',
  createdAt: '2026-11-24T10:00:00Z',
  status: 'pending',
  fulfilmentState: 'to-do',
  paid: false,
  items: [{ name: 'Bukiet róż', quantity: 2, price: 6000 }],
  services: [],
  subtotal: 12000,
  shipping: 1500,
  total: 13500,
  deliveryMethod: 'home',
  deliveryAddress: 'Słowackiego 1, 37-700 Przemyśl',
  deliveryDate: '2026-11-28',
  deliveryWindowLabel: '9:00–12:00',
  pickupTime: null,
  recipient: { name: 'Jan Nowak', phone: '600200300' },
  paymentMethod: 'payu',
  payment: { orderId: 'order-1', accessKey: 'k'.repeat(43) },
};

/** One size of a product as the catalogue reads it (its price in force the same as its price unless `extra` says otherwise). */
export function productSize(id: string, label: string, position: number, price: number, extra: Partial<ProductSize> = {}): ProductSize {
  return {
    id,
    label,
    position,
    price,
    promo_price: null,
    promo_starts_at: null,
    promo_ends_at: null,
    lowest_price_30d: null,
    stock: 4,
    made_to_order: false,
    photo_id: null,
    current_price: price,
    ...extra,
  };
}
