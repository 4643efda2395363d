import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOOPBACK_S3_CREDENTIALS, startLoopbackS3 } from '../packages/server/src/storage/s3-testing';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { saveAtBothWidths } from './support/screenshots';
import { openProduct, visit } from './support/shop';

// Files past one machine (issue 36): the server keeps every file in an S3 bucket (a real S3-protocol server, s3rver,
// on loopback: STORAGE_URL), and a shopper's Chromium sees a product page and the store grid whose pictures are
// drawn, resized and converted into that bucket and served from it — each picture loaded (naturalWidth > 0), each
// sent as AVIF (Chromium's Accept names image/avif; `Vary: Accept`), the page axe-clean.

type LoopbackS3 = Awaited<ReturnType<typeof startLoopbackS3>>;
const env: Record<string, string> = {};
let s3: LoopbackS3;
// Before useShop's own beforeAll (hooks run in order): the server starts on the bucket.
beforeAll(async () => {
  s3 = await startLoopbackS3('vitrine-journey');
  Object.assign(env, LOOPBACK_S3_CREDENTIALS, { STORAGE_URL: s3.url });
});
afterAll(async () => s3?.stop());

const shop = useShop({ env });

/** Every /images/ answer the page receives: its path and query, status, type and Vary. */
function pictureAnswers(page: Page): Array<{ url: string; status: number; type: string; vary: string }> {
  const answers: Array<{ url: string; status: number; type: string; vary: string }> = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/images/')) return;
    const headers = response.headers();
    answers.push({ url: `${url.pathname}${url.search}`, status: response.status(), type: headers['content-type'] ?? '', vary: headers.vary ?? '' });
  });
  return answers;
}

/** Scrolls through the page so lazy pictures load, then answers each <img>'s address and natural width. */
async function loadedPictures(page: Page): Promise<Array<{ src: string; naturalWidth: number }>> {
  return page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
    const images = [...document.images].filter((image) => image.checkVisibility());
    await Promise.all(images.map((image) => (image.complete ? undefined : new Promise((resolve) => {
      image.addEventListener('load', resolve, { once: true });
      image.addEventListener('error', resolve, { once: true });
    }))));
    return images.map((image) => ({ src: image.currentSrc || image.src, naturalWidth: image.naturalWidth }));
  });
}

async function bucketKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const listed of s3.store.list(prefix)) keys.push(listed.key);
  return keys;
}

describe('pictures from an S3 bucket', () => {
  test('a product page: every picture loads from the bucket as AVIF, the page is axe-clean, at 1280 and 390 px', async () => {
    const { page } = shop;
    const answers = pictureAnswers(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openProduct(page, 'canvas-tote');
    await page.getByRole('heading', { level: 1, name: 'Canvas Tote' }).waitFor();
    const pictures = await loadedPictures(page);
    expect(pictures.length).toBeGreaterThan(2);
    for (const picture of pictures) expect(picture.naturalWidth, picture.src).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(2);
    for (const answer of answers) {
      expect(answer.status === 200 || answer.status === 304, answer.url).toBe(true);
      if (answer.status === 200) expect([answer.url, answer.type, answer.vary]).toEqual([answer.url, 'image/avif', 'Accept']);
    }
    // The bytes are the bucket's: each picture's original and the AVIF copies sent are objects in it.
    const keys = await bucketKeys('images/');
    for (const answer of answers) {
      const id = answer.url.split('/')[2]!;
      expect(keys.filter((key) => key.startsWith(`images/${id}/`)).some((key) => key.endsWith('.avif')), answer.url).toBe(true);
      expect(keys.some((key) => key.startsWith(`images/${id}/original.`)), answer.url).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'storage-s3-product');
    // The phone's layout asks for other widths: those load too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    for (const picture of await loadedPictures(page)) expect(picture.naturalWidth, picture.src).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
    expect(shop.pageErrors).toEqual([]);
  });

  test('the store grid: twelve or more pictures from the bucket, each loaded as AVIF', async () => {
    const { page } = shop;
    const answers = pictureAnswers(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, '/shop');
    const pictures = await loadedPictures(page);
    expect(pictures.length).toBeGreaterThanOrEqual(12);
    for (const picture of pictures) expect(picture.naturalWidth, picture.src).toBeGreaterThan(0);
    for (const answer of answers.filter((entry) => entry.status === 200)) expect([answer.url, answer.type]).toEqual([answer.url, 'image/avif']);
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'storage-s3-shop');
  });
});
