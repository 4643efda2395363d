import type { ReactNode } from 'react';
import { APP_TEXTS } from './messages';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** The row's header cell (its name). */
  rowHeader?: boolean;
}

/** A table with a caption (its accessible name), header cells in scope, and a row saying so when there is nothing. */
export function DataTable<Row>({ caption, columns, rows, rowKey, empty = APP_TEXTS.noData, captionHidden = false, scrollable = false }: {
  caption: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  empty?: string;
  captionHidden?: boolean;
  /** A wide table scrolls sideways on a phone: its box is then a named region the keyboard can reach and scroll. */
  scrollable?: boolean;
}) {
  return (
    <div className={scrollable ? 'table-scroll' : 'table-wrap'} {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}>
      <table className="data-table">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="empty-row">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.header} scope="row" className={column.numeric ? 'numeric' : undefined}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={column.numeric ? 'numeric' : undefined}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
