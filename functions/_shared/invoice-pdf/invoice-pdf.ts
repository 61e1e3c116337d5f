import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import qrcode from 'qrcode-generator';
import { formatPln, grosz } from '../../../src/domain/money.ts';
import { numericDate } from '../../../src/domain/polish-date.ts';
import { DEJAVU_SANS_BASE64, DEJAVU_SANS_BOLD_BASE64 } from './fonts.ts';
import { formatNip } from '../../../src/domain/nip.ts';
import { VAT_RATE_TEXT, invoiceTitle, type InvoiceDocument, type InvoiceParty } from './invoice-document.ts';

/**
 * The invoice's PDF (A4): title and dates, seller and buyer, the lines, the
 * totals per VAT rate, the payment, and — once KSeF accepted it — the KSeF
 * number under the verification QR code. Fonts are embedded (subset), so
 * every Polish letter prints on any reader.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.12, 0.16, 0.14);
const MUTED = rgb(0.35, 0.38, 0.36);
const RULE = rgb(0.75, 0.77, 0.76);
const QR_SIZE = 96;

function bytesOf(base64: string): Uint8Array {
  const binary = atob(base64);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Splits text into lines no wider than `width` (a word longer than a line is cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

class Sheet {
  page: PDFPage;
  y: number;
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** Starts a new page when fewer than `height` points are left above the margin. */
  room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  text(value: string, x: number, options: { size?: number; bold?: boolean; muted?: boolean; right?: number; y?: number } = {}): void {
    const size = options.size ?? 9;
    const font = options.bold ? this.bold : this.regular;
    const width = font.widthOfTextAtSize(value, size);
    const left = options.right !== undefined ? options.right - width : x;
    this.page.drawText(value, { x: left, y: options.y ?? this.y, size, font, color: options.muted ? MUTED : INK });
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.5, color: RULE });
  }
}

/** The verification code (KOD I): a QR of KSeF's link, its label the KSeF number under it. */
function drawVerificationCode(sheet: Sheet, url: string, ksefNumber: string, top: number): void {
  const qr = qrcode(0, 'M');
  qr.addData(url, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  // A quiet zone of four modules around the code, as the QR standard asks.
  const module = QR_SIZE / (count + 8);
  const left = A4[0] - MARGIN - QR_SIZE;
  const bottom = top - QR_SIZE;
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (!qr.isDark(row, col)) continue;
      sheet.page.drawRectangle({
        x: left + (col + 4) * module,
        y: bottom + (count - 1 - row + 4) * module,
        width: module,
        height: module,
        color: rgb(0, 0, 0),
      });
    }
  }
  const size = 6.5;
  // Centred under the code; a number wider than the code ends at the margin.
  const labelWidth = sheet.regular.widthOfTextAtSize(ksefNumber, size);
  sheet.text(ksefNumber, Math.min(left + (QR_SIZE - labelWidth) / 2, A4[0] - MARGIN - labelWidth), { size, y: bottom - 8 });
}

function party(sheet: Sheet, heading: string, who: InvoiceParty, x: number, width: number, top: number): number {
  let y = top;
  sheet.text(heading, x, { bold: true, muted: true, size: 8, y });
  y -= 13;
  for (const line of wrap(who.name, sheet.bold, 10, width)) {
    sheet.text(line, x, { bold: true, size: 10, y });
    y -= 13;
  }
  if (who.nip) {
    sheet.text(`NIP: ${formatNip(who.nip)}`, x, { y });
    y -= 12;
  }
  for (const line of who.address.flatMap((part) => wrap(part, sheet.regular, 9, width))) {
    sheet.text(line, x, { y });
    y -= 12;
  }
  return y;
}

const COLUMNS = [
  { title: 'Lp.', right: 62 },
  { title: 'Nazwa', left: 68 },
  { title: 'Ilość', right: 292 },
  { title: 'Cena brutto', right: 352 },
  { title: 'Netto', right: 408 },
  { title: 'VAT', right: 440 },
  { title: 'Kwota VAT', right: 494 },
  { title: 'Brutto', right: A4[0] - MARGIN },
] as const;
const NAME_WIDTH = 180;

function linesTable(sheet: Sheet, document: InvoiceDocument): void {
  sheet.room(40);
  for (const column of COLUMNS) {
    sheet.text(column.title, 'left' in column ? column.left : 0, {
      bold: true,
      size: 8,
      ...('right' in column ? { right: column.right } : {}),
    });
  }
  sheet.y -= 6;
  sheet.rule();
  sheet.y -= 12;
  document.lines.forEach((line, index) => {
    const names = wrap(line.name, sheet.regular, 9, NAME_WIDTH);
    sheet.room(names.length * 11 + 6);
    sheet.text(`${index + 1}.`, 0, { right: 62 });
    names.forEach((name, row) => sheet.text(name, 68, { y: sheet.y - row * 11 }));
    sheet.text(`${line.quantity} ${line.unit}`, 0, { right: 292 });
    sheet.text(formatPln(line.unitGross), 0, { right: 352 });
    sheet.text(formatPln(line.net), 0, { right: 408 });
    sheet.text(VAT_RATE_TEXT[line.rate], 0, { right: 440 });
    sheet.text(formatPln(line.vat), 0, { right: 494 });
    sheet.text(formatPln(line.gross), 0, { right: A4[0] - MARGIN });
    sheet.y -= names.length * 11 + 5;
  });
  sheet.rule();
  sheet.y -= 16;
}

function totalsTable(sheet: Sheet, document: InvoiceDocument): void {
  sheet.room(30 + document.totals.length * 12);
  const columns = [352, 408, 440, 494, A4[0] - MARGIN];
  sheet.text('Razem według stawek', 0, { bold: true, size: 8, right: columns[0] });
  sheet.y -= 12;
  for (const total of document.totals) {
    sheet.text(formatPln(total.net), 0, { right: columns[1] });
    sheet.text(VAT_RATE_TEXT[total.rate], 0, { right: columns[2] });
    sheet.text(formatPln(total.vat), 0, { right: columns[3] });
    sheet.text(formatPln(total.gross), 0, { right: columns[4] });
    sheet.y -= 12;
  }
  sheet.y -= 6;
  sheet.text(`Razem brutto: ${formatPln(document.total)}`, 0, { bold: true, size: 11, right: A4[0] - MARGIN });
  sheet.y -= 22;
}

function paymentBlock(sheet: Sheet, document: InvoiceDocument): void {
  const { payment } = document;
  const rows: Array<[string, string]> = [['Sposób płatności', payment.method]];
  if (payment.paidOn) rows.push(['Zapłacono', `${formatPln(document.total)}, ${numericDate(payment.paidOn)}`]);
  // A correction that lowers the amount is money going back to the buyer.
  else if (document.total < 0) rows.push(['Do zwrotu', formatPln(grosz(-document.total))]);
  else {
    rows.push(['Do zapłaty', formatPln(document.total)]);
    if (payment.dueDate) rows.push(['Termin płatności', numericDate(payment.dueDate)]);
    if (payment.bankAccount) rows.push(['Numer rachunku', payment.bankAccount]);
  }
  if (document.exemption) rows.push(['Podstawa zwolnienia z VAT', document.exemption]);
  for (const [term, value] of rows) {
    const values = wrap(value, sheet.regular, 9, 330);
    sheet.room(values.length * 12);
    sheet.text(`${term}:`, MARGIN, { muted: true });
    values.forEach((text, row) => sheet.text(text, 190, { y: sheet.y - row * 12 }));
    sheet.y -= values.length * 12 + 2;
  }
}

export async function renderInvoicePdf(document: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(invoiceTitle(document));
  pdf.setLanguage('pl-PL');
  pdf.setAuthor(document.seller.name);
  pdf.setCreator('Kwiaciarnia');
  // A fixed producer and dates: the same invoice renders to the same bytes.
  pdf.setProducer('Kwiaciarnia');
  const issued = new Date(`${document.issueDate}T12:00:00Z`);
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const sheet = new Sheet(
    pdf,
    await pdf.embedFont(bytesOf(DEJAVU_SANS_BASE64), { subset: true }),
    await pdf.embedFont(bytesOf(DEJAVU_SANS_BOLD_BASE64), { subset: true }),
  );

  const top = sheet.y;
  const textWidth = A4[0] - 2 * MARGIN - (document.ksef ? QR_SIZE + 16 : 0);
  for (const line of wrap(invoiceTitle(document), sheet.bold, 15, textWidth)) {
    sheet.text(line, MARGIN, { size: 15, bold: true });
    sheet.y -= 19;
  }
  sheet.y -= 2;
  for (const line of [
    `Data wystawienia: ${numericDate(document.issueDate)}, ${document.place}`,
    `Data sprzedaży: ${numericDate(document.saleDate)}`,
    `Zamówienie: ${document.orderNumber}`,
    ...(document.ksef ? [`Numer KSeF: ${document.ksef.number}`] : []),
  ]) {
    sheet.text(line, MARGIN);
    sheet.y -= 12;
  }
  if (document.ksef) drawVerificationCode(sheet, document.ksef.verificationUrl, document.ksef.number, top + 4);
  sheet.y = Math.min(sheet.y, top - QR_SIZE - 14) - 8;

  const half = (A4[0] - 2 * MARGIN) / 2;
  const afterSeller = party(sheet, 'SPRZEDAWCA', document.seller, MARGIN, half - 16, sheet.y);
  const afterBuyer = party(sheet, 'NABYWCA', document.buyer, MARGIN + half, half - 16, sheet.y);
  sheet.y = Math.min(afterSeller, afterBuyer) - 10;

  if (document.corrects) {
    const { number, ksefNumber, reason } = document.corrects;
    const corrected = `Korygowana faktura: ${number}${ksefNumber ? `, numer KSeF ${ksefNumber}` : ''}.`;
    for (const line of [corrected, `Przyczyna korekty: ${reason}`].flatMap((text) => wrap(text, sheet.regular, 9, A4[0] - 2 * MARGIN))) {
      sheet.text(line, MARGIN);
      sheet.y -= 12;
    }
    sheet.y -= 8;
  }

  linesTable(sheet, document);
  totalsTable(sheet, document);
  paymentBlock(sheet, document);

  sheet.room(30);
  sheet.y -= 16;
  sheet.text(
    document.ksef
      ? 'Faktura wystawiona w Krajowym Systemie e-Faktur (KSeF). Kod QR prowadzi do jej weryfikacji w KSeF.'
      : 'Podgląd faktury: nie została jeszcze przyjęta w Krajowym Systemie e-Faktur (KSeF).',
    MARGIN,
    { muted: true, size: 8 },
  );
  return pdf.save({ useObjectStreams: false });
}
