/*
 * A mail as a list of blocks, rendered twice: phone-friendly HTML (no
 * tables, inline styles, at most 600 px wide) and the plain-text part.
 * Every value is escaped here, once, so a customer's name or card text can
 * never become markup in the shop's mail.
 */

export type MailBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** Label–value lines; a null or blank value leaves its line out. */
  | { kind: 'rows'; rows: readonly (readonly [string, string | null | undefined])[] }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'note'; text: string };

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Line breaks a customer typed (an address, a card) stay line breaks in HTML. */
function escapeMultiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

function filledRows(rows: readonly (readonly [string, string | null | undefined])[]): [string, string][] {
  return rows.flatMap(([label, value]) =>
    value !== null && value !== undefined && value.trim() !== '' ? [[label, value] as [string, string]] : [],
  );
}

const COLOURS = { ink: '#1f2a24', muted: '#5b6b61', accent: '#2f5d46', line: '#e3ddd2', page: '#f6f3ee' };

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.3;color:${COLOURS.accent}">${escapeHtml(block.text)}</h2>`;
    case 'paragraph':
      return `<p style="margin:0 0 12px">${escapeMultiline(block.text)}</p>`;
    case 'rows':
      return filledRows(block.rows)
        .map(
          ([label, value]) =>
            `<p style="margin:0 0 6px"><span style="color:${COLOURS.muted}">${escapeHtml(label)}:</span> <strong style="font-weight:600">${escapeMultiline(value)}</strong></p>`,
        )
        .join('\n');
    case 'link':
      return `<p style="margin:16px 0"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${COLOURS.accent};color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p>`;
    case 'note':
      return `<p style="margin:0 0 10px;font-size:14px;color:${COLOURS.muted}">${escapeMultiline(block.text)}</p>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `\n${block.text.toUpperCase()}\n`;
    case 'paragraph':
    case 'note':
      return `${block.text}\n`;
    case 'rows':
      return filledRows(block.rows)
        .map(([label, value]) => `${label}: ${value}`)
        .join('\n');
    case 'link':
      return `${block.label}: ${block.url}\n`;
  }
}

export interface MailLayout {
  subject: string;
  /** The first words a phone shows under the subject. */
  preheader: string;
  blocks: readonly MailBlock[];
  /** The shop's details, under every mail. */
  footer: readonly MailBlock[];
}

export function renderMail(layout: MailLayout): RenderedMail {
  const body = layout.blocks.map(blockHtml).join('\n');
  const footer = layout.footer.map(blockHtml).join('\n');
  const html = `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(layout.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOURS.page}">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(layout.preheader)}</div>
<div style="max-width:600px;margin:0 auto;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${COLOURS.ink};background:#ffffff;word-wrap:break-word">
${body}
<div style="margin-top:28px;padding-top:12px;border-top:1px solid ${COLOURS.line}">
${footer}
</div>
</div>
</body>
</html>
`;
  const text = `${[...layout.blocks, { kind: 'note', text: '—' } as const, ...layout.footer]
    .map(blockText)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
  return { subject: layout.subject, html, text };
}
