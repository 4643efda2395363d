/**
 * CSV formula injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or return) as a formula.
 * Every CSV export writes text that people typed (emails, product titles, form answers) through this: such a
 * cell gets a leading apostrophe, which spreadsheets show as text. Shared by the domains' exports (outside
 * every domain, like page-cursor.ts).
 */
export function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
