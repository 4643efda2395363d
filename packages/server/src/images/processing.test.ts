import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@vitrine/contracts';
import { IMAGE_WIDTHS as THEME_WIDTHS } from '@vitrine/format/images';
import { regionColors } from './color-data';
import { servedFilename } from './filenames';
import { sniffImageFormat } from './formats';
import { ImageRefused, prepareUpload, resizeImage } from './processing';

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

/** A PNG whose header claims width × height: sharp reads the header without decoding a pixel. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1, '#000000').png().toBuffer());
  // IHDR: length (8..11), 'IHDR' (12..15), width (16..19), height (20..23), … its CRC over type and data (29..32).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('sniffImageFormat: the type from the first bytes', () => {
  it('knows JPEG, PNG, WebP, GIF and AVIF as sharp writes them', async () => {
    const picture = solid(8, 8, '#336699');
    expect(sniffImageFormat(await picture.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await picture.clone().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await picture.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await picture.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageFormat(await picture.clone().avif().toBuffer())).toBe('avif');
  });

  it('knows nothing else, whatever the name says', () => {
    expect(sniffImageFormat(Buffer.from('hello, I am photo.jpg'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeUndefined();
    // HEIC shares AVIF's container but names another brand.
    expect(sniffImageFormat(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('\0\0\0\x1cftypmif1\0\0\0\0mif1avifmiaf', 'latin1'))).toBe('avif');
  });
});

describe('prepareUpload', () => {
  it('refuses what is not a picture, a picture sharp cannot read, and more than 50 megapixels', async () => {
    await expect(prepareUpload(Buffer.from('just text'))).rejects.toEqual(new ImageRefused('not-an-image'));
    const truncated = (await solid(64, 64, '#112233').png().toBuffer()).subarray(0, 40);
    await expect(prepareUpload(truncated)).rejects.toEqual(new ImageRefused('unreadable'));
    await expect(prepareUpload(await pngClaiming(10_000, 5_001))).rejects.toEqual(new ImageRefused('too-many-pixels'));
  });

  it('keeps the type, applies the EXIF orientation and keeps no metadata', async () => {
    const photo = await solid(40, 20, '#cc0000')
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Owner', Artist: 'Someone' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const prepared = await prepareUpload(photo);
    expect(prepared).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    const kept = await sharp(prepared.bytes).metadata();
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect([kept.width, kept.height]).toEqual([20, 40]);
  });

  it('keeps an animated GIF animated', async () => {
    const frame = (background: string) => sharp({ create: { width: 10, height: 15, channels: 4, background } }).png().toBuffer();
    const twoFrames = await sharp([await frame('#00ff00'), await frame('#ff0000')], { join: { animated: true } }).gif({ loop: 0 }).toBuffer();
    expect((await sharp(twoFrames).metadata()).pages).toBe(2);
    const prepared = await prepareUpload(twoFrames);
    expect(prepared).toMatchObject({ format: 'gif', width: 10, height: 15 });
    expect((await sharp(prepared.bytes).metadata()).pages).toBe(2);
  });
});

describe('resizeImage', () => {
  it('serves exactly the widths the theme asks for (@vitrine/format, storefront spec §9)', () => {
    expect(IMAGE_WIDTHS).toEqual(THEME_WIDTHS);
  });

  it('makes the width asked for, keeping the proportions and the format, and never enlarges', async () => {
    const original = await solid(1200, 800, '#445566').png().toBuffer();
    const resized = await sharp(await resizeImage(original, 'png', 750)).metadata();
    expect([resized.format, resized.width, resized.height]).toEqual(['png', 750, 500]);
    const notEnlarged = await sharp(await resizeImage(original, 'png', 2500)).metadata();
    expect(notEnlarged.width).toBe(1200);
  });
});

describe('regionColors', () => {
  it('averages the four quarters and the middle', () => {
    // 4×4 RGB: red top-left, green top-right, blue bottom-left, white bottom-right.
    const colour = (x: number, y: number) => (y < 2 ? (x < 2 ? [255, 0, 0] : [0, 255, 0]) : x < 2 ? [0, 0, 255] : [255, 255, 255]);
    const pixels = Uint8Array.from(Array.from({ length: 16 }, (_, index) => colour(index % 4, Math.floor(index / 4))).flat());
    expect(regionColors(pixels, 4, 4, 3)).toEqual({
      topLeft: '#ff0000',
      topRight: '#00ff00',
      bottomLeft: '#0000ff',
      bottomRight: '#ffffff',
      // One pixel of each: (255+0+0+255)/4, (0+255+0+255)/4, (0+0+255+255)/4.
      center: '#808080',
    });
  });
});

describe('servedFilename', () => {
  it('is URL-safe, with the extension of the real type', () => {
    expect(servedFilename('My Holiday Photo.JPG', 'jpeg')).toBe('my-holiday-photo.jpg');
    expect(servedFilename('photo.jpg', 'png')).toBe('photo.png');
    expect(servedFilename('Crème brûlée (1).webp', 'webp')).toBe('creme-brulee-1.webp');
    expect(servedFilename('../../etc/passwd', 'gif')).toBe('passwd.gif');
    expect(servedFilename('<script>.png', 'png')).toBe('script.png');
    expect(servedFilename(undefined, 'avif')).toBe('image.avif');
    expect(servedFilename('日本.png', 'png')).toBe('image.png');
    expect(servedFilename(`${'a'.repeat(300)}.png`, 'png')).toBe(`${'a'.repeat(80)}.png`);
  });
});
