import { apiKeyHeaders } from './api-key-headers.ts';
import { getBackendConfig } from './backend-config.ts';
import { saveFile } from './save-file.ts';

/**
 * Downloads an accepted invoice's PDF from order-page, proven as the order
 * page itself is (the mail's token, the placing device's key, or the
 * session: the buyer's, or the owner's in the admin). Shared by the order
 * page and the admin order detail. Resolves with a Polish message when there
 * is no file to save, null once it is saved.
 */

export interface InvoicePdfRequest {
  number: string;
  invoiceId: string;
  token?: string | null;
  accessKey?: string | null;
}

const FAILED = 'Nie udało się pobrać faktury. Spróbuj ponownie za chwilę.';
const OFFLINE = 'Brak połączenia z internetem. Fakturę pobierzesz, gdy wrócisz online.';

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? 'Faktura.pdf';
}

export async function downloadInvoicePdf(request: InvoicePdfRequest, accessToken: string | null): Promise<string | null> {
  const { url, anonKey } = getBackendConfig();
  const body = {
    number: request.number,
    invoiceId: request.invoiceId,
    ...(request.token ? { token: request.token } : {}),
    ...(request.accessKey ? { accessKey: request.accessKey } : {}),
  };
  let response: Response;
  try {
    response = await fetch(`${url}/functions/v1/order-page`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...apiKeyHeaders(anonKey, accessToken) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return typeof navigator !== 'undefined' && !navigator.onLine ? OFFLINE : FAILED;
  }
  if (!response.ok || !(response.headers.get('Content-Type') ?? '').startsWith('application/pdf')) {
    const answer: unknown = await response.json().catch(() => null);
    const message = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>).message : undefined;
    return typeof message === 'string' && message.trim() ? message : FAILED;
  }
  saveFile(await response.blob(), fileNameOf(response));
  return null;
}
