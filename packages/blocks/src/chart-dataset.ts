import { CONTENT_LIMITS, EDITOR_MESSAGES, isBlank } from './messages';

export interface ChartDataset {
  /** The series names: the header row without its first cell. */
  columns: string[];
  rows: Array<{ label: string; values: number[] }>;
}

/**
 * A chart block's data (platform §5): CSV (quotes allowed) or tab-separated when the first line has a tab;
 * the first row names the columns, the first column labels each row, every other cell is a number. Blank
 * lines are skipped; rows and columns past CONTENT_LIMITS.chartRows / chartColumns are dropped. A refusal
 * answers one of the spec's three dataset messages.
 */
export function parseChartDataset(text: string): ChartDataset | { message: string } {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => !isBlank(line));
  const header = lines[0];
  if (header === undefined) return { message: EDITOR_MESSAGES.datasetNoColumn };
  const separator = header.includes('\t') ? '\t' : ',';
  const columns = splitLine(header, separator)
    .slice(1)
    .map((cell) => cell.trim());
  if (columns.length === 0 || columns.every((column) => column === '')) return { message: EDITOR_MESSAGES.datasetNoColumn };
  const dataLines = lines.slice(1);
  if (dataLines.length === 0) return { message: EDITOR_MESSAGES.datasetNoRow };
  const kept = columns.slice(0, CONTENT_LIMITS.chartColumns);
  const rows: ChartDataset['rows'] = [];
  for (const line of dataLines.slice(0, CONTENT_LIMITS.chartRows)) {
    const cells = splitLine(line, separator).map((cell) => cell.trim());
    const values = cells.slice(1, 1 + kept.length).map(parseNumber);
    if (values.length < kept.length || values.some((value) => value === null)) return { message: EDITOR_MESSAGES.datasetMissingData };
    rows.push({ label: cells[0] ?? '', values: values as number[] });
  }
  return { columns: kept, rows };
}

/** One line's cells; with commas, a cell may be "quoted" ("" is a quote inside). */
function splitLine(line: string, separator: string): string[] {
  if (separator === '\t') return line.split('\t');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** A cell's number: digits with an optional sign, decimals and thousands commas (inside quotes); else null. */
function parseNumber(cell: string): number | null {
  const plain = cell.replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}
