// Runs conformance cases through our engine and compares trimmed output.
import { compile, render } from '../index';
import type { ConformanceCase } from './cases';

export interface CaseResult {
  case: ConformanceCase;
  passed: boolean;
  actual: string;
  error?: string;
}

export function runCase(c: ConformanceCase): CaseResult {
  try {
    const { output } = render(compile(c.template), c.json, {
      partials: c.partials,
      injects: c.injects,
      locale: typeof c.params.locale === 'string' ? c.params.locale : undefined,
      now: typeof c.params.now === 'number' ? c.params.now : undefined,
    });
    return { case: c, passed: output.trim() === c.expected.trim(), actual: output };
  } catch (err) {
    return { case: c, passed: false, actual: '', error: (err as Error).stack ?? String(err) };
  }
}

/** A line diff: lines only in expected start with '-', only in actual with '+'. */
export function lineDiff(expected: string, actual: string): string {
  const a = expected.trim().split('\n');
  const b = actual.trim().split('\n');
  const out: string[] = [];
  const max = Math.max(a.length, b.length);
  for (let i = 0; i < max; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) out.push(`  ${x}`);
    else {
      if (x !== undefined) out.push(`- ${JSON.stringify(x)}`);
      if (y !== undefined) out.push(`+ ${JSON.stringify(y)}`);
    }
  }
  return out.join('\n');
}
