import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, render, type CompiledTemplate } from '@vitrine/template';
import { PLATFORM_NAME } from './outbox';
import type { RenderedMail } from './templates';

/*
 * The platform's own mail (issue 32: an account's address confirmation and password reset): templates beside the
 * websites' in mail/templates/ (`platform-*.subject.txt`, `.text.txt`, `.html`), rendered by the same engine inside
 * the same layout, with the platform's name where a website's mail has the site's.
 */

const TEMPLATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');

export const PLATFORM_MAIL_TEMPLATES = ['platform-confirm-email', 'platform-password-reset'] as const;
export type PlatformMailTemplateName = (typeof PLATFORM_MAIL_TEMPLATES)[number];

const read = (file: string) => compile(readFileSync(path.join(TEMPLATE_DIR, file), 'utf8'));
const layout = read('layout.html');
const compiled = new Map<PlatformMailTemplateName, { subject: CompiledTemplate; text: CompiledTemplate; html: CompiledTemplate }>(
  PLATFORM_MAIL_TEMPLATES.map((name) => [name, { subject: read(`${name}.subject.txt`), text: read(`${name}.text.txt`), html: read(`${name}.html`) }]),
);

function renderOrThrow(template: CompiledTemplate, context: unknown, what: string): string {
  const result = render(template, context);
  if (result.errors.length > 0) throw new Error(`mail template ${what}: ${result.errors.map((error) => error.message).join('; ')}`);
  return result.output;
}

/** A platform message's subject and both bodies; values are escaped in the HTML by the templates' formatters. */
export function renderPlatformMail(name: PlatformMailTemplateName, values: Record<string, unknown>): RenderedMail {
  const templates = compiled.get(name)!;
  const context = { ...values, platformName: PLATFORM_NAME, siteTitle: PLATFORM_NAME, locale: 'en' };
  const subject = renderOrThrow(templates.subject, context, `${name} subject`).trim().replace(/\s+/g, ' ');
  const text = `${renderOrThrow(templates.text, context, `${name} text`).trim()}\n`;
  const body = renderOrThrow(templates.html, context, `${name} html`);
  const footer = `You receive this message from ${PLATFORM_NAME} because this address was given to it.`;
  const html = renderOrThrow(layout, { ...context, subject, body, footer }, 'layout');
  return { subject, text, html };
}
