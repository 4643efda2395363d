// databases: one — compression works on the answers' bytes; which engine made them does not matter to it
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { encodedEtag, isCompressible, preferredEncoding, registerCompression } from './compression';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('names compressible types and an encoding’s ETag', () => {
    expect(isCompressible('text/html; charset=utf-8')).toBe(true);
    expect(isCompressible('application/json')).toBe(true);
    expect(isCompressible('image/png')).toBe(false);
    expect(encodedEtag('"abc"', 'br')).toBe('"abc-br"');
    expect(encodedEtag('W/"abc"', 'gzip')).toBe('W/"abc"');
  });
});

describe('registerCompression', () => {
  const html = `<!doctype html><p>${'Linen and clay. '.repeat(200)}</p>`;
  async function app() {
    const server = Fastify();
    registerCompression(server);
    server.get('/page', (_request, reply) => reply.type('text/html; charset=utf-8').header('etag', '"x"').send(html));
    server.get('/small', (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
    server.get('/picture', (_request, reply) => reply.type('image/png').send(Buffer.alloc(4_000)));
    return server;
  }

  it('answers br or gzip per Accept-Encoding, with Vary and the encoding’s ETag; identity without one', async () => {
    const server = await app();
    const br = await server.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toBe('"x-br"');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    expect(br.rawPayload.length).toBeLessThan(html.length / 4);
    const gzip = await server.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await server.inject({ url: '/page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(html);
  });

  it('leaves small answers, pictures and HEAD alone', async () => {
    const server = await app();
    expect((await server.inject({ url: '/small', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    expect((await server.inject({ url: '/picture', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    expect((await server.inject({ method: 'HEAD', url: '/page', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
  });
});

describe('compression on the real server', () => {
  it('the theme stylesheet (a file stream), a page and a JSON answer go out brotli-encoded when accepted', async () => {
    const { openTestServer } = await import('../testing');
    const { THEME_ASSET_PREFIX } = await import('../rendering/assets');
    const server = await openTestServer();
    try {
      const css = await server.app.inject({ url: `${THEME_ASSET_PREFIX}site.css`, headers: { 'accept-encoding': 'br' } });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-encoding']).toBe('br');
      const plainCss = await server.app.inject({ url: `${THEME_ASSET_PREFIX}site.css` });
      expect(brotliDecompressSync(css.rawPayload).toString()).toBe(plainCss.body);
      for (const url of ['/shop', '/shop?format=json']) {
        const answer = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
        expect(answer.headers['content-encoding'], url).toBe('gzip');
        expect(gunzipSync(answer.rawPayload).toString(), url).toBe((await server.app.inject({ url })).body);
      }
    } finally {
      await server.close();
    }
  });
});
