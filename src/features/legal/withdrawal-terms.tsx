import { Link } from '@tanstack/react-router';
import { WITHDRAWAL_PERIOD_DAYS } from '../../domain/withdrawal-right.ts';
import type { PublicSettings } from '../../lib/public-settings.ts';
import { WITHDRAWAL_FORM_BYTES, WITHDRAWAL_FORM_FILE, WITHDRAWAL_FORM_PATH, formatFileSize } from './withdrawal-form.ts';

const link = 'font-medium text-forest-800 underline';

/**
 * The terms' 'Prawo odstąpienia od umowy' (docs/spec.md §9), in
 * plain words: the 14 days, the two exceptions a florist meets (art. 38 ust. 1 pkt 4
 * and pkt 3 ustawy o prawach konsumenta), how to withdraw and what follows.
 * The owner's lawyer should review it (docs/legal.md).
 */
export function WithdrawalTerms({ settings }: { settings: PublicSettings }) {
  return (
    <>
      <p>
        Możesz odstąpić od umowy bez podawania przyczyny w ciągu {WITHDRAWAL_PERIOD_DAYS} dni. Termin liczymy od dnia, w którym Ty (lub
        wskazana przez Ciebie osoba, inna niż przewoźnik) otrzymasz towar.
      </p>
      <p>Prawo odstąpienia nie przysługuje przy:</p>
      <ul>
        <li>
          kwiatach żywych (bukiety, kwiaty cięte, kompozycje z żywych kwiatów), bo szybko tracą świeżość – art. 38 ust. 1 pkt 4 ustawy o
          prawach konsumenta;
        </li>
        <li>
          produktach wykonanych według Twojej specyfikacji, np. wieńcach i wiązankach personalizowanych oraz szarfach z Twoim napisem – art.
          38 ust. 1 pkt 3 tej ustawy.
        </li>
      </ul>
      <p>
        Prawo odstąpienia zachowujesz przy pozostałych towarach, m.in. kwiatach sztucznych, zniczach, pamiątkach i biżuterii. Przy każdym
        produkcie i w koszyku zaznaczamy, jeśli prawo odstąpienia go nie obejmuje.
      </p>
      <p>
        <strong>Jak odstąpić od umowy.</strong> Wystarczy, że przed upływem terminu wyślesz nam oświadczenie, w dowolny z tych sposobów:
      </p>
      <ul>
        <li>
          online:{' '}
          <Link to="/odstapienie" className={link}>
            Odstąp od umowy
          </Link>
          ;
        </li>
        <li>
          e-mailem na adres{' '}
          <a href={`mailto:${settings.company_email}`} className={link}>
            {settings.company_email}
          </a>
          ;
        </li>
        <li>
          pocztą na adres: {settings.company_name}, {settings.company_address}.
        </li>
      </ul>
      <p>
        Możesz użyć wzoru formularza, ale nie musisz:{' '}
        <a href={WITHDRAWAL_FORM_PATH} download={WITHDRAWAL_FORM_FILE} className={link} data-testid="withdrawal-form-link">
          Wzór formularza odstąpienia od umowy (PDF, {formatFileSize(WITHDRAWAL_FORM_BYTES)})
        </a>
        . Jako adresata wpisz w nim dane sklepu podane powyżej.
      </p>
      <p>
        <strong>Co dalej:</strong> zwrócimy Ci wszystkie płatności, także za najtańszy zwykły sposób dostawy, w ciągu 14 dni od otrzymania
        oświadczenia, tą samą metodą płatności, chyba że uzgodnimy inną. Możemy wstrzymać zwrot do czasu otrzymania towaru lub dowodu jego
        odesłania. Towar odeślij w ciągu 14 dni od odstąpienia; bezpośredni koszt odesłania ponosisz Ty.
      </p>
    </>
  );
}
