/**
 * What the Lighthouse benchmarks share: one run against a Chromium already started by chrome-launcher, the score of
 * a category, the median run, and the audits that failed.
 */
import lighthouse, { type Config, type Result } from 'lighthouse';

export type { Result };

export const score = (lhr: Result, category: string): number => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/**
 * One Lighthouse run of `url` in the Chromium listening on `port`. A run whose trace Lighthouse could not record
 * (NO_NAVSTART, NO_FCP: its own flakes on a busy machine) is tried again, twice at most; then it throws.
 */
export async function runLighthouse(url: string, port: number, config?: Config, categories = ['performance', 'accessibility', 'best-practices', 'seo']): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, logLevel: 'error', onlyCategories: categories }, config);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt >= 3) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  }
}

export function medianByPerformance(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** A category's audits that apply to the page and did not pass, with their weight and first offending element. */
export function failedAudits(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.scoreDisplayMode !== 'binary' || audit.score === null || audit.score >= 1) return [];
    const items = audit.details && 'items' in audit.details ? (audit.details.items as { node?: { snippet?: string } }[]) : [];
    const snippet = items.find((item) => item.node?.snippet)?.node?.snippet;
    const weight = ref.weight > 0 ? `weight ${ref.weight}` : 'not scored';
    return [`${audit.id} (${weight}): ${audit.title}${snippet ? ` e.g. ${snippet}` : ''}`];
  });
}
