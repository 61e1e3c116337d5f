/**
 * English words a Polish shop must never show on a page or in a mail: the
 * ones the shop once showed by mistake (a developer's label, a gateway's
 * state, a value that was never filled in). Matched as whole words, case
 * sensitive, so 'E-mail' and 'e-mail' pass and 'Email' does not. 'Status:'
 * is left out on purpose: 'Status' is a Polish word too (the order page's
 * 'Status: W realizacji'); the gateway's English states are listed instead.
 */
export const ENGLISH_LEFTOVERS = [
  'Dashboard',
  'Email',
  'email',
  'COMPLETED',
  'PENDING',
  'CANCELED',
  'CANCELLED',
  'REJECTED',
  'WAITING_FOR_CONFIRMATION',
  'Order',
  'order',
  'Payment',
  'payment',
  'Loading',
  'Error',
  'Failed',
  'Unknown error',
  'Invalid',
  'Missing',
  'Submit',
  'Cancel',
  'Save',
  'Delete',
  'Back',
  'Next',
  'undefined',
  'null',
  'NaN',
  '[object Object]',
] as const;

// Web and e-mail addresses are not words on the page: '/zamowienie/KT…?t=…' or 'orders@…' may hold anything.
const ADDRESSES = /\b(?:https?:\/\/\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/gu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PATTERNS = ENGLISH_LEFTOVERS.map((word) => ({
  word,
  // A whole word: no letter, digit or hyphen glued to either side ('e-mail' is not 'mail', 'orders' is not 'order').
  pattern: new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRegExp(word)}(?![\\p{L}\\p{N}_-])`, 'u'),
}));

/**
 * The listed English words found in `text` (a page's rendered text, a mail's
 * subject or text), each with a few words around it so a failure says where.
 */
export function englishLeftovers(text: string): string[] {
  const words = text.replace(ADDRESSES, ' ');
  return PATTERNS.flatMap(({ word, pattern }) => {
    const match = pattern.exec(words);
    if (!match) return [];
    const start = Math.max(0, match.index - 40);
    return [`${word}: …${words.slice(start, match.index + word.length + 40).replace(/\s+/g, ' ')}…`];
  });
}

/** A mail's HTML as its reader sees it: the text between the tags, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');
}
