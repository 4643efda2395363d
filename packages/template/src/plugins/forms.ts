// The summary-form-field formatter: one submitted form answer as a small HTML summary.
import { LIKERT_LABELS } from '@vitrine/format/enumerations';
import type { Formatter } from '../runtime';
import { child, toText } from '../runtime';
import { escapeHtml } from './core';

const NO_ANSWER = 'N/A';
const text = (v: unknown): string => (v === undefined || v === null ? '' : escapeHtml(toText(v)));
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function answer(field: unknown): string {
  const type = toText(child(field, 'type'));
  const values = child(field, 'values');
  const value = child(field, 'value');
  switch (type) {
    case 'address': {
      if (!isObject(values)) break;
      const lines = [values.Line1, values.Line2].filter((l) => typeof l === 'string' && l !== '').map((l) => `  <div>${text(l)}</div>\n`);
      const place = `${text(values.City)}, ${text(values.State)} ${text(values.Zip)} ${text(values.Country)}`;
      return `<div style="padding-left:5px;">\n${lines.join('')}  <div>${place}</div>\n</div>`;
    }
    case 'checkbox':
      if (Array.isArray(values)) return `${values.map(text).join(', ')}\n`;
      break;
    case 'date':
      if (isObject(values)) return `${text(values.Month)}/${text(values.Day)}/${text(values.Year)}`;
      break;
    case 'likert':
      if (isObject(values)) {
        const rows = Object.entries(values).map(([question, score]) => {
          const label = LIKERT_LABELS[toText(score) as keyof typeof LIKERT_LABELS] ?? toText(score);
          return `  <div><span style="font-weight:bold;">${text(question)}:</span> ${escapeHtml(label)}</div>\n`;
        });
        return `<div style="padding-left:5px;">\n${rows.join('')}</div>`;
      }
      break;
    case 'name':
      if (isObject(values)) return [values.First, values.Last].filter((p) => p !== undefined && p !== '').map(text).join(' ');
      break;
    case 'phone':
      if (isObject(values)) {
        const country = values.Country !== undefined && values.Country !== '' ? `+${text(values.Country)} ` : '';
        return `${country}${text(values.Areacode)}-${text(values.Prefix)}-${text(values.Line)}`;
      }
      break;
    case 'time':
      if (isObject(values)) {
        const two = (v: unknown) => (v === undefined || v === '' ? '00' : toText(v).padStart(2, '0'));
        const hour = values.Hour === undefined || values.Hour === '' ? '00' : text(values.Hour);
        return `${hour}:${two(values.Minute)}:${two(values.Second)} ${text(values.Ampm)}`;
      }
      break;
  }
  if (value !== undefined && value !== null && value !== '') return text(value);
  return NO_ANSWER;
}

export const FORM_FORMATTERS: Record<string, Formatter> = {
  'summary-form-field': (field) =>
    '<div style="font-size:11px; margin-top:3px">\n' +
    `  <span style="font-weight:bold;">${text(child(field, 'rawTitle'))}:</span> ${answer(field)}\n</div>`,
};
