import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayMonthOf, type VitalsChartData } from './vitals-chart-data';

/**
 * One vital-sign chart drawn with uPlot (a small canvas chart library, ~22 KB gzipped), in a
 * chunk of its own that only a patient's chart loads: the first screens never carry it. Its box
 * is named by the values in words (vitals-charts.tsx).
 */

const HEIGHT = 200;
const DAY = 86_400;
const DAY_INCREMENTS = [1, 2, 7, 14, 30, 61, 91, 182, 365, 730].map((days) => days * DAY);

/** A colour of the app's theme (styles.css), so the axes follow light and dark. */
function themeColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function optionsOf(chart: VitalsChartData, width: number): uPlot.Options {
  const axisColor = themeColor('--fg-muted', '#475569');
  const gridColor = themeColor('--line', '#cbd5e1');
  const hasRightAxis = chart.spec.lines.some((line) => line.axis === 'right');
  const yAxis = (scale: string, side: 1 | 3): uPlot.Axis => ({
    scale,
    side,
    stroke: axisColor,
    grid: { show: side === 3, stroke: gridColor, width: 1 },
    ticks: { stroke: gridColor, width: 1 },
    values: (_plot, splits) => splits.map((value) => String(value).replace('.', ',')),
  });
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: true } },
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
        // Whole days at least: a label is a day (dd/MM), never two ticks of the same day.
        incrs: DAY_INCREMENTS,
        space: 56,
        values: (_plot, splits) => splits.map((seconds) => dayMonthOf(seconds * 1000)),
      },
      yAxis('y', 3),
      ...(hasRightAxis ? [yAxis('right', 1)] : []),
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
    const observer = new ResizeObserver(() => {
      if (plot.width !== widthOf()) plot.setSize({ width: widthOf(), height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [chart]);
  return <div ref={box} className="w-full" data-chart={chart.spec.id} />;
}
