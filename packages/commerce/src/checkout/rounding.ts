/**
 * Integer division of minor units, rounded half to even ("banker's rounding"): an exact tie goes to the even
 * neighbour (2.5 → 2, 3.5 → 4, −2.5 → −2), anything else to the nearest integer. The arithmetic is done in
 * bigint so that products like 999 999 999 999 × 10 000 stay exact; there is never a float.
 */

function toBigInt(value: bigint | number, name: string): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer`);
  return BigInt(value);
}

/** numerator / denominator rounded half-even, as a bigint. Throws RangeError on a zero denominator. */
export function roundHalfEvenBig(numerator: bigint | number, denominator: bigint | number): bigint {
  let n = toBigInt(numerator, 'numerator');
  let d = toBigInt(denominator, 'denominator');
  if (d === 0n) throw new RangeError('denominator must not be zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  // bigint division truncates toward zero; move to the floor so the remainder is in [0, d).
  let quotient = n / d;
  let remainder = n % d;
  if (remainder < 0n) {
    quotient -= 1n;
    remainder += d;
  }
  const twice = remainder * 2n;
  if (twice > d || (twice === d && quotient % 2n !== 0n)) quotient += 1n;
  return quotient;
}

/** numerator / denominator rounded half-even, as a number (RangeError beyond the safe integer range). */
export function roundHalfEven(numerator: bigint | number, denominator: bigint | number): number {
  const result = roundHalfEvenBig(numerator, denominator);
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('result exceeds the safe integer range');
  }
  return Number(result);
}

/**
 * Splits a non-negative whole `total` across `weights` pro rata: each share is floor(total × weight / Σweights),
 * and the cents left over go one each to the largest weights (ties: the earlier one). Deterministic, sums to
 * `total` exactly, and when total ≤ Σweights no share exceeds its weight. All weights 0 → all shares 0 (and the
 * total must be 0).
 */
export function allocateProRata(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total must be a non-negative safe integer');
  const big = weights.map((weight) => {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError('weights must be non-negative safe integers');
    return BigInt(weight);
  });
  const sum = big.reduce((acc, weight) => acc + weight, 0n);
  if (sum === 0n) {
    if (total !== 0) throw new RangeError('cannot allocate a positive total over zero weights');
    return weights.map(() => 0);
  }
  const totalBig = BigInt(total);
  const shares = big.map((weight) => (totalBig * weight) / sum);
  let left = totalBig - shares.reduce((acc, share) => acc + share, 0n);
  const order = weights
    .map((weight, index) => ({ weight, index }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  // left < the number of positive weights, so one pass suffices.
  for (const { index } of order) {
    if (left === 0n) break;
    shares[index] = (shares[index] as bigint) + 1n;
    left -= 1n;
  }
  return shares.map((share) => Number(share));
}
