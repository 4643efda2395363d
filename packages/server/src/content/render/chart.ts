import { BLOCK_VARIANTS, parseChartDataset } from '@vitrine/blocks';
import { bool, oneOf, str, type Settings } from './settings';

const PALETTE = ['#24382b', '#b5763a', '#5c7c8a', '#a8321f', '#7a6a9a', '#8a8377'];
const WIDTH = 640;
const HEIGHT = 320;
const PLOT = { left: 48, right: 16, top: 16, bottom: 40 };
const round = (value: number) => Math.round(value * 10) / 10;

export interface ChartView {
  kind: 'bar' | 'line' | 'pie';
  title: string;
  width: number;
  height: number;
  bars: Array<{ x: number; y: number; width: number; height: number; colour: string; label: string }>;
  lines: Array<{ points: string; colour: string; series: string }>;
  slices: Array<{ path: string; colour: string; label: string }>;
  axisLabels: Array<{ x: number; y: number; text: string }>;
  gridLines: Array<{ y: number; text: string }>;
  legend: Array<{ colour: string; name: string }>;
  /** The visually hidden table screen readers read instead of the drawing. */
  table: { head: string[]; rows: Array<{ label: string; cells: string[] }> };
  baseline: number;
  showLegend: boolean;
  xAxisTitle: string;
  yAxisTitle: string;
}

function niceMaximum(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 2.5, 5, 10].map((step) => step * magnitude).find((candidate) => candidate >= value) ?? value;
}

/** chart (62): bar, line or pie as inline SVG drawn on the server; a dataset that cannot be drawn renders nothing. */
export function chartView(settings: Settings): { view: ChartView; variant: number } | undefined {
  const parsed = parseChartDataset(str(settings, 'dataset'));
  if ('message' in parsed) return undefined;
  const { columns: series, rows } = parsed;
  const kind = oneOf(settings, 'design', ['bar', 'line', 'pie'] as const, 'bar');
  const title = str(settings, 'title').trim();
  const format = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  const view: ChartView = {
    kind, title, width: WIDTH, height: HEIGHT, bars: [], lines: [], slices: [], axisLabels: [], gridLines: [],
    legend: (kind === 'pie' ? rows.map((row) => row.label) : series).map((name, index) => ({ colour: PALETTE[index % PALETTE.length]!, name })),
    table: { head: [series.length === 1 ? '' : 'Label', ...series], rows: rows.map((row) => ({ label: row.label, cells: row.values.map(format) })) },
    baseline: HEIGHT - PLOT.bottom,
    showLegend: bool(settings, 'showLegend', true),
    xAxisTitle: kind === 'pie' ? '' : str(settings, 'xAxisTitle').trim(),
    yAxisTitle: kind === 'pie' ? '' : str(settings, 'yAxisTitle').trim(),
  };
  if (kind === 'pie') {
    const values = rows.map((row) => Math.max(0, row.values[0] ?? 0));
    const total = values.reduce((sum, value) => sum + value, 0) || 1;
    let angle = -Math.PI / 2;
    const [cx, cy, r] = [WIDTH / 2, HEIGHT / 2, HEIGHT / 2 - 16];
    view.slices = values.map((value, index) => {
      const sweep = (value / total) * Math.PI * 2;
      const start = angle;
      angle += sweep;
      const point = (a: number) => `${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`;
      // A slice of the whole circle is two half arcs (one arc cannot start and end at the same point).
      const path = sweep >= Math.PI * 2 - 1e-9
        ? `M${point(start)}A${r} ${r} 0 1 1 ${point(start + Math.PI)}A${r} ${r} 0 1 1 ${point(start)}Z`
        : `M${cx} ${cy}L${point(start)}A${r} ${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${point(angle)}Z`;
      return { path, colour: PALETTE[index % PALETTE.length]!, label: `${rows[index]!.label}: ${format(value)}` };
    });
    return { view, variant: BLOCK_VARIANTS.chartPie };
  }
  const maximum = niceMaximum(Math.max(...rows.flatMap((row) => row.values)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const yOf = (value: number) => round(PLOT.top + plotHeight - (Math.max(0, value) / maximum) * plotHeight);
  const band = plotWidth / rows.length;
  view.gridLines = [0, 0.25, 0.5, 0.75, 1].map((share) => ({ y: yOf(maximum * share), text: format(maximum * share) }));
  view.axisLabels = rows.map((row, index) => ({ x: round(PLOT.left + band * index + band / 2), y: HEIGHT - PLOT.bottom + 20, text: row.label }));
  if (kind === 'bar') {
    const barWidth = (band * 0.7) / series.length;
    view.bars = rows.flatMap((row, rowIndex) => row.values.map((value, seriesIndex) => {
      const y = yOf(value);
      return { x: round(PLOT.left + band * rowIndex + band * 0.15 + barWidth * seriesIndex), y, width: round(barWidth), height: round(HEIGHT - PLOT.bottom - y), colour: PALETTE[seriesIndex % PALETTE.length]!, label: `${row.label}, ${series[seriesIndex]}: ${format(value)}` };
    }));
    return { view, variant: BLOCK_VARIANTS.chartBar };
  }
  view.lines = series.map((name, seriesIndex) => ({
    series: name,
    colour: PALETTE[seriesIndex % PALETTE.length]!,
    points: rows.map((row, index) => `${round(PLOT.left + band * index + band / 2)},${yOf(row.values[seriesIndex] ?? 0)}`).join(' '),
  }));
  return { view, variant: BLOCK_VARIANTS.chartLine };
}
