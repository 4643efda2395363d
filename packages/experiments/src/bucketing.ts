/**
 * Sticky, deterministic bucketing: a visitor's place in an experiment is MurmurHash3 (x86, 32-bit, seed 0)
 * of the UTF-8 bytes of `{experiment name} U+0000 {analytics id}`, divided by 2^32 — a number in [0, 1)
 * that is the same on the server and in the browser, for as long as the analytics id lasts. The experiment's
 * name is part of the key, so two experiments bucket independently. Variants take consecutive slices of
 * [0, 1) in their listed order, each as wide as its weight's share of the total.
 */

const utf8 = new TextEncoder();

/** MurmurHash3 x86 32-bit of `bytes` (seed 0 unless given), as an unsigned integer. */
export function murmurHash3(bytes: Uint8Array, seed = 0): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let hash = seed >>> 0;
  const blocks = bytes.length - (bytes.length % 4);
  for (let index = 0; index < blocks; index += 4) {
    let k = bytes[index]! | (bytes[index + 1]! << 8) | (bytes[index + 2]! << 16) | (bytes[index + 3]! << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    hash ^= k;
    hash = (hash << 13) | (hash >>> 19);
    hash = (Math.imul(hash, 5) + 0xe6546b64) | 0;
  }
  // The last one to three bytes, little-endian.
  const tail = bytes.length & 3;
  if (tail > 0) {
    let k = 0;
    if (tail === 3) k ^= bytes[blocks + 2]! << 16;
    if (tail >= 2) k ^= bytes[blocks + 1]! << 8;
    k ^= bytes[blocks]!;
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    hash ^= k;
  }
  hash ^= bytes.length;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The visitor's point in [0, 1) for an experiment. */
export function bucketOf(experimentName: string, analyticsId: string): number {
  return murmurHash3(utf8.encode(`${experimentName}\u0000${analyticsId}`)) / 0x1_0000_0000;
}

export interface WeightedVariant {
  name: string;
  weight: number;
}

/** The variant whose slice holds `point`; undefined when no variant has a positive weight. */
export function variantAt<T extends WeightedVariant>(variants: readonly T[], point: number): T | undefined {
  const total = variants.reduce((sum, variant) => sum + (variant.weight > 0 ? variant.weight : 0), 0);
  if (total <= 0) return undefined;
  let edge = 0;
  let last: T | undefined;
  for (const variant of variants) {
    if (!(variant.weight > 0)) continue;
    edge += variant.weight / total;
    last = variant;
    if (point < edge) return variant;
  }
  return last;
}

/** The variant a visitor gets in an experiment: stable for the same name, id and variants. */
export function assignVariant<T extends WeightedVariant>(experimentName: string, analyticsId: string, variants: readonly T[]): T | undefined {
  return variantAt(variants, bucketOf(experimentName, analyticsId));
}
