import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, render, type CompiledTemplate } from '@vitrine/template';
import type { Website } from '../db/schema';

/*
 * Mail bodies from templates in mail/templates/, rendered by our JSON-T engine: `<name>.subject.txt`,
 * `<name>.text.txt` and `<name>.html` (the HTML inside layout.html, with the store's name). Values are
 * escaped in the HTML by the templates' formatters (htmltag, htmlattr); the text body is plain text.
 */

const TEMPLATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');

export const MAIL_TEMPLATES = ['password-reset', 'order-confirmation', 'restock-notice', 'form-submission', 'newsletter-confirm', 'contributor-invitation', 'subscription-renewed', 'subscription-payment-failed', 'subscription-cancelled', 'gift-card', 'review-request'] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

interface CompiledMail {
  subject: CompiledTemplate;
  text: CompiledTemplate;
  html: CompiledTemplate;
}

const read = (file: string) => compile(readFileSync(path.join(TEMPLATE_DIR, file), 'utf8'));
const layout = read('layout.html');
const compiled = new Map<MailTemplateName, CompiledMail>(
  MAIL_TEMPLATES.map((name) => [name, { subject: read(`${name}.subject.txt`), text: read(`${name}.text.txt`), html: read(`${name}.html`) }]),
);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function renderOrThrow(template: CompiledTemplate, context: unknown, what: string): string {
  const result = render(template, context);
  if (result.errors.length > 0) throw new Error(`mail template ${what}: ${result.errors.map((error) => error.message).join('; ')}`);
  return result.output;
}

/**
 * A message's subject and both bodies. The context is the template's own values plus `siteTitle` and
 * `locale`; `unsubscribeUrl` adds the footer's link (marketing mail).
 */
export function renderMail(name: MailTemplateName, website: Website, values: Record<string, unknown>, unsubscribeUrl?: string): RenderedMail {
  const templates = compiled.get(name)!;
  const context = { ...values, siteTitle: website.site_title, locale: website.locale };
  const subject = renderOrThrow(templates.subject, context, `${name} subject`).trim().replace(/\s+/g, ' ');
  const text = renderOrThrow(templates.text, context, `${name} text`).trim() + (unsubscribeUrl ? `\n\nUnsubscribe: ${unsubscribeUrl}\n` : '\n');
  const body = renderOrThrow(templates.html, context, `${name} html`);
  const footer = `You receive this message from ${website.site_title}.`;
  const html = renderOrThrow(layout, { ...context, subject, body, footer, unsubscribeUrl }, 'layout');
  return { subject, text, html };
}
