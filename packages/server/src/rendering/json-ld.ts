import type { Formatter } from '@vitrine/template';

/**
 * JSON for a `<script type="application/ld+json">` block. Browsers never run such a block (the CSP
 * needs no exception for it) and take its text verbatim, so it cannot be HTML-escaped; instead `<`,
 * `>` and `&` are written as JSON escapes (no `</script>` or `<!--` can appear, and JSON readers get
 * the characters back), and U+2028/U+2029 too, for readers that take the text as JavaScript.
 */
export function encodeJsonLd(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** `{structuredData|json-ld}`: the value as an ld+json block's text (see encodeJsonLd). */
export const jsonLd: Formatter = (value) => encodeJsonLd(value);
