import { describe, expect, it } from 'vitest';
import { liveMarkup, XSS_PAYLOADS } from '../reliability/html-safety';
import { isSafeHref, sanitiseHtml } from './html-sanitiser';

describe('sanitiseHtml', () => {
  it('keeps the allowed elements and safe links', () => {
    const html = '<h2>Hi</h2><p>Free <strong>shipping</strong> <em>today</em><br><a href="https://example.com/a?b=1&amp;c=2">more</a></p><ul><li><span>one</span></li></ul><ol><li>x</li></ol><h3>a</h3><h4>b</h4>';
    expect(sanitiseHtml(html)).toBe(
      '<h2>Hi</h2><p>Free <strong>shipping</strong> <em>today</em><br><a href="https://example.com/a?b=1&amp;c=2">more</a></p><ul><li><span>one</span></li></ul><ol><li>x</li></ol><h3>a</h3><h4>b</h4>',
    );
    expect(sanitiseHtml('<a href="/shop">Shop</a> <a href="mailto:hi@example.com">Mail</a>')).toBe('<a href="/shop">Shop</a> <a href="mailto:hi@example.com">Mail</a>');
  });

  it('drops other elements (keeping their text), attributes, comments, and script or style with their content', () => {
    expect(sanitiseHtml('<div class="x" style="color:red"><p onclick="alert(1)" style="x">Hi</p></div>')).toBe('<p>Hi</p>');
    expect(sanitiseHtml('<h1>Big</h1><img src=x onerror=alert(1)>')).toBe('Big');
    expect(sanitiseHtml('a<script>alert(1)</script>b<style>p{}</style>c<!-- note -->d')).toBe('abcd');
    expect(sanitiseHtml('<SCRIPT>alert(1)</SCRIPT >x<svg><script>alert(1)</script></svg>y')).toBe('xy');
    expect(sanitiseHtml('before<script>never closed')).toBe('before');
  });

  it('refuses javascript: and other schemes, however spelled', () => {
    for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', '&#106;avascript:alert(1)', '&#x6A;avascript&colon;alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example']) {
      expect(isSafeHref(href), href).toBe(false);
      expect(sanitiseHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('escapes stray angle brackets and ampersands, keeps entities, and balances what is left open', () => {
    expect(sanitiseHtml('1 < 2 & 3 > 2 &amp; &eacute;')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &amp; &eacute;');
    expect(sanitiseHtml('<p><strong>open')).toBe('<p><strong>open</strong></p>');
    expect(sanitiseHtml('<p><em>a</p>b</em>')).toBe('<p><em>a</em></p>b');
    expect(sanitiseHtml('<a href="x>y">z')).toBe('<a href="x&gt;y">z</a>');
  });

  it('leaves no payload alive', () => {
    for (const payload of XSS_PAYLOADS) {
      const clean = sanitiseHtml(`<p>${payload}</p><a href="${payload}">l</a>${payload}`);
      expect(liveMarkup(`<!doctype html><html><body>${clean}</body></html>`), payload).toEqual([]);
      expect(clean).not.toMatch(/<(script|img|svg|iframe)/i);
    }
  });
});
