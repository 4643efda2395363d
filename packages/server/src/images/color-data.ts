import type { ColorData } from '@vitrine/contracts';

/**
 * The five colours of platform spec §3's colorData, from raw pixels (row by row, `channels` bytes
 * each, RGB first): the average of each quarter for the corners, and of the middle half (a quarter
 * of the width and height in from each side) for the centre. Pure, so it is tested on made-up pixels;
 * the image module feeds it a small downscaled copy.
 */
export function regionColors(pixels: Uint8Array, width: number, height: number, channels: number): ColorData {
  const halfWidth = Math.max(1, Math.floor(width / 2));
  const halfHeight = Math.max(1, Math.floor(height / 2));
  const average = (left: number, top: number, right: number, bottom: number) => {
    const sums = [0, 0, 0];
    let count = 0;
    for (let y = top; y < Math.max(bottom, top + 1) && y < height; y++) {
      for (let x = left; x < Math.max(right, left + 1) && x < width; x++) {
        const at = (y * width + x) * channels;
        for (let channel = 0; channel < 3; channel++) sums[channel] += pixels[at + Math.min(channel, channels - 1)];
        count++;
      }
    }
    return hexColor(sums.map((sum) => Math.round(sum / Math.max(count, 1))));
  };
  return {
    topLeft: average(0, 0, halfWidth, halfHeight),
    topRight: average(width - halfWidth, 0, width, halfHeight),
    bottomLeft: average(0, height - halfHeight, halfWidth, height),
    bottomRight: average(width - halfWidth, height - halfHeight, width, height),
    center: average(Math.floor(width / 4), Math.floor(height / 4), Math.ceil((width * 3) / 4), Math.ceil((height * 3) / 4)),
  };
}

export function hexColor([red, green, blue]: number[]): string {
  return `#${[red, green, blue].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}
