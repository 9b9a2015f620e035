import { useEffect, useRef } from 'react';
// Before uPlot, which reads the browser's language as it loads.
import './intl-language';
import uPlot from 'uplot';
import { formatDecimal } from '@shared/lib/pt-br-format';
import 'uplot/dist/uPlot.min.css';
import { dayMonthOf, yRangeOf, type VitalsChartData } from './vitals-chart-data';

/**
 * One vital-sign chart drawn with uPlot (a small canvas chart library, ~22 KB gzipped), in a
 * chunk of its own that only a patient's chart loads: the first screens never carry it. Its box
 * is named by the values in words (vitals-charts.tsx).
 */

const HEIGHT = 200;
const DAY = 86_400;
const MAX_TICKS = 6;
// uPlot's `Axis.Side` values: its types declare a const enum, which verbatimModuleSyntax cannot
// read, so the numbers are given as the enum.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const RIGHT = 1 as uPlot.Axis.Side;
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const LEFT = 3 as uPlot.Axis.Side;

/**
 * Local midnights between `min` and `max` (seconds), every day or every few days so that at most
 * {@link MAX_TICKS} are marked.
 */
function dayTicks(min: number, max: number): number[] {
  const step = Math.max(1, Math.ceil((max - min) / DAY / MAX_TICKS));
  const day = new Date(min * 1000);
  day.setHours(0, 0, 0, 0);
  if (day.getTime() < min * 1000) day.setDate(day.getDate() + 1);
  const ticks: number[] = [];
  while (day.getTime() <= max * 1000) {
    ticks.push(day.getTime() / 1000);
    day.setDate(day.getDate() + step);
  }
  return ticks;
}

/** A colour of the app's theme (styles.css), so the axes follow light and dark. */
function themeColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The visits' span, with a day (or a twentieth of the span) on each side. */
function xRangeOf(xs: readonly number[]): uPlot.Range.MinMax {
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  const pad = Math.max(DAY, (max - min) * 0.05);
  return [min - pad, max + pad];
}

function optionsOf(chart: VitalsChartData, width: number): uPlot.Options {
  const axisColor = themeColor('--fg-muted', '#475569');
  const gridColor = themeColor('--line', '#cbd5e1');
  const hasRightAxis = chart.spec.lines.some((line) => line.axis === 'right');
  const yAxis = (scale: string, side: uPlot.Axis.Side): uPlot.Axis => ({
    scale,
    side,
    stroke: axisColor,
    grid: { show: side === LEFT, stroke: gridColor, width: 1 },
    ticks: { stroke: gridColor, width: 1 },
    values: (_plot, splits) => splits.map((value) => formatDecimal(value)),
  });
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: {
        time: true,
        // A day on each side at least: visits on one day still read as that day, not a point
        // on the axis' edge among labels of other months.
        // From the visits themselves, not from the range it is given: uPlot passes the current
        // range back on a resize, which would widen at every call.
        range: () => xRangeOf(chart.xs),
      },
      // Around the values, in the unit's own measure: uPlot's automatic range would put a single
      // 37 °C on a 0–60 axis.
      y: { range: () => yRangeOf(chart, 'y') ?? [0, 1] },
      ...(hasRightAxis ? { right: { range: () => yRangeOf(chart, 'right') ?? [0, 1] } } : {}),
    },
    series: [
      {},
      ...chart.spec.lines.map((line): uPlot.Series => ({
        label: line.label,
        stroke: line.color,
        width: 2,
        scale: line.axis === 'right' ? 'right' : 'y',
        spanGaps: true,
        points: { show: true, size: 7, fill: line.color },
        ...(line.dash ? { dash: line.dash } : {}),
      })),
    ],
    axes: [
      {
        stroke: axisColor,
        grid: { show: false },
        ticks: { stroke: gridColor, width: 1 },
        // A label is a day (dd/MM): ticks at local midnights, never two on the same day.
        splits: (_plot, _axis, min, max) => dayTicks(min, max),
        values: (_plot, splits) => splits.map((seconds) => dayMonthOf(seconds * 1000)),
      },
      yAxis('y', LEFT),
      ...(hasRightAxis ? [yAxis('right', RIGHT)] : []),
    ],
  };
}

/** The chart, as wide as its box (redrawn when the box changes width). */
export default function LineChart({ chart }: { chart: VitalsChartData }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const widthOf = () => Math.max(240, Math.floor(element.clientWidth));
    const plot = new uPlot(
      optionsOf(chart, widthOf()),
      [chart.xs, ...chart.ys] as uPlot.AlignedData,
      element,
    );
    // Redrawn once per frame at most, and only for a new width of the box.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const width = widthOf();
        if (Math.abs(plot.width - width) > 1) plot.setSize({ width, height: HEIGHT });
      });
    });
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      plot.destroy();
    };
  }, [chart]);
  return <div ref={box} className="w-full" data-chart={chart.spec.id} />;
}
