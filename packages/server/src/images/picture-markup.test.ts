// databases: one — the pages' picture markup and what each of its addresses answers by Accept; no lock or transaction of its own
import { IMAGE_WIDTHS } from '@vitrine/format/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAssetsDir } from '../catalog';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { ImageFiles } from './files';
import { prepareBundledImageCopies } from './prepared-copies';
import { LocalDiskImageStore } from './store';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The themes keep one URL per picture and width (`<img srcset>` without `type`), and the server answers each in the
 * best format the browser's Accept names (README, Images: "Why Accept negotiation and not <picture>"). These tests
 * read the markup the shopper gets and ask for its addresses the way the browsers do.
 */
const CHROMIUM_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const SAFARI_15_ACCEPT = 'image/webp,image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5';
const OLD_BROWSER_ACCEPT = 'image/png,image/*;q=0.8,*/*;q=0.5';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-picture-markup-'));
let server: TestServer;
beforeAll(async () => {
  const imageStore = new LocalDiskImageStore(dir);
  server = await openTestServer({ imageStore });
  const website = (await findDefaultWebsite(server.database.db))!;
  // As after a first start: the seed's copy job has run.
  await prepareBundledImageCopies(server.database.db, new ImageFiles(imageStore, demoAssetsDir), website.id);
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface ImgTag {
  src: string;
  srcset: Array<{ url: string; width: string }>;
  tag: string;
}

function picturesOf(html: string): ImgTag[] {
  return [...html.matchAll(/<img [^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\ssrc="\/images\//.test(tag))
    .map((tag) => ({
      tag,
      src: /\ssrc="([^"]*)"/.exec(tag)![1]!.replaceAll('&amp;', '&'),
      srcset: (/\ssrcset="([^"]*)"/i.exec(tag)?.[1] ?? '')
        .split(',')
        .map((candidate) => candidate.trim())
        .filter(Boolean)
        .map((candidate) => {
          const [url, width] = candidate.split(/\s+/);
          return { url: url!.replaceAll('&amp;', '&'), width: width! };
        }),
    }));
}

const get = (url: string, accept: string) => new TestVisitor(server.app).request({ method: 'GET', url, headers: { accept } });

describe('the picture markup of the store grid and a product page', () => {
  it.each([
    ['the store grid', '/shop'],
    ['a product page', '/shop/p/ceramic-vase'],
  ])('%s: every picture has one srcset of the spec widths (100w … 2500w) on its own immutable URL, no <picture> and no type', async (_name, page) => {
    const html = (await new TestVisitor(server.app).get(page)).body;
    const pictures = picturesOf(html);
    expect(pictures.length).toBeGreaterThan(0);
    expect(html).not.toContain('<picture');
    for (const picture of pictures) {
      expect(picture.srcset.map((candidate) => candidate.width), picture.tag).toEqual(IMAGE_WIDTHS.map((width) => `${width}w`));
      const base = picture.src.split('?')[0];
      for (const candidate of picture.srcset) expect(candidate.url, picture.tag).toBe(`${base}?format=${candidate.width}`);
      expect(picture.tag).not.toMatch(/\stype=/);
    }
  });

  it("every picture's src goes out as AVIF to Chromium, WebP to Safari 15, PNG to an older browser, each Vary: Accept and immutable", async () => {
    const pictures = [...picturesOf((await new TestVisitor(server.app).get('/shop')).body), ...picturesOf((await new TestVisitor(server.app).get('/shop/p/ceramic-vase')).body)];
    const sources = [...new Set(pictures.map((picture) => picture.src))];
    expect(sources.length).toBeGreaterThan(3);
    for (const src of sources) {
      const avif = await get(src, CHROMIUM_ACCEPT);
      expect([avif.statusCode, avif.headers['content-type'], avif.headers.vary, avif.headers['cache-control']], src).toEqual([200, 'image/avif', 'Accept', 'public, max-age=31536000, immutable']);
    }
    const [first] = sources;
    const webp = await get(first!, SAFARI_15_ACCEPT);
    expect([webp.statusCode, webp.headers['content-type'], webp.headers.vary]).toEqual([200, 'image/webp', 'Accept']);
    const png = await get(first!, OLD_BROWSER_ACCEPT);
    expect([png.statusCode, png.headers['content-type'], png.headers.vary]).toEqual([200, 'image/png', 'Accept']);
    // The fallback is the original's format, and larger than either modern copy.
    expect(Number(png.headers['content-length'])).toBeGreaterThan(Number(webp.headers['content-length']));
  }, 120_000);
});
