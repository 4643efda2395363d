import { describe, expect, it } from 'vitest';
import { parseChartDataset } from './chart-dataset';

describe('parseChartDataset', () => {
  it('reads CSV: the header names the columns, the first cell of each row labels it', () => {
    expect(parseChartDataset('Month,Visitors,Orders\r\nJanuary,120,14\n\nFebruary,"1,800",-2.5\n')).toEqual({
      columns: ['Visitors', 'Orders'],
      rows: [
        { label: 'January', values: [120, 14] },
        { label: 'February', values: [1800, -2.5] },
      ],
    });
  });

  it('reads tab-separated values and quoted labels', () => {
    expect(parseChartDataset('Fruit\tKilos\nApples\t3\nPears, ripe\t4')).toEqual({ columns: ['Kilos'], rows: [{ label: 'Apples', values: [3] }, { label: 'Pears, ripe', values: [4] }] });
    expect(parseChartDataset('Name,Score\n"Smith, ""J""",7')).toEqual({ columns: ['Score'], rows: [{ label: 'Smith, "J"', values: [7] }] });
  });

  it('answers the three dataset messages exactly', () => {
    expect(parseChartDataset('')).toEqual({ message: 'Your dataset must have at least one column' });
    expect(parseChartDataset('Month\nJanuary\nFebruary')).toEqual({ message: 'Your dataset must have at least one column' });
    expect(parseChartDataset('Month,,\nJanuary,1,2')).toEqual({ message: 'Your dataset must have at least one column' });
    expect(parseChartDataset('Month,Sales\n  \n')).toEqual({ message: 'Your dataset must have at least one row' });
    expect(parseChartDataset('Month,Sales,Returns\nJanuary,3')).toEqual({ message: 'One or more rows was missing data' });
    expect(parseChartDataset('Month,Sales\nJanuary,')).toEqual({ message: 'One or more rows was missing data' });
    expect(parseChartDataset('Month,Sales\nJanuary,lots')).toEqual({ message: 'One or more rows was missing data' });
  });

  it('truncates to 100 rows and 12 columns', () => {
    const header = ['Label', ...Array.from({ length: 20 }, (_, i) => `C${i}`)].join(',');
    const row = (n: number) => [`R${n}`, ...Array.from({ length: 20 }, () => '1')].join(',');
    const parsed = parseChartDataset([header, ...Array.from({ length: 150 }, (_, n) => row(n))].join('\n'));
    if ('message' in parsed) throw new Error(parsed.message);
    expect(parsed.columns).toHaveLength(12);
    expect(parsed.rows).toHaveLength(100);
    expect(parsed.rows[99]).toEqual({ label: 'R99', values: Array.from({ length: 12 }, () => 1) });
  });
});
