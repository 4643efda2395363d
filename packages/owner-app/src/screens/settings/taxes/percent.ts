/** A percentage typed by the owner ('8.25', '19', '7,5'), up to two decimals and 0–100, into basis points (825); undefined when it is not one. */
export function percentToBasisPoints(text: string, { min = 0, max = 10_000 } = {}): number | undefined {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return undefined;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints < min || basisPoints > max ? undefined : basisPoints;
}

/** Basis points as the text a percentage field shows: 825 → '8.25', 1900 → '19', 750 → '7.5'. */
export function basisPointsToPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

export const PERCENT_MESSAGE = 'Enter a percentage from 0 to 100 with at most two decimals, such as 8.25.';
