import type { FastifyRequest } from 'fastify';

/**
 * A small page for answers no theme renders: a refused download link, an unknown host, a suspended website.
 * Style attributes only (the CSP allows those, not <style> elements) and nothing loaded, so it shows the
 * same on every host.
 */
export const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** heading and lines are text (escaped here); link is an optional way on. */
export function plainPage(page: { heading: string; lines: readonly string[]; link?: { href: string; text: string } }): string {
  const lines = page.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const link = page.link ? `\n<p><a href="${escapeHtml(page.link.href)}" style="color:#24382b">${escapeHtml(page.link.text)}</a></p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.heading)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1c1a17">
<main><h1 style="font-size:1.5rem">${escapeHtml(page.heading)}</h1>
${lines}${link}</main>
</body></html>`;
}
