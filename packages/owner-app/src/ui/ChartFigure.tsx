import { useId, useState, type ReactNode } from 'react';
import { APP_TEXTS } from './messages';

/**
 * A chart and its table. The drawing is hidden from screen readers (a canvas says nothing); the table holds
 * the same numbers and is always in the page — visually hidden until "Show as table" shows it to everyone.
 */
export function ChartFigure({ label, chart, table }: { label: string; chart: ReactNode; table: ReactNode }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <figure className="chart-figure" aria-label={label}>
      <div className="chart-canvas" aria-hidden="true">
        {chart}
      </div>
      <div className="chart-tools">
        <button type="button" className="button button-plain" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)}>
          {showTable ? APP_TEXTS.hideTable : APP_TEXTS.showAsTable}
        </button>
      </div>
      <div id={tableId} className={showTable ? 'chart-table' : 'visually-hidden'}>
        {table}
      </div>
    </figure>
  );
}
