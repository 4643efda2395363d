import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName, grantedDownloads, grantExpiry, servedContentType } from './rules';
import { signDownloadToken, verifyDownloadToken } from './tokens';
import { downloadsLeftText, formatByteSize } from './view';

describe('download rules', () => {
  it('grants the limit per unit bought, capped', () => {
    expect(grantedDownloads(5, 1)).toBe(5);
    expect(grantedDownloads(5, 3)).toBe(15);
    expect(grantedDownloads(5, 0)).toBe(5);
    expect(grantedDownloads(100, 1000)).toBe(10_000);
  });

  it('expires link days after payment, to the whole second', () => {
    expect(grantExpiry(new Date('2026-11-24T10:00:00.750Z'), 7).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('keeps a file name without folders or control characters', () => {
    expect(cleanFileName('C:\\Users\\me\\Guide.pdf')).toBe('Guide.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('  ..hidden\u0000name.zip ')).toBe('hiddenname.zip');
    expect(cleanFileName('/')).toBe('');
  });

  it('names the attachment for every browser (RFC 6266 with RFC 8187 filename*)', () => {
    expect(attachmentDisposition('Guide été.pdf')).toBe(`attachment; filename="Guide _t_.pdf"; filename*=UTF-8''Guide%20%C3%A9t%C3%A9.pdf`);
    expect(attachmentDisposition('a"b\\c%d\'(e).zip')).toBe(`attachment; filename="a_b_c_d'(e).zip"; filename*=UTF-8''a%22b%5Cc%25d%27%28e%29.zip`);
  });

  it('serves a plain declared type, else bytes', () => {
    expect(servedContentType('application/PDF; charset=binary')).toBe('application/pdf');
    expect(servedContentType('text/html')).toBe('text/html');
    expect(servedContentType('nonsense')).toBe('application/octet-stream');
    expect(servedContentType(undefined)).toBe('application/octet-stream');
  });

  it('says sizes and downloads left in words', () => {
    expect(formatByteSize(1025, 'en-US')).toBe('1 kB');
    expect(formatByteSize(999, 'en-US')).toBe('999 bytes');
    expect(formatByteSize(12_345_678, 'en-US')).toBe('12.3 MB');
    expect(formatByteSize(12_345_678, 'de-DE')).toBe('12,3 MB');
    expect([0, 1, 2].map(downloadsLeftText)).toEqual(['No downloads left', '1 download left', '2 downloads left']);
  });
});

describe('download tokens', () => {
  const claims = { grantId: 'a'.repeat(24), expiresAt: new Date('2026-12-01T10:00:00Z') };

  it('round-trips the grant and expiry, and is the same each time', () => {
    const token = signDownloadToken('secret', claims);
    expect(token).toBe(signDownloadToken('secret', claims));
    expect(token).toMatch(/^a{24}\.[a-z0-9]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyDownloadToken('secret', token)).toEqual(claims);
  });

  it('refuses another secret, a changed grant or expiry, and malformed tokens', () => {
    const token = signDownloadToken('secret', claims);
    const [grant, expiry, signature] = token.split('.') as [string, string, string];
    expect(verifyDownloadToken('other', token)).toBeUndefined();
    expect(verifyDownloadToken('secret', `${'b'.repeat(24)}.${expiry}.${signature}`)).toBeUndefined();
    expect(verifyDownloadToken('secret', `${grant}.${(parseInt(expiry, 36) + 1).toString(36)}.${signature}`)).toBeUndefined();
    for (const bad of ['', 'x', `${grant}.${expiry}`, `${token}.x`, `${grant}.${expiry}.${signature.slice(1)}`, `${grant.toUpperCase()}.${expiry}.${signature}`]) {
      expect(verifyDownloadToken('secret', bad), bad).toBeUndefined();
    }
  });
});
