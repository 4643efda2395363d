/** The owner's bodies and item labels, checked by @vitrine/blocks' rules, with errors keyed by their path in the request. */
import { checkCategory, checkPageBody, checkTag, type PageBody } from '@vitrine/blocks';
import { invalid } from '../failures';

export const BODY_MESSAGES = {
  invalid: 'This page cannot be saved: correct the marked blocks.',
  labels: 'Correct the marked tags and categories.',
} as const;

/** The checked body (defaults filled, unknown settings dropped), or a 400 keyed 'body.sections.0.blocks.2.settings.height'. */
export function checkedBody(value: unknown): PageBody {
  const checked = checkPageBody(value);
  const entries = Object.entries(checked.errors);
  if (entries.length > 0 || !checked.body) {
    const errors = Object.fromEntries(entries.map(([path, message]) => [path === '' ? 'body' : `body.${path}`, message]));
    // One message a person can act on: the first problem when there is one (the 60-block limit, a bad setting).
    throw invalid(entries[0]?.[1] ?? BODY_MESSAGES.invalid, errors);
  }
  return checked.body;
}

/** Tags and categories trimmed, each checked (a tag 50 characters, a category 25), duplicates dropped. */
export function checkedLabels(input: { tags?: string[]; categories?: string[] }): { tags?: string[]; categories?: string[] } {
  const errors: Record<string, string> = {};
  const check = (values: string[] | undefined, field: 'tags' | 'categories', rule: (value: string) => string | undefined) => {
    if (values === undefined) return undefined;
    values.forEach((value, index) => {
      const problem = rule(value);
      if (problem) errors[`${field}.${index}`] = problem;
    });
    return [...new Set(values.map((value) => value.trim()))];
  };
  const tags = check(input.tags, 'tags', checkTag);
  const categories = check(input.categories, 'categories', checkCategory);
  const problems = Object.values(errors);
  if (problems.length > 0) throw invalid(problems[0]!, errors);
  return { ...(tags ? { tags } : {}), ...(categories ? { categories } : {}) };
}
