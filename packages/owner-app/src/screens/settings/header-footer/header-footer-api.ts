import { useQuery } from '@tanstack/react-query';
import type { getHeaderFooterContract, updateHeaderFooterContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** The header and footer section's calls (type-only imports of the contracts). */
export const HEADER_FOOTER_ROUTES = {
  get: callRoute<typeof getHeaderFooterContract>('GET', '/api/site-header-footer'),
  update: callRoute<typeof updateHeaderFooterContract>('PUT', '/api/site-header-footer'),
} as const;

export interface HeaderFooter {
  header: string;
  footer: string;
}

export const headerFooterKeys = { all: ['site-header-footer'] as const };

export function useHeaderFooter() {
  const client = useOwnerClient();
  return useQuery<HeaderFooter>({
    queryKey: headerFooterKeys.all,
    queryFn: () => client.call(HEADER_FOOTER_ROUTES.get) as Promise<HeaderFooter>,
  });
}

export function useSaveHeaderFooter() {
  const client = useOwnerClient();
  return useOwnerMutation<HeaderFooter, HeaderFooter>({
    mutationFn: (body) => client.call(HEADER_FOOTER_ROUTES.update, { body }) as Promise<HeaderFooter>,
    invalidates: [headerFooterKeys.all],
  });
}

/** The contract's SITE_SETTINGS_LIMITS.headerFooterLength (a type-only import cannot carry the number; a test checks they agree). */
export const HEADER_FOOTER_LIMIT = 20_000;

/** Characters as the server's schema counts them (JSON Schema maxLength counts code points). */
export function characterCount(html: string): number {
  let count = 0;
  for (const _ of html) count += 1;
  return count;
}

export function isOverLimit(html: string): boolean {
  return characterCount(html) > HEADER_FOOTER_LIMIT;
}

/**
 * The live preview's document, shown in `<iframe sandbox="" srcdoc>`: the draft header above a stand-in page and
 * the draft footer below, as the theme places them. Only style attributes (the app's CSP, which a srcdoc document
 * inherits, allows style attributes and no `<style>` element).
 */
export function previewDocument(draft: HeaderFooter, siteTitle: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const bar = 'style="padding:10px 16px;background:#f4f4f4;color:#555;font:600 13px system-ui,sans-serif;border-bottom:1px solid #e1e1e1"';
  const content = 'style="padding:12px 16px;font:15px/1.5 system-ui,sans-serif;color:#1a1a1a"';
  const footer = 'style="padding:12px 16px;font:15px/1.5 system-ui,sans-serif;color:#1a1a1a;border-top:1px solid #e1e1e1"';
  return [
    '<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body style="margin:0;background:#fff">',
    `<div ${bar}>${escape(siteTitle)} · Menu</div>`,
    draft.header.trim() ? `<div ${content}>${draft.header}</div>` : '',
    '<div style="margin:8px 16px;padding:24px;border:1px dashed #c9c9c9;color:#777;text-align:center;font:13px system-ui,sans-serif">Page content</div>',
    draft.footer.trim() ? `<div ${footer}>${draft.footer}</div>` : '<div style="border-top:1px solid #e1e1e1"></div>',
    `<div ${bar}>© ${escape(siteTitle)}</div>`,
    '</body></html>',
  ].join('');
}

/** Wraps the selection of a text (start, end) in a tag; answers the new text and the new selection. */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  kind: 'bold' | 'italic' | 'link',
): { text: string; selectionStart: number; selectionEnd: number } {
  const selected = text.slice(start, end);
  if (kind === 'link') {
    const href = 'https://';
    const label = selected || 'link text';
    const before = `${text.slice(0, start)}<a href="`;
    const inserted = `${before}${href}">${label}</a>`;
    // The address is selected, ready to be typed over.
    return { text: inserted + text.slice(end), selectionStart: before.length, selectionEnd: before.length + href.length };
  }
  const tag = kind === 'bold' ? 'strong' : 'em';
  const open = `<${tag}>`;
  const wrapped = `${text.slice(0, start)}${open}${selected}</${tag}>${text.slice(end)}`;
  return { text: wrapped, selectionStart: start + open.length, selectionEnd: start + open.length + selected.length };
}

export const HEADER_FOOTER_TEXTS = {
  intro: 'Your own HTML, shown under the menu at the top of every page (header) and above the copyright line at the bottom (footer).',
  allowed: 'Allowed: paragraphs, links (http, https, mailto or a path on this site), bold, italic, line breaks, lists, headings h2–h4 and spans. Anything else is removed when you save.',
  header: 'Header',
  footer: 'Footer',
  htmlLabel: (part: string) => `${part} HTML`,
  counter: (count: number) => `${count.toLocaleString('en-US')} / ${HEADER_FOOTER_LIMIT.toLocaleString('en-US')} characters`,
  tooLong: (part: string) => `The ${part.toLowerCase()} is HTML of ${HEADER_FOOTER_LIMIT.toLocaleString('en-US')} characters at most.`,
  bold: 'Bold',
  italic: 'Italic',
  link: 'Link',
  toolbar: (part: string) => `Format the ${part.toLowerCase()}`,
  preview: 'Preview',
  previewHelp: 'How the header and footer look on a page, as you type (links do not open here).',
  previewFrame: 'Preview of the header and footer',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  cleaned: 'Saved. Markup that is not allowed was removed: the boxes show what was stored.',
  fixFirst: 'Shorten the header or footer before saving.',
  readOnly: 'Your role may read these settings but not change them.',
  empty: '(empty)',
} as const;
