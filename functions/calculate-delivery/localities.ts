/**
 * Localities the shop delivers to itself (docs/spec.md §9: powiat przemyski and gmina
 * Bircza; Bircza is part of the county, so the county covers it): the city of
 * Przemyśl and villages of the county's gminy. Coordinates are approximate
 * village centres (4 decimals, enough for a distance estimate, not for
 * navigation); postal codes are listed only where known and are used just to
 * tell apart places with the same name.
 */
export interface Locality {
  name: string;
  gmina: string;
  lat: number;
  lng: number;
  postalCodes?: readonly string[];
}

export const LOCALITIES: readonly Locality[] = [
  // Miasto Przemyśl and gmina wiejska Przemyśl (seated in the city).
  { name: 'Przemyśl', gmina: 'Przemyśl', lat: 49.7839, lng: 22.7678, postalCodes: ['37-700'] },
  { name: 'Ostrów', gmina: 'Przemyśl', lat: 49.8030, lng: 22.8020, postalCodes: ['37-700'] },
  { name: 'Pikulice', gmina: 'Przemyśl', lat: 49.7610, lng: 22.7900, postalCodes: ['37-700'] },
  { name: 'Nehrybka', gmina: 'Przemyśl', lat: 49.7530, lng: 22.8180, postalCodes: ['37-700'] },
  { name: 'Grochowce', gmina: 'Przemyśl', lat: 49.7530, lng: 22.8390, postalCodes: ['37-700'] },
  { name: 'Krówniki', gmina: 'Przemyśl', lat: 49.7890, lng: 22.8340, postalCodes: ['37-700'] },
  { name: 'Kuńkowce', gmina: 'Przemyśl', lat: 49.7630, lng: 22.7390, postalCodes: ['37-700'] },
  { name: 'Łętownia', gmina: 'Przemyśl', lat: 49.7470, lng: 22.7700, postalCodes: ['37-700'] },
  { name: 'Rożubowice', gmina: 'Przemyśl', lat: 49.7410, lng: 22.8060, postalCodes: ['37-700'] },
  { name: 'Hermanowice', gmina: 'Przemyśl', lat: 49.7450, lng: 22.8440, postalCodes: ['37-700'] },
  { name: 'Stanisławczyk', gmina: 'Przemyśl', lat: 49.7500, lng: 22.7380, postalCodes: ['37-700'] },
  { name: 'Wapowce', gmina: 'Przemyśl', lat: 49.7950, lng: 22.6700, postalCodes: ['37-700'] },
  { name: 'Witoszyńce', gmina: 'Przemyśl', lat: 49.7780, lng: 22.7320, postalCodes: ['37-700'] },
  { name: 'Prałkowce', gmina: 'Przemyśl', lat: 49.7690, lng: 22.7240, postalCodes: ['37-700'] },
  { name: 'Ujkowice', gmina: 'Przemyśl', lat: 49.8480, lng: 22.8180, postalCodes: ['37-700'] },

  // Gmina Bircza.
  { name: 'Bircza', gmina: 'Bircza', lat: 49.6919, lng: 22.4783, postalCodes: ['37-740'] },
  { name: 'Stara Bircza', gmina: 'Bircza', lat: 49.7010, lng: 22.4530, postalCodes: ['37-740'] },
  { name: 'Nowa Wieś', gmina: 'Bircza', lat: 49.7040, lng: 22.4380, postalCodes: ['37-740'] },
  { name: 'Lipa', gmina: 'Bircza', lat: 49.7230, lng: 22.4900, postalCodes: ['37-740'] },
  { name: 'Wola Korzeniecka', gmina: 'Bircza', lat: 49.7060, lng: 22.4990, postalCodes: ['37-740'] },
  { name: 'Korzeniec', gmina: 'Bircza', lat: 49.6930, lng: 22.5160, postalCodes: ['37-740'] },
  { name: 'Brzeżawa', gmina: 'Bircza', lat: 49.7170, lng: 22.5390, postalCodes: ['37-740'] },
  { name: 'Sufczyna', gmina: 'Bircza', lat: 49.7370, lng: 22.5080, postalCodes: ['37-740'] },
  { name: 'Jasienica Sufczyńska', gmina: 'Bircza', lat: 49.7480, lng: 22.4690, postalCodes: ['37-740'] },
  { name: 'Żohatyn', gmina: 'Bircza', lat: 49.7420, lng: 22.5530, postalCodes: ['37-740'] },
  { name: 'Boguszówka', gmina: 'Bircza', lat: 49.6660, lng: 22.4660, postalCodes: ['37-740'] },
  { name: 'Leszczawa Dolna', gmina: 'Bircza', lat: 49.6560, lng: 22.4420, postalCodes: ['37-740'] },
  { name: 'Leszczawa Górna', gmina: 'Bircza', lat: 49.6380, lng: 22.4470, postalCodes: ['37-740'] },
  { name: 'Leszczawka', gmina: 'Bircza', lat: 49.6750, lng: 22.4250, postalCodes: ['37-740'] },
  { name: 'Łodzinka Dolna', gmina: 'Bircza', lat: 49.6720, lng: 22.5140, postalCodes: ['37-740'] },
  { name: 'Łodzinka Górna', gmina: 'Bircza', lat: 49.6560, lng: 22.5280, postalCodes: ['37-740'] },
  { name: 'Rudawka', gmina: 'Bircza', lat: 49.6470, lng: 22.5070, postalCodes: ['37-740'] },
  { name: 'Kuźmina', gmina: 'Bircza', lat: 49.6230, lng: 22.4000, postalCodes: ['37-740'] },
  { name: 'Roztoka', gmina: 'Bircza', lat: 49.7270, lng: 22.4370, postalCodes: ['37-740'] },
  { name: 'Borownica', gmina: 'Bircza', lat: 49.7220, lng: 22.4160, postalCodes: ['37-740'] },
  { name: 'Dobrzanka', gmina: 'Bircza', lat: 49.6880, lng: 22.5420, postalCodes: ['37-740'] },
  { name: 'Huta Brzuska', gmina: 'Bircza', lat: 49.7060, lng: 22.3960, postalCodes: ['37-740'] },

  // Gmina Dubiecko.
  { name: 'Dubiecko', gmina: 'Dubiecko', lat: 49.8290, lng: 22.3910, postalCodes: ['37-750'] },
  { name: 'Przedmieście Dubieckie', gmina: 'Dubiecko', lat: 49.8200, lng: 22.3800, postalCodes: ['37-750'] },
  { name: 'Bachórz', gmina: 'Dubiecko', lat: 49.8370, lng: 22.3550, postalCodes: ['37-750'] },
  { name: 'Nienadowa', gmina: 'Dubiecko', lat: 49.8540, lng: 22.4230, postalCodes: ['37-750'] },
  { name: 'Łączki', gmina: 'Dubiecko', lat: 49.8210, lng: 22.3270, postalCodes: ['37-750'] },
  { name: 'Iskań', gmina: 'Dubiecko', lat: 49.8040, lng: 22.4180, postalCodes: ['37-750'] },
  { name: 'Słonne', gmina: 'Dubiecko', lat: 49.8150, lng: 22.4050, postalCodes: ['37-750'] },
  { name: 'Piątkowa', gmina: 'Dubiecko', lat: 49.8450, lng: 22.4430, postalCodes: ['37-750'] },
  { name: 'Sielnica', gmina: 'Dubiecko', lat: 49.8080, lng: 22.3610, postalCodes: ['37-750'] },
  { name: 'Tarnawka', gmina: 'Dubiecko', lat: 49.8550, lng: 22.3480, postalCodes: ['37-750'] },
  { name: 'Winne-Podbukowie', gmina: 'Dubiecko', lat: 49.7850, lng: 22.3760, postalCodes: ['37-750'] },
  { name: 'Hucisko Nienadowskie', gmina: 'Dubiecko', lat: 49.8720, lng: 22.4090, postalCodes: ['37-750'] },

  // Gmina Fredropol.
  { name: 'Fredropol', gmina: 'Fredropol', lat: 49.7030, lng: 22.7870, postalCodes: ['37-734'] },
  { name: 'Kormanice', gmina: 'Fredropol', lat: 49.7200, lng: 22.8210, postalCodes: ['37-734'] },
  { name: 'Młodowice', gmina: 'Fredropol', lat: 49.7170, lng: 22.7560 },
  { name: 'Sierakośce', gmina: 'Fredropol', lat: 49.7200, lng: 22.8600 },
  { name: 'Nowe Sady', gmina: 'Fredropol', lat: 49.7010, lng: 22.8340 },
  { name: 'Aksmanice', gmina: 'Fredropol', lat: 49.6800, lng: 22.8130 },
  { name: 'Huwniki', gmina: 'Fredropol', lat: 49.6590, lng: 22.7020 },
  { name: 'Rybotycze', gmina: 'Fredropol', lat: 49.6630, lng: 22.6810 },
  { name: 'Gruszowa', gmina: 'Fredropol', lat: 49.6780, lng: 22.7400 },

  // Gmina Krasiczyn.
  { name: 'Krasiczyn', gmina: 'Krasiczyn', lat: 49.7710, lng: 22.6530, postalCodes: ['37-741'] },
  { name: 'Olszany', gmina: 'Krasiczyn', lat: 49.7700, lng: 22.6150, postalCodes: ['37-741'] },
  { name: 'Dybawka', gmina: 'Krasiczyn', lat: 49.7695, lng: 22.6960, postalCodes: ['37-741'] },
  { name: 'Korytniki', gmina: 'Krasiczyn', lat: 49.7500, lng: 22.6400, postalCodes: ['37-741'] },
  { name: 'Rokszyce', gmina: 'Krasiczyn', lat: 49.7680, lng: 22.5900, postalCodes: ['37-741'] },
  { name: 'Śliwnica', gmina: 'Krasiczyn', lat: 49.7930, lng: 22.6190, postalCodes: ['37-741'] },
  { name: 'Mielnów', gmina: 'Krasiczyn', lat: 49.7480, lng: 22.6600, postalCodes: ['37-741'] },
  { name: 'Tarnawce', gmina: 'Krasiczyn', lat: 49.7560, lng: 22.7030, postalCodes: ['37-741'] },
  { name: 'Brylińce', gmina: 'Krasiczyn', lat: 49.7240, lng: 22.6890, postalCodes: ['37-741'] },
  { name: 'Chołowice', gmina: 'Krasiczyn', lat: 49.7330, lng: 22.6760, postalCodes: ['37-741'] },
  { name: 'Cisowa', gmina: 'Krasiczyn', lat: 49.7330, lng: 22.6530, postalCodes: ['37-741'] },

  // Gmina Krzywcza.
  { name: 'Krzywcza', gmina: 'Krzywcza', lat: 49.8000, lng: 22.5430, postalCodes: ['37-755'] },
  { name: 'Babice', gmina: 'Krzywcza', lat: 49.7950, lng: 22.5100, postalCodes: ['37-755'] },
  { name: 'Bachów', gmina: 'Krzywcza', lat: 49.8070, lng: 22.4960, postalCodes: ['37-755'] },
  { name: 'Chyrzyna', gmina: 'Krzywcza', lat: 49.8260, lng: 22.5300, postalCodes: ['37-755'] },
  { name: 'Reczpol', gmina: 'Krzywcza', lat: 49.8170, lng: 22.5550, postalCodes: ['37-755'] },
  { name: 'Ruszelczyce', gmina: 'Krzywcza', lat: 49.8320, lng: 22.5750, postalCodes: ['37-755'] },
  { name: 'Średnia', gmina: 'Krzywcza', lat: 49.8310, lng: 22.4860, postalCodes: ['37-755'] },
  { name: 'Wola Krzywiecka', gmina: 'Krzywcza', lat: 49.8170, lng: 22.5250, postalCodes: ['37-755'] },
  { name: 'Krzeczkowa', gmina: 'Krzywcza', lat: 49.7820, lng: 22.5690, postalCodes: ['37-755'] },

  // Gmina Medyka.
  { name: 'Medyka', gmina: 'Medyka', lat: 49.8050, lng: 22.9300, postalCodes: ['37-732'] },
  { name: 'Torki', gmina: 'Medyka', lat: 49.8330, lng: 22.9200, postalCodes: ['37-732'] },
  { name: 'Hurko', gmina: 'Medyka', lat: 49.8120, lng: 22.8780, postalCodes: ['37-732'] },
  { name: 'Siedliska', gmina: 'Medyka', lat: 49.7810, lng: 22.9260, postalCodes: ['37-732'] },
  { name: 'Leszno', gmina: 'Medyka', lat: 49.8350, lng: 22.9450, postalCodes: ['37-732'] },
  { name: 'Jaksmanice', gmina: 'Medyka', lat: 49.8250, lng: 22.9030, postalCodes: ['37-732'] },
  { name: 'Husaków', gmina: 'Medyka', lat: 49.7710, lng: 22.9460, postalCodes: ['37-732'] },
  { name: 'Chałupki Medyckie', gmina: 'Medyka', lat: 49.7970, lng: 22.9620, postalCodes: ['37-732'] },

  // Gmina Orły.
  { name: 'Orły', gmina: 'Orły', lat: 49.8660, lng: 22.8230, postalCodes: ['37-716'] },
  { name: 'Drohojów', gmina: 'Orły', lat: 49.8830, lng: 22.8550, postalCodes: ['37-716'] },
  { name: 'Niziny', gmina: 'Orły', lat: 49.8830, lng: 22.8000, postalCodes: ['37-716'] },
  { name: 'Wacławice', gmina: 'Orły', lat: 49.8910, lng: 22.7890, postalCodes: ['37-716'] },
  { name: 'Walawa', gmina: 'Orły', lat: 49.8700, lng: 22.8800, postalCodes: ['37-716'] },
  { name: 'Zadąbrowie', gmina: 'Orły', lat: 49.8800, lng: 22.8150, postalCodes: ['37-716'] },
  { name: 'Duńkowice', gmina: 'Orły', lat: 49.9060, lng: 22.8400, postalCodes: ['37-716'] },
  { name: 'Olszynka', gmina: 'Orły', lat: 49.8550, lng: 22.8720, postalCodes: ['37-716'] },
  { name: 'Kaszyce', gmina: 'Orły', lat: 49.8980, lng: 22.8810, postalCodes: ['37-716'] },
  { name: 'Trójczyce', gmina: 'Orły', lat: 49.8910, lng: 22.7530, postalCodes: ['37-716'] },
  { name: 'Małkowice', gmina: 'Orły', lat: 49.9230, lng: 22.8300, postalCodes: ['37-716'] },

  // Gmina Stubno.
  { name: 'Stubno', gmina: 'Stubno', lat: 49.8990, lng: 22.9590, postalCodes: ['37-723'] },
  { name: 'Kalników', gmina: 'Stubno', lat: 49.9170, lng: 22.9700, postalCodes: ['37-723'] },
  { name: 'Gaje', gmina: 'Stubno', lat: 49.9290, lng: 22.9450, postalCodes: ['37-723'] },
  { name: 'Barycz', gmina: 'Stubno', lat: 49.8810, lng: 22.9260, postalCodes: ['37-723'] },
  { name: 'Nakło', gmina: 'Stubno', lat: 49.8800, lng: 22.9690, postalCodes: ['37-723'] },
  { name: 'Starzawa', gmina: 'Stubno', lat: 49.8900, lng: 22.9980, postalCodes: ['37-723'] },
  { name: 'Stubienko', gmina: 'Stubno', lat: 49.9120, lng: 22.9390, postalCodes: ['37-723'] },

  // Gmina Żurawica.
  { name: 'Żurawica', gmina: 'Żurawica', lat: 49.8250, lng: 22.7830, postalCodes: ['37-710'] },
  { name: 'Żurawiczki', gmina: 'Żurawica', lat: 49.8440, lng: 22.8020, postalCodes: ['37-710'] },
  { name: 'Bolestraszyce', gmina: 'Żurawica', lat: 49.8160, lng: 22.8250, postalCodes: ['37-722'] },
  { name: 'Wyszatyce', gmina: 'Żurawica', lat: 49.8600, lng: 22.7660, postalCodes: ['37-722'] },
  { name: 'Batycze', gmina: 'Żurawica', lat: 49.8470, lng: 22.7710, postalCodes: ['37-710'] },
  { name: 'Buszkowice', gmina: 'Żurawica', lat: 49.8430, lng: 22.7590, postalCodes: ['37-710'] },
  { name: 'Buszkowiczki', gmina: 'Żurawica', lat: 49.8440, lng: 22.7330, postalCodes: ['37-710'] },
  { name: 'Kosienice', gmina: 'Żurawica', lat: 49.8820, lng: 22.7520, postalCodes: ['37-710'] },
  { name: 'Maćkowice', gmina: 'Żurawica', lat: 49.8620, lng: 22.7390, postalCodes: ['37-710'] },
  { name: 'Orzechowce', gmina: 'Żurawica', lat: 49.8280, lng: 22.8280, postalCodes: ['37-710'] },
  { name: 'Lipowica', gmina: 'Żurawica', lat: 49.8170, lng: 22.8120, postalCodes: ['37-710'] },
];
