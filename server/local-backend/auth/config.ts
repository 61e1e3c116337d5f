import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'smol-toml';
import type { AuthMailMessage } from './recovery.ts';
import { CONFIG_FILE } from '../functions/config.ts';

/**
 * What supabase/config.toml's [auth] says, for the local auth: the redirect
 * allow-list and the mail templates.
 *
 * The auth mails the local auth sends, from the same Polish templates hosted
 * Supabase Auth sends (supabase/config.toml `[auth.email.template.<kind>]`:
 * subject and content_path), so what the customer reads locally is what they
 * read in production. GoTrue templates are Go templates; these use only the
 * plain variables below, and a template naming any other is refused.
 */

export interface AuthMailVariables {
  /** The link the customer follows (GoTrue's /verify with the token). */
  ConfirmationURL: string;
  Email: string;
  SiteURL: string;
  RedirectTo: string;
}

export interface AuthMailTemplate {
  subject: string;
  html: string;
}

const PROJECT_ROOT = resolve(CONFIG_FILE, '..', '..');
const PLACEHOLDER = /\{\{\s*\.(\w+)\s*\}\}/g;

interface AuthConfig {
  auth?: {
    additional_redirect_urls?: unknown;
    email?: { template?: Record<string, { subject?: unknown; content_path?: unknown }> };
  };
}

function readAuthConfig(file: string): AuthConfig {
  return parse(readFileSync(file, 'utf8')) as AuthConfig;
}

/** `[auth] additional_redirect_urls`: where auth links may lead besides the site. */
export function readRedirectAllowList(file = CONFIG_FILE): string[] {
  const list = readAuthConfig(file).auth?.additional_redirect_urls;
  return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
}

export type AuthMailKind = 'recovery' | 'confirmation';

export function readAuthMailTemplate(kind: AuthMailKind, file = CONFIG_FILE): AuthMailTemplate {
  const config = readAuthConfig(file);
  const entry = config.auth?.email?.template?.[kind];
  if (typeof entry?.subject !== 'string' || typeof entry.content_path !== 'string') {
    throw new Error(`supabase/config.toml needs [auth.email.template.${kind}] with subject and content_path`);
  }
  // The CLI resolves a template's content_path from the project root.
  return { subject: entry.subject, html: readFileSync(resolve(PROJECT_ROOT, entry.content_path), 'utf8') };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function decodeEntities(value: string): string {
  return value
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The plain-text part: the template's text, one block a paragraph, each link written out after its words. */
export function htmlToText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const text = body
    .replace(/<(style|script|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, (_match, href: string, label: string) => `${label.trim()}: ${href}`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|div|li|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The template with its variables filled in (HTML-escaped, as Go's html/template would). */
export function renderAuthMail(template: AuthMailTemplate, to: string, variables: AuthMailVariables): AuthMailMessage {
  const fill = (source: string) =>
    source.replace(PLACEHOLDER, (_match, name: string) => {
      if (!(name in variables)) throw new Error(`auth mail template uses {{ .${name} }}, which the local auth does not provide`);
      return escapeHtml(variables[name as keyof AuthMailVariables]);
    });
  const html = fill(template.html);
  return { to, subject: template.subject, html, text: htmlToText(html) };
}
