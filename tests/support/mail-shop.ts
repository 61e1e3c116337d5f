import type { BankDetails, ShopDetails } from '../../functions/_shared/mail/templates.ts';

/** The seller and the transfer details every test mail is rendered with. */
export const SAMPLE_SHOP: ShopDetails = {
  name: 'Kwiaciarnia Pod Różą',
  address: 'ul. Kwiatowa 1, 37-700 Przemyśl',
  phone: '+48 16 000 00 00',
  email: 'kontakt@kwiaciarnia.pl',
  website: 'https://kwiaciarnia.pl',
};

export const SAMPLE_BANK: BankDetails = {
  accountNumber: 'PL61 1090 1014 0000 0712 1981 2874',
  bankName: 'Bank Testowy',
  holder: 'Kwiaciarnia Pod Różą',
  address: '',
  swift: '',
};
