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
  { name: 'Ostrów', gmina: 'Przemyśl', lat: 49.803, lng: 22.802, postalCodes: ['37-700'] },
  { name: 'Pikulice', gmina: 'Przemyśl', lat: 49.761, lng: 22.79, postalCodes: ['37-700'] },
  { name: 'Nehrybka', gmina: 'Przemyśl', lat: 49.753, lng: 22.818, postalCodes: ['37-700'] },
  { name: 'Grochowce', gmina: 'Przemyśl', lat: 49.753, lng: 22.839, postalCodes: ['37-700'] },
  { name: 'Krówniki', gmina: 'Przemyśl', lat: 49.789, lng: 22.834, postalCodes: ['37-700'] },
  { name: 'Kuńkowce', gmina: 'Przemyśl', lat: 49.763, lng: 22.739, postalCodes: ['37-700'] },
  { name: 'Łętownia', gmina: 'Przemyśl', lat: 49.747, lng: 22.77, postalCodes: ['37-700'] },
  { name: 'Rożubowice', gmina: 'Przemyśl', lat: 49.741, lng: 22.806, postalCodes: ['37-700'] },
  { name: 'Hermanowice', gmina: 'Przemyśl', lat: 49.745, lng: 22.844, postalCodes: ['37-700'] },
  { name: 'Stanisławczyk', gmina: 'Przemyśl', lat: 49.75, lng: 22.738, postalCodes: ['37-700'] },
  { name: 'Wapowce', gmina: 'Przemyśl', lat: 49.795, lng: 22.67, postalCodes: ['37-700'] },
  { name: 'Witoszyńce', gmina: 'Przemyśl', lat: 49.778, lng: 22.732, postalCodes: ['37-700'] },
  { name: 'Prałkowce', gmina: 'Przemyśl', lat: 49.769, lng: 22.724, postalCodes: ['37-700'] },
  { name: 'Ujkowice', gmina: 'Przemyśl', lat: 49.848, lng: 22.818, postalCodes: ['37-700'] },

  // Gmina Bircza.
  { name: 'Bircza', gmina: 'Bircza', lat: 49.6919, lng: 22.4783, postalCodes: ['37-740'] },
  { name: 'Stara Bircza', gmina: 'Bircza', lat: 49.701, lng: 22.453, postalCodes: ['37-740'] },
  { name: 'Nowa Wieś', gmina: 'Bircza', lat: 49.704, lng: 22.438, postalCodes: ['37-740'] },
  { name: 'Lipa', gmina: 'Bircza', lat: 49.723, lng: 22.49, postalCodes: ['37-740'] },
  { name: 'Wola Korzeniecka', gmina: 'Bircza', lat: 49.706, lng: 22.499, postalCodes: ['37-740'] },
  { name: 'Korzeniec', gmina: 'Bircza', lat: 49.693, lng: 22.516, postalCodes: ['37-740'] },
  { name: 'Brzeżawa', gmina: 'Bircza', lat: 49.717, lng: 22.539, postalCodes: ['37-740'] },
  { name: 'Sufczyna', gmina: 'Bircza', lat: 49.737, lng: 22.508, postalCodes: ['37-740'] },
  { name: 'Jasienica Sufczyńska', gmina: 'Bircza', lat: 49.748, lng: 22.469, postalCodes: ['37-740'] },
  { name: 'Żohatyn', gmina: 'Bircza', lat: 49.742, lng: 22.553, postalCodes: ['37-740'] },
  { name: 'Boguszówka', gmina: 'Bircza', lat: 49.666, lng: 22.466, postalCodes: ['37-740'] },
  { name: 'Leszczawa Dolna', gmina: 'Bircza', lat: 49.656, lng: 22.442, postalCodes: ['37-740'] },
  { name: 'Leszczawa Górna', gmina: 'Bircza', lat: 49.638, lng: 22.447, postalCodes: ['37-740'] },
  { name: 'Leszczawka', gmina: 'Bircza', lat: 49.675, lng: 22.425, postalCodes: ['37-740'] },
  { name: 'Łodzinka Dolna', gmina: 'Bircza', lat: 49.672, lng: 22.514, postalCodes: ['37-740'] },
  { name: 'Łodzinka Górna', gmina: 'Bircza', lat: 49.656, lng: 22.528, postalCodes: ['37-740'] },
  { name: 'Rudawka', gmina: 'Bircza', lat: 49.647, lng: 22.507, postalCodes: ['37-740'] },
  { name: 'Kuźmina', gmina: 'Bircza', lat: 49.623, lng: 22.4, postalCodes: ['37-740'] },
  { name: 'Roztoka', gmina: 'Bircza', lat: 49.727, lng: 22.437, postalCodes: ['37-740'] },
  { name: 'Borownica', gmina: 'Bircza', lat: 49.722, lng: 22.416, postalCodes: ['37-740'] },
  { name: 'Dobrzanka', gmina: 'Bircza', lat: 49.688, lng: 22.542, postalCodes: ['37-740'] },
  { name: 'Huta Brzuska', gmina: 'Bircza', lat: 49.706, lng: 22.396, postalCodes: ['37-740'] },

  // Gmina Dubiecko.
  { name: 'Dubiecko', gmina: 'Dubiecko', lat: 49.829, lng: 22.391, postalCodes: ['37-750'] },
  { name: 'Przedmieście Dubieckie', gmina: 'Dubiecko', lat: 49.82, lng: 22.38, postalCodes: ['37-750'] },
  { name: 'Bachórz', gmina: 'Dubiecko', lat: 49.837, lng: 22.355, postalCodes: ['37-750'] },
  { name: 'Nienadowa', gmina: 'Dubiecko', lat: 49.854, lng: 22.423, postalCodes: ['37-750'] },
  { name: 'Łączki', gmina: 'Dubiecko', lat: 49.821, lng: 22.327, postalCodes: ['37-750'] },
  { name: 'Iskań', gmina: 'Dubiecko', lat: 49.804, lng: 22.418, postalCodes: ['37-750'] },
  { name: 'Słonne', gmina: 'Dubiecko', lat: 49.815, lng: 22.405, postalCodes: ['37-750'] },
  { name: 'Piątkowa', gmina: 'Dubiecko', lat: 49.845, lng: 22.443, postalCodes: ['37-750'] },
  { name: 'Sielnica', gmina: 'Dubiecko', lat: 49.808, lng: 22.361, postalCodes: ['37-750'] },
  { name: 'Tarnawka', gmina: 'Dubiecko', lat: 49.855, lng: 22.348, postalCodes: ['37-750'] },
  { name: 'Winne-Podbukowie', gmina: 'Dubiecko', lat: 49.785, lng: 22.376, postalCodes: ['37-750'] },
  { name: 'Hucisko Nienadowskie', gmina: 'Dubiecko', lat: 49.872, lng: 22.409, postalCodes: ['37-750'] },

  // Gmina Fredropol.
  { name: 'Fredropol', gmina: 'Fredropol', lat: 49.703, lng: 22.787, postalCodes: ['37-734'] },
  { name: 'Kormanice', gmina: 'Fredropol', lat: 49.72, lng: 22.821, postalCodes: ['37-734'] },
  { name: 'Młodowice', gmina: 'Fredropol', lat: 49.717, lng: 22.756 },
  { name: 'Sierakośce', gmina: 'Fredropol', lat: 49.72, lng: 22.86 },
  { name: 'Nowe Sady', gmina: 'Fredropol', lat: 49.701, lng: 22.834 },
  { name: 'Aksmanice', gmina: 'Fredropol', lat: 49.68, lng: 22.813 },
  { name: 'Huwniki', gmina: 'Fredropol', lat: 49.659, lng: 22.702 },
  { name: 'Rybotycze', gmina: 'Fredropol', lat: 49.663, lng: 22.681 },
  { name: 'Gruszowa', gmina: 'Fredropol', lat: 49.678, lng: 22.74 },

  // Gmina Krasiczyn.
  { name: 'Krasiczyn', gmina: 'Krasiczyn', lat: 49.771, lng: 22.653, postalCodes: ['37-741'] },
  { name: 'Olszany', gmina: 'Krasiczyn', lat: 49.77, lng: 22.615, postalCodes: ['37-741'] },
  { name: 'Dybawka', gmina: 'Krasiczyn', lat: 49.7695, lng: 22.696, postalCodes: ['37-741'] },
  { name: 'Korytniki', gmina: 'Krasiczyn', lat: 49.75, lng: 22.64, postalCodes: ['37-741'] },
  { name: 'Rokszyce', gmina: 'Krasiczyn', lat: 49.768, lng: 22.59, postalCodes: ['37-741'] },
  { name: 'Śliwnica', gmina: 'Krasiczyn', lat: 49.793, lng: 22.619, postalCodes: ['37-741'] },
  { name: 'Mielnów', gmina: 'Krasiczyn', lat: 49.748, lng: 22.66, postalCodes: ['37-741'] },
  { name: 'Tarnawce', gmina: 'Krasiczyn', lat: 49.756, lng: 22.703, postalCodes: ['37-741'] },
  { name: 'Brylińce', gmina: 'Krasiczyn', lat: 49.724, lng: 22.689, postalCodes: ['37-741'] },
  { name: 'Chołowice', gmina: 'Krasiczyn', lat: 49.733, lng: 22.676, postalCodes: ['37-741'] },
  { name: 'Cisowa', gmina: 'Krasiczyn', lat: 49.733, lng: 22.653, postalCodes: ['37-741'] },

  // Gmina Krzywcza.
  { name: 'Krzywcza', gmina: 'Krzywcza', lat: 49.8, lng: 22.543, postalCodes: ['37-755'] },
  { name: 'Babice', gmina: 'Krzywcza', lat: 49.795, lng: 22.51, postalCodes: ['37-755'] },
  { name: 'Bachów', gmina: 'Krzywcza', lat: 49.807, lng: 22.496, postalCodes: ['37-755'] },
  { name: 'Chyrzyna', gmina: 'Krzywcza', lat: 49.826, lng: 22.53, postalCodes: ['37-755'] },
  { name: 'Reczpol', gmina: 'Krzywcza', lat: 49.817, lng: 22.555, postalCodes: ['37-755'] },
  { name: 'Ruszelczyce', gmina: 'Krzywcza', lat: 49.832, lng: 22.575, postalCodes: ['37-755'] },
  { name: 'Średnia', gmina: 'Krzywcza', lat: 49.831, lng: 22.486, postalCodes: ['37-755'] },
  { name: 'Wola Krzywiecka', gmina: 'Krzywcza', lat: 49.817, lng: 22.525, postalCodes: ['37-755'] },
  { name: 'Krzeczkowa', gmina: 'Krzywcza', lat: 49.782, lng: 22.569, postalCodes: ['37-755'] },

  // Gmina Medyka.
  { name: 'Medyka', gmina: 'Medyka', lat: 49.805, lng: 22.93, postalCodes: ['37-732'] },
  { name: 'Torki', gmina: 'Medyka', lat: 49.833, lng: 22.92, postalCodes: ['37-732'] },
  { name: 'Hurko', gmina: 'Medyka', lat: 49.812, lng: 22.878, postalCodes: ['37-732'] },
  { name: 'Siedliska', gmina: 'Medyka', lat: 49.781, lng: 22.926, postalCodes: ['37-732'] },
  { name: 'Leszno', gmina: 'Medyka', lat: 49.835, lng: 22.945, postalCodes: ['37-732'] },
  { name: 'Jaksmanice', gmina: 'Medyka', lat: 49.825, lng: 22.903, postalCodes: ['37-732'] },
  { name: 'Husaków', gmina: 'Medyka', lat: 49.771, lng: 22.946, postalCodes: ['37-732'] },
  { name: 'Chałupki Medyckie', gmina: 'Medyka', lat: 49.797, lng: 22.962, postalCodes: ['37-732'] },

  // Gmina Orły.
  { name: 'Orły', gmina: 'Orły', lat: 49.866, lng: 22.823, postalCodes: ['37-716'] },
  { name: 'Drohojów', gmina: 'Orły', lat: 49.883, lng: 22.855, postalCodes: ['37-716'] },
  { name: 'Niziny', gmina: 'Orły', lat: 49.883, lng: 22.8, postalCodes: ['37-716'] },
  { name: 'Wacławice', gmina: 'Orły', lat: 49.891, lng: 22.789, postalCodes: ['37-716'] },
  { name: 'Walawa', gmina: 'Orły', lat: 49.87, lng: 22.88, postalCodes: ['37-716'] },
  { name: 'Zadąbrowie', gmina: 'Orły', lat: 49.88, lng: 22.815, postalCodes: ['37-716'] },
  { name: 'Duńkowice', gmina: 'Orły', lat: 49.906, lng: 22.84, postalCodes: ['37-716'] },
  { name: 'Olszynka', gmina: 'Orły', lat: 49.855, lng: 22.872, postalCodes: ['37-716'] },
  { name: 'Kaszyce', gmina: 'Orły', lat: 49.898, lng: 22.881, postalCodes: ['37-716'] },
  { name: 'Trójczyce', gmina: 'Orły', lat: 49.891, lng: 22.753, postalCodes: ['37-716'] },
  { name: 'Małkowice', gmina: 'Orły', lat: 49.923, lng: 22.83, postalCodes: ['37-716'] },

  // Gmina Stubno.
  { name: 'Stubno', gmina: 'Stubno', lat: 49.899, lng: 22.959, postalCodes: ['37-723'] },
  { name: 'Kalników', gmina: 'Stubno', lat: 49.917, lng: 22.97, postalCodes: ['37-723'] },
  { name: 'Gaje', gmina: 'Stubno', lat: 49.929, lng: 22.945, postalCodes: ['37-723'] },
  { name: 'Barycz', gmina: 'Stubno', lat: 49.881, lng: 22.926, postalCodes: ['37-723'] },
  { name: 'Nakło', gmina: 'Stubno', lat: 49.88, lng: 22.969, postalCodes: ['37-723'] },
  { name: 'Starzawa', gmina: 'Stubno', lat: 49.89, lng: 22.998, postalCodes: ['37-723'] },
  { name: 'Stubienko', gmina: 'Stubno', lat: 49.912, lng: 22.939, postalCodes: ['37-723'] },

  // Gmina Żurawica.
  { name: 'Żurawica', gmina: 'Żurawica', lat: 49.825, lng: 22.783, postalCodes: ['37-710'] },
  { name: 'Żurawiczki', gmina: 'Żurawica', lat: 49.844, lng: 22.802, postalCodes: ['37-710'] },
  { name: 'Bolestraszyce', gmina: 'Żurawica', lat: 49.816, lng: 22.825, postalCodes: ['37-722'] },
  { name: 'Wyszatyce', gmina: 'Żurawica', lat: 49.86, lng: 22.766, postalCodes: ['37-722'] },
  { name: 'Batycze', gmina: 'Żurawica', lat: 49.847, lng: 22.771, postalCodes: ['37-710'] },
  { name: 'Buszkowice', gmina: 'Żurawica', lat: 49.843, lng: 22.759, postalCodes: ['37-710'] },
  { name: 'Buszkowiczki', gmina: 'Żurawica', lat: 49.844, lng: 22.733, postalCodes: ['37-710'] },
  { name: 'Kosienice', gmina: 'Żurawica', lat: 49.882, lng: 22.752, postalCodes: ['37-710'] },
  { name: 'Maćkowice', gmina: 'Żurawica', lat: 49.862, lng: 22.739, postalCodes: ['37-710'] },
  { name: 'Orzechowce', gmina: 'Żurawica', lat: 49.828, lng: 22.828, postalCodes: ['37-710'] },
  { name: 'Lipowica', gmina: 'Żurawica', lat: 49.817, lng: 22.812, postalCodes: ['37-710'] },
];
