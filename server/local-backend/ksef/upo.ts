/** The invoice's UPO as KSeF 2.0 writes it (upo-v4-3.xsd; ksef-docs faktury/upo/przyklady/v4-3/kontekst-nip). */

export interface UpoFields {
  sessionReferenceNumber: string;
  nip: string;
  authenticationDocumentHash: string;
  ksefNumber: string;
  invoiceNumber: string;
  issueDate: string;
  sentAt: string;
  numberedAt: string;
  invoiceHash: string;
}

function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function invoiceUpo(fields: UpoFields): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
\t<NazwaPodmiotuPrzyjmujacego>Lokalny zastępnik KSeF (nie Ministerstwo Finansów)</NazwaPodmiotuPrzyjmujacego>
\t<NumerReferencyjnySesji>${fields.sessionReferenceNumber}</NumerReferencyjnySesji>
\t<Uwierzytelnienie>
\t\t<IdKontekstu>
\t\t\t<Nip>${fields.nip}</Nip>
\t\t</IdKontekstu>
\t\t<SkrotDokumentuUwierzytelniajacego>${fields.authenticationDocumentHash}</SkrotDokumentuUwierzytelniajacego>
\t</Uwierzytelnienie>
\t<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
\t<KodFormularza>FA (3)</KodFormularza>
\t<Dokument>
\t\t<NipSprzedawcy>${fields.nip}</NipSprzedawcy>
\t\t<NumerKSeFDokumentu>${fields.ksefNumber}</NumerKSeFDokumentu>
\t\t<NumerFaktury>${text(fields.invoiceNumber)}</NumerFaktury>
\t\t<DataWystawieniaFaktury>${fields.issueDate}</DataWystawieniaFaktury>
\t\t<DataPrzeslaniaDokumentu>${fields.sentAt}</DataPrzeslaniaDokumentu>
\t\t<DataNadaniaNumeruKSeF>${fields.numberedAt}</DataNadaniaNumeruKSeF>
\t\t<SkrotDokumentu>${fields.invoiceHash}</SkrotDokumentu>
\t\t<TrybWysylki>Online</TrybWysylki>
\t</Dokument>
</Potwierdzenie>
`;
}
