/**
 * The model withdrawal form (załącznik nr 2 do ustawy o prawach konsumenta)
 * that /terms offers for download: a static file in public/, rendered from
 * scripts/withdrawal-form/ by scripts/build-withdrawal-form.ts. The size is
 * shown beside the link; tests/unit/legal-texts.test.ts keeps it true.
 */
export const WITHDRAWAL_FORM_FILE = 'wzor-formularza-odstapienia-od-umowy.pdf';
export const WITHDRAWAL_FORM_PATH = `/${WITHDRAWAL_FORM_FILE}`;
export const WITHDRAWAL_FORM_BYTES = 37_060;

/** '38 kB': what the link says of the download. */
export function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}
