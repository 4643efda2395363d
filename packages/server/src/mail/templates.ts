import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, render, type CompiledTemplate } from '@vitrine/template';
import type { Website } from '../db/schema';
import { siteIdentityOf } from '../websites';

/*
 * Mail bodies from templates in mail/templates/, rendered by our JSON-T engine: `<name>.subject.txt`,
 * `<name>.text.txt` and `<name>.html` (the HTML inside layout.html, with the store's name). Values are
 * escaped in the HTML by the templates' formatters (htmltag, htmlattr); the text body is plain text.
 */

const TEMPLATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');

export const MAIL_TEMPLATES = ['password-reset', 'order-confirmation', 'restock-notice', 'form-submission', 'newsletter-confirm', 'contributor-invitation', 'subscription-renewed', 'subscription-payment-failed', 'subscription-cancelled', 'gift-card', 'review-request', 'webhook-endpoint-disabled', 'order-shipped', 'return-update', 'return-requested', 'abandoned-cart'] as const;
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

/** Where a message's links and pictures point, and (marketing mail) its unsubscribe link for the footer. */
export interface MailRenderOptions {
  /** PUBLIC_URL: mail needs absolute addresses (the logo's among them). */
  publicUrl: string;
  unsubscribeUrl?: string;
}

/** The logo in mail: at most 200 × 40 px, as a PNG (mail clients read no WebP or AVIF), with its size written out for Outlook. */
export const MAIL_LOGO_BOX = { width: 200, height: 40 } as const;

/** The site's logo as the mail layout shows it (Settings → Site), or null: the layout then writes the title. */
export function mailLogoOf(website: Website, publicUrl: string): { src: string; alt: string; width: number; height: number } | null {
  const logo = siteIdentityOf(website).logo;
  if (!logo) return null;
  const ratio = logo.width / logo.height;
  const width = Math.max(1, Math.round(Math.min(MAIL_LOGO_BOX.width, MAIL_LOGO_BOX.height * ratio, logo.width)));
  return { src: `${publicUrl.replace(/\/+$/, '')}${logo.assetUrl}?format=png-500w`, alt: logo.altText, width, height: Math.max(1, Math.round(width / ratio)) };
}

/**
 * A message's subject and both bodies. The context is the template's own values plus `siteTitle` and
 * `locale`; the layout shows the site's logo (or its title) above the body; `unsubscribeUrl` adds the
 * footer's link (marketing mail).
 */
export function renderMail(name: MailTemplateName, website: Website, values: Record<string, unknown>, options: MailRenderOptions): RenderedMail {
  const { unsubscribeUrl } = options;
  const templates = compiled.get(name)!;
  const context = { ...values, siteTitle: website.site_title, locale: website.locale };
  const subject = renderOrThrow(templates.subject, context, `${name} subject`).trim().replace(/\s+/g, ' ');
  const text = renderOrThrow(templates.text, context, `${name} text`).trim() + (unsubscribeUrl ? `\n\nUnsubscribe: ${unsubscribeUrl}\n` : '\n');
  const body = renderOrThrow(templates.html, context, `${name} html`);
  return { subject, text, html: renderInLayout(website, subject, body, options) };
}

/** A body's HTML inside layout.html: the site's logo (or title) above, the footer (and unsubscribe link) below. */
export function renderInLayout(website: Website, subject: string, body: string, options: MailRenderOptions): string {
  const footer = `You receive this message from ${website.site_title}.`;
  const context = { siteTitle: website.site_title, locale: website.locale, subject, body, footer, unsubscribeUrl: options.unsubscribeUrl, siteLogo: mailLogoOf(website, options.publicUrl) };
  return renderOrThrow(layout, context, 'layout');
}
