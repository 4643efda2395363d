import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount, formatDay } from './figures';

/**
 * The per-day line chart, drawn by uPlot on a canvas (about 20 KB brotli, loaded with the dashboard only).
 * The x axis is the day's index, labelled with the day, so the days are the summary's UTC days whatever the
 * browser's time zone. The legend names the lines; ChartFigure gives the table with the numbers beside it.
 */

export interface DailySeries {
  label: string;
  values: readonly number[];
  /** The line's colour (each also differs in dash, for colour-blind readers). */
  stroke: string;
  dash?: number[];
}

export interface DailyChartProps {
  days: readonly string[];
  series: readonly DailySeries[];
  locale: string;
  height?: number;
}

/** Up to `count` evenly spread day indexes for the axis labels, the first and the last included. */
export function labelledDays(total: number, count: number): number[] {
  if (total <= count) return Array.from({ length: total }, (_, index) => index);
  const step = (total - 1) / (count - 1);
  return Array.from({ length: count }, (_, index) => Math.round(index * step));
}

export default function DailyChart({ days, series, locale, height = 260 }: DailyChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(240, Math.floor(element.clientWidth));
    const options: uPlot.Options = {
      width: width(),
      height,
      padding: [12, 28, 0, 0],
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      // The legend names the lines (colour and dash); the numbers are in the table beside the chart.
      legend: { live: false },
      scales: { x: { time: false, range: [0, Math.max(1, days.length - 1)] }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
      axes: [
        {
          stroke: '#616161',
          grid: { show: false },
          ticks: { show: false },
          splits: (u) => labelledDays(days.length, u.width < 520 ? 4 : 7),
          values: (_u, splits) => splits.map((index) => (days[index] ? formatDay(days[index]!, locale) : '')),
          font: '12px system-ui, sans-serif',
        },
        {
          stroke: '#616161',
          grid: { stroke: '#ebebeb', width: 1 },
          ticks: { show: false },
          size: 44,
          values: (_u, splits) => splits.map((value) => (Number.isInteger(value) ? formatCount(value, locale) : '')),
          font: '12px system-ui, sans-serif',
        },
      ],
      series: [
        { label: 'Day', value: (_u, index) => (index == null || !days[index] ? '—' : formatDay(days[index]!, locale)) },
        ...series.map((line) => ({
          label: line.label,
          stroke: line.stroke,
          width: 2,
          dash: line.dash,
          points: { show: days.length <= 31, size: 5, fill: '#fff' },
          value: (_u: uPlot, value: number | null) => (value == null ? '—' : formatCount(value, locale)),
        })),
      ],
    };
    const data: uPlot.AlignedData = [days.map((_, index) => index), ...series.map((line) => [...line.values])];
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, locale, height]);

  return <div ref={box} className="daily-chart" />;
}
