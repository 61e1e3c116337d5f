import { usePublicSettings } from '../../lib/public-settings.ts';
import { LegalLayout, LegalSection } from './legal-layout.tsx';
import { WithdrawalTerms } from './withdrawal-terms.tsx';

/** docs/spec.md §9 terms: withdrawal, complaints, shipping and transfer times, local delivery of live flowers. */
export function TermsPage() {
  const settings = usePublicSettings();

  return (
    <LegalLayout
      title="Regulamin"
      intro={
        <p>
          Regulamin określa zasady zakupów w sklepie internetowym {settings.company_name}, {settings.company_address}.
        </p>
      }
    >
      <LegalSection title="Zamówienia">
        <p>Zamówienie możesz złożyć bez zakładania konta. Ceny podajemy w złotych polskich i zawierają podatek VAT.</p>
        <p>Po złożeniu zamówienia otrzymasz jego numer. Prosimy podawać go w kontakcie ze sklepem.</p>
      </LegalSection>

      <LegalSection title="Płatności">
        <p>Możesz zapłacić szybkim przelewem, BLIK-iem, kartą lub tradycyjnym przelewem bankowym.</p>
        <p>Tradycyjny przelew bankowy zwykle dociera do nas w ciągu 1–2 dni roboczych.</p>
      </LegalSection>

      <LegalSection title="Dostawa">
        <ul>
          <li>
            Kwiaty żywe dostarczamy tylko lokalnie: na terenie powiatu przemyskiego i gminy Bircza. Koszt dostawy obliczamy na podstawie
            odległości.
          </li>
          <li>Kwiaty sztuczne, znicze, pamiątki i prezenty wysyłamy w ciągu 1–2 dni roboczych od zaksięgowania płatności.</li>
          <li>Zamówienie możesz też odebrać osobiście w kwiaciarni, bez opłat.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Prawo odstąpienia od umowy" id="prawo-odstapienia">
        <WithdrawalTerms settings={settings} />
      </LegalSection>

      <LegalSection title="Reklamacje">
        <p>
          Reklamację zgłoś w ciągu 14 dni od otrzymania towaru. Opisz problem i, jeśli to możliwe, dołącz zdjęcie. Rozpatrzymy ją w ciągu 14
          dni roboczych i odpowiemy na podany adres e-mail.
        </p>
        <p>
          Kontakt:{' '}
          <a href={`mailto:${settings.company_email}`} className="font-medium text-forest-800 underline">
            {settings.company_email}
          </a>
          , tel. {settings.company_phone}.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
