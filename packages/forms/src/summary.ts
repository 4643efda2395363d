/**
 * The form summary (platform §3, form summary field types): one submitted answer as a title and text lines,
 * for the owner's submission views, notification emails and CSV exports. Plain text: whoever puts it in HTML
 * escapes it. The address, checkbox, date, likert, name, phone and time types read their `values`; any other
 * type reads its `value`; a missing answer reads as the localized no-answer text (platform §8), 'N/A' only as
 * the last fallback.
 */
import { isBlank } from '@vitrine/format';
import { FIELD_PARTS, LIKERT_LABELS, carriesValue, type FieldDefinition, type FormValues, type MultiPartKind } from './fields';
import { isRecord, ownValue } from './guards';

/** Platform §3: the summary field types that carry `values`. */
export const SUMMARY_FIELD_TYPES = ['address', 'checkbox', 'date', 'likert', 'name', 'phone', 'time'] as const;
export type SummaryFieldType = (typeof SUMMARY_FIELD_TYPES)[number];

/** One answer as the summary reads it: `values` for the summary field types, `value` for the others. */
export interface SummaryField {
  type: string;
  rawTitle: string;
  /** address, date, name, phone, time: part name → value ({ First, Last }); checkbox: a list; likert: question → answer. */
  values?: unknown;
  value?: unknown;
}

export interface SummaryStrings {
  /** What a missing answer reads as. */
  noAnswer: string;
  /** The likert scale's labels, by answer ('-2' … '2'). */
  likertLabels: Readonly<Record<string, string>>;
}

export interface SummaryOptions {
  /** BCP 47; picks the built-in no-answer text by language when `strings.noAnswer` is not given. */
  locale?: string;
  /** The site's own wording, which wins over the built-in texts. */
  strings?: Partial<SummaryStrings>;
}

/** The last fallback for a missing answer (platform §8). */
export const NO_ANSWER_FALLBACK = 'N/A';

/** Built-in no-answer texts by language (ours). Languages not listed fall back to 'N/A'. */
export const NO_ANSWER_TEXTS: Readonly<Record<string, string>> = {
  en: 'No answer',
  fr: 'Aucune réponse',
  de: 'Keine Antwort',
  es: 'Sin respuesta',
  it: 'Nessuna risposta',
  pt: 'Sem resposta',
  nl: 'Geen antwoord',
};

/** The no-answer text: the site's own, else the locale's language's, else 'N/A'. */
export function noAnswerText(options: SummaryOptions = {}): string {
  const own = options.strings?.noAnswer;
  if (typeof own === 'string' && !isBlank(own)) return own;
  const language = (options.locale ?? '').split(/[-_]/)[0].toLowerCase();
  return (Object.hasOwn(NO_ANSWER_TEXTS, language) ? NO_ANSWER_TEXTS[language] : undefined) ?? NO_ANSWER_FALLBACK;
}

export interface SummaryLine {
  /** A likert line's question; absent on other lines. */
  label?: string;
  text: string;
}

export interface SummarizedField {
  title: string;
  /** At least one line: the no-answer text when there is no answer. */
  lines: SummaryLine[];
  /** False when `lines` is the no-answer text. */
  answered: boolean;
}

/** One answer summarised. */
export function summarizeField(field: SummaryField, options: SummaryOptions = {}): SummarizedField {
  const lines = answerLines(field, options);
  if (lines.length > 0) return { title: field.rawTitle, lines, answered: true };
  return { title: field.rawTitle, lines: [{ text: noAnswerText(options) }], answered: false };
}

/** One answer as text: 'Title: answer', one more line per address line or likert question. */
export function summaryText(field: SummaryField, options: SummaryOptions = {}): string {
  const { title, lines } = summarizeField(field, options);
  const texts = lines.map((line) => (line.label === undefined ? line.text : `${line.label}: ${line.text}`));
  return texts.length === 1 ? `${title}: ${texts[0]}` : [`${title}:`, ...texts.map((text) => `  ${text}`)].join('\n');
}

/** The answer alone, on one line (for a CSV cell): lines joined by '; '. */
export function summaryAnswer(field: SummaryField, options: SummaryOptions = {}): string {
  return summarizeField(field, options)
    .lines.map((line) => (line.label === undefined ? line.text : `${line.label}: ${line.text}`))
    .join('; ');
}

/**
 * A submission's answers as summary fields, in the form's order: sections left out, multi-part lists turned
 * into named parts, a hidden field titled by its key when it has no title.
 */
export function summaryFieldsOf(fields: readonly FieldDefinition[], values: Readonly<FormValues>): SummaryField[] {
  const summary: SummaryField[] = [];
  for (const field of fields) {
    if (!carriesValue(field.type)) continue;
    const value = ownValue(values, field.id);
    const rawTitle = field.type === 'hidden' && isBlank(field.title) ? field.key : field.title;
    switch (field.type) {
      case 'date':
      case 'time':
      case 'name':
      case 'address':
      case 'phone':
        summary.push({ type: field.type, rawTitle, values: namedParts(field.type, value) });
        break;
      case 'checkbox':
      case 'likert':
        summary.push({ type: field.type, rawTitle, values: value });
        break;
      default:
        summary.push({ type: field.type, rawTitle, value });
    }
  }
  return summary;
}

function namedParts(kind: MultiPartKind, value: unknown): Record<string, string> {
  const names: readonly string[] = FIELD_PARTS[kind];
  if (!Array.isArray(value)) return {};
  const parts = kind === 'phone' && value.length === 3 ? ['', ...value] : value;
  return Object.fromEntries(names.map((name, index) => [name, typeof parts[index] === 'string' ? (parts[index] as string) : '']));
}

const present = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === 'string' && isBlank(value));
const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

function answerLines(field: SummaryField, options: SummaryOptions): SummaryLine[] {
  const values = field.values;
  const part = (name: string) => (isRecord(values) ? asText(ownValue(values, name)) : '');
  switch (field.type) {
    case 'address':
      if (isRecord(values)) {
        const lines = [part('Line1'), part('Line2')].filter(present);
        const region = [part('State'), part('Zip')].filter(present).join(' ');
        const place = [[part('City'), region].filter(present).join(', '), part('Country')].filter(present).join(' ');
        return [...lines, ...(present(place) ? [place] : [])].map((text) => ({ text }));
      }
      break;
    case 'checkbox':
      if (Array.isArray(values)) {
        const checked = values.map(asText).filter(present);
        return checked.length > 0 ? [{ text: checked.join(', ') }] : [];
      }
      break;
    case 'date':
      if (isRecord(values)) {
        const date = [part('Month'), part('Day'), part('Year')];
        return date.some(present) ? [{ text: date.join('/') }] : [];
      }
      break;
    case 'likert':
      if (isRecord(values)) {
        const labels = { ...LIKERT_LABELS, ...options.strings?.likertLabels } as Readonly<Record<string, string>>;
        return Object.entries(values)
          .filter(([, answer]) => present(answer))
          .map(([question, answer]) => ({ label: question, text: Object.hasOwn(labels, asText(answer)) ? labels[asText(answer)] : asText(answer) }));
      }
      break;
    case 'name':
      if (isRecord(values)) {
        const name = [part('First'), part('Last')].filter(present).join(' ');
        return present(name) ? [{ text: name }] : [];
      }
      break;
    case 'phone':
      if (isRecord(values)) {
        const number = [part('Areacode'), part('Prefix'), part('Line')].filter(present).join('-');
        if (!present(number)) return [];
        return [{ text: present(part('Country')) ? `+${part('Country').replace(/^\+/, '')} ${number}` : number }];
      }
      break;
    case 'time':
      if (isRecord(values)) {
        if (![part('Hour'), part('Minute'), part('Second')].some(present)) return [];
        const two = (text: string) => (present(text) ? text.trim().padStart(2, '0') : '00');
        const hour = present(part('Hour')) ? part('Hour').trim() : '00';
        const period = part('Ampm').trim();
        return [{ text: `${hour}:${two(part('Minute'))}:${two(part('Second'))}${period === '' ? '' : ` ${period}`}` }];
      }
      break;
  }
  // Platform §3: a summary type without `values` (or any other type) reads `value`.
  if (Array.isArray(field.value)) {
    const items = field.value.map(asText).filter(present);
    return items.length > 0 ? [{ text: items.join(', ') }] : [];
  }
  return present(field.value) && asText(field.value) !== '' ? [{ text: asText(field.value) }] : [];
}
