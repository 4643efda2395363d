// Runs conformance cases through our engine and checks what each case asks: the trimmed output, lines the output
// contains, texts the reported errors contain, the number of errors.
import { compile, render, type TemplateError } from '../index';
import type { ConformanceCase } from './cases';

export interface CaseResult {
  case: ConformanceCase;
  passed: boolean;
  actual: string;
  errors: TemplateError[];
  /** What did not hold, one line each (empty when passed). */
  problems: string[];
  /** The stack when rendering threw. */
  error?: string;
}

export function runCase(c: ConformanceCase): CaseResult {
  let output: string;
  let errors: TemplateError[];
  try {
    ({ output, errors } = render(compile(c.template), c.json, {
      partials: c.partials,
      injects: c.injects,
      locale: typeof c.params.locale === 'string' ? c.params.locale : undefined,
      now: typeof c.params.now === 'number' ? c.params.now : undefined,
    }));
  } catch (err) {
    const stack = (err as Error).stack ?? String(err);
    return { case: c, passed: false, actual: '', errors: [], problems: [stack], error: stack };
  }
  const problems: string[] = [];
  if (c.expected !== undefined && output.trim() !== c.expected.trim()) problems.push(lineDiff(c.expected, output));
  for (const line of c.contains) {
    if (!output.includes(line)) problems.push(`output lacks ${JSON.stringify(line)}; it is ${JSON.stringify(output)}`);
  }
  const unmatched = errors.map((e) => e.message);
  for (const text of c.errors) {
    const at = unmatched.findIndex((message) => message.includes(text));
    if (at < 0) problems.push(`no error message contains ${JSON.stringify(text)}; errors: ${JSON.stringify(errors.map((e) => e.message))}`);
    else unmatched.splice(at, 1);
  }
  if (c.errorCount !== undefined && errors.length !== c.errorCount) {
    problems.push(`${errors.length} errors, expected ${c.errorCount}: ${JSON.stringify(errors.map((e) => e.message))}`);
  }
  return { case: c, passed: problems.length === 0, actual: output, errors, problems };
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

/** What to print for a failed case. */
export function describeFailure(result: CaseResult): string {
  return result.problems.join('\n');
}
