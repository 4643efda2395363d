// Loads conformance cases: text files split into sections by lines like `:NAME`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface ConformanceCase {
  /** Path relative to the suite root, with forward slashes. */
  id: string;
  file: string;
  template: string;
  json: unknown;
  /** `:OUTPUT` — the whole output, compared after trimming both sides. */
  expected: string | undefined;
  /** `:CONTAINS` — lines that must each appear somewhere in the output. */
  contains: string[];
  /** `:ERRORS` — a JSON array of texts; each must appear in a different reported error message. */
  errors: string[];
  /** `:ERROR-COUNT` — how many errors the render reports in all. */
  errorCount: number | undefined;
  partials: Record<string, string>;
  injects: Record<string, string>;
  params: { locale?: string; now?: number; [key: string]: unknown };
}

const SECTION_LINE = /^:([A-Za-z0-9_-]+)\s*$/;

/** Splits a case file into its named sections (text between the section lines). */
export function parseSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  let name: string | null = null;
  let body: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = SECTION_LINE.exec(line);
    if (match) {
      if (name !== null) sections.set(name, body.join('\n'));
      name = match[1]!;
      body = [];
    } else if (name !== null) {
      body.push(line);
    }
  }
  if (name !== null) sections.set(name, body.join('\n'));
  return sections;
}

function parseJsonSection(text: string | undefined, fallback: unknown): unknown {
  if (text === undefined || text.trim() === '') return fallback;
  return JSON.parse(text);
}

/**
 * Builds a case from file text, or null when the file is not a counted case: it needs a :TEMPLATE and something to
 * check (:OUTPUT, :CONTAINS, :ERRORS or :ERROR-COUNT; the shared suite only uses :OUTPUT).
 */
export function parseCase(text: string, id: string, file: string): ConformanceCase | null {
  const sections = parseSections(text);
  const template = sections.get('TEMPLATE');
  const expected = sections.get('OUTPUT');
  const contains = sections.get('CONTAINS');
  const errors = sections.get('ERRORS');
  const errorCount = sections.get('ERROR-COUNT');
  if (template === undefined) return null;
  if (expected === undefined && contains === undefined && errors === undefined && errorCount === undefined) return null;
  return {
    id,
    file,
    template,
    expected,
    contains: contains === undefined ? [] : contains.split('\n').filter((line) => line !== ''),
    errors: parseJsonSection(errors, []) as string[],
    errorCount: errorCount === undefined || errorCount.trim() === '' ? undefined : Number(errorCount),
    json: parseJsonSection(sections.get('JSON'), {}),
    partials: parseJsonSection(sections.get('PARTIALS'), {}) as Record<string, string>,
    injects: parseJsonSection(sections.get('INJECT'), {}) as Record<string, string>,
    params: parseJsonSection(sections.get('PARAMS'), {}) as ConformanceCase['params'],
  };
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out;
}

export interface LoadOptions {
  /** Skip informative folders/cases the suite README says do not count (i18n/, ast-*). Default true. */
  countedOnly?: boolean;
}

/** True when the suite README says a case at this relative path is informative only. */
export function isInformative(id: string): boolean {
  const parts = id.split('/');
  const base = parts[parts.length - 1]!;
  return parts.includes('i18n') || base.startsWith('ast-');
}

/** Loads every case in a folder and its subfolders. */
export function loadCases(root: string, options: LoadOptions = {}): ConformanceCase[] {
  const countedOnly = options.countedOnly ?? true;
  const cases: ConformanceCase[] = [];
  for (const file of listFiles(root)) {
    if (!/\.(html|txt)$/.test(file)) continue;
    const id = relative(root, file).split(sep).join('/');
    if (countedOnly && isInformative(id)) continue;
    const parsed = parseCase(readFileSync(file, 'utf8'), id, file);
    if (parsed) cases.push(parsed);
  }
  return cases;
}
