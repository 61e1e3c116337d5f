import { usePublicSettings } from '../../lib/public-settings.ts';
import { LegalLayout, LegalSection } from './legal-layout.tsx';

export function PrivacyPage() {
  const settings = usePublicSettings();

  return (
    <LegalLayout
      title="Polityka prywatności"
      intro={<p>Dbamy o Twoje dane. Zbieramy tylko to, czego potrzebujemy, aby zrealizować zamówienie i odpowiedzieć na wiadomość.</p>}
    >
      <LegalSection title="Kto odpowiada za Twoje dane">
        <p>
          Administratorem danych jest {settings.company_name}, {settings.company_address}. W sprawach danych osobowych napisz na adres{' '}
          <a href={`mailto:${settings.company_email}`} className="font-medium text-forest-800 underline">
            {settings.company_email}
          </a>
          .
        </p>
      </LegalSection>

      <LegalSection title="Jakie dane przechowujemy i po co">
        <ul>
          <li>
            <strong>Zamówienia</strong>: imię i nazwisko, adres e-mail, telefon, adres dostawy i zamówione produkty. Potrzebujemy ich, aby
            przygotować i dostarczyć zamówienie, przyjąć płatność oraz rozpatrzyć ewentualną reklamację.
          </li>
          <li>
            <strong>Wiadomości z formularza kontaktowego</strong>: imię i nazwisko, adres e-mail, opcjonalnie telefon i treść wiadomości.
            Używamy ich tylko po to, aby Ci odpowiedzieć.
          </li>
          <li>
            <strong>Konto klienta</strong>: adres e-mail i hasło (przechowywane w postaci zaszyfrowanej) oraz historia zamówień.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Pamięć Twojego urządzenia">
        <p>
          Sklep zapisuje w przeglądarce koszyk, ulubione produkty, kopię katalogu (aby działał bez internetu), dane kontaktowe sklepu oraz
          Twoją zgodę na pliki cookie. Te dane zostają na Twoim urządzeniu. Nie używamy plików cookie reklamowych ani narzędzi śledzących.
        </p>
        <p>
          Odpowiedź na informację o plikach cookie zapisujemy też w jednym pliku cookie („kwiaciarnia-cookies”), który przeglądarka wysyła
          do sklepu przy otwieraniu stron, aby ta informacja nie pojawiała się ponownie. Nie zawiera on żadnych danych o Tobie.
        </p>
        <p>Możesz je usunąć w ustawieniach przeglądarki. Koszyk i ulubione zostaną wtedy wyczyszczone.</p>
      </LegalSection>

      <LegalSection title="Komu przekazujemy dane">
        <p>
          Tylko tym, bez których nie zrealizujemy zamówienia: operatorowi płatności oraz firmie kurierskiej, jeśli wybierzesz wysyłkę. Nie
          sprzedajemy danych.
        </p>
      </LegalSection>

      <LegalSection title="Twoje prawa">
        <p>
          Masz prawo wglądu do swoich danych, ich poprawienia, usunięcia lub ograniczenia przetwarzania. Możesz też złożyć skargę do Prezesa
          Urzędu Ochrony Danych Osobowych. Dane zamówień przechowujemy tak długo, jak wymagają tego przepisy podatkowe.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
