import { describe, expect, it } from 'vitest';
import { checkUrl } from './url';

const LINK_FORMAT = 'Links must be formatted as https://example.com or /about';

describe('checkUrl', () => {
  it('accepts exactly 2083 characters and refuses 2084', () => {
    const base = 'https://example.com/';
    const at2083 = base + 'a'.repeat(2083 - base.length);
    expect(at2083.length).toBe(2083);
    expect(checkUrl(at2083)).toEqual({ valid: true, url: at2083 });
    expect(checkUrl(`${at2083}a`)).toEqual({ valid: false, message: 'Links must be at most 2083 characters.' });
    expect(checkUrl(`/${'p'.repeat(2083)}`)).toEqual({ valid: false, message: 'Links must be at most 2083 characters.' });
  });

  it.each(['https://example.com', 'http://shop.example.co.uk/a?b=c#d', 'http://localhost:3000/x', '/about', '/shop/p/blue-mug?x=1#top', '#contact', 'mailto:hello@example.com', 'mailto:hello@example.com?subject=Hi', 'tel:+44 20 7946 0000'])(
    'accepts %s',
    (url) => {
      expect(checkUrl(url)).toEqual({ valid: true, url });
    },
  );

  it('trims surrounding spaces', () => {
    expect(checkUrl('  /about  ')).toEqual({ valid: true, url: '/about' });
  });

  it.each(['', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'example.com', '//evil.example', 'ftp://example.com', 'https://', 'https://exa mple.com', 'https://example', 'tel:call-me'])(
    'refuses %j with the link message',
    (url) => {
      expect(checkUrl(url)).toEqual({ valid: false, message: LINK_FORMAT });
    },
  );

  it('refuses a page path or anchor it cannot use, naming it', () => {
    expect(checkUrl('/a page')).toEqual({ valid: false, message: '/a page is not a valid page URL' });
    expect(checkUrl('/<script>')).toEqual({ valid: false, message: '/<script> is not a valid page URL' });
    expect(checkUrl('#1 deal')).toEqual({ valid: false, message: '#1 deal is not a valid page URL' });
    expect(checkUrl(`/a b${'c'.repeat(100)}`)).toEqual({ valid: false, message: `/a b${'c'.repeat(36)}… is not a valid page URL` });
  });

  it('refuses a mail link without an address or with a bad one', () => {
    expect(checkUrl('mailto:')).toEqual({ valid: false, message: 'Please enter a valid email' });
    expect(checkUrl('mailto:hello')).toEqual({ valid: false, message: 'Emails must be formatted as name@example.com' });
  });
});
