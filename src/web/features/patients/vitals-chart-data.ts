import type { VitalsPoint } from '@shared/patients/chart';
import { formatDecimal } from '@shared/lib/pt-br-format';

/**
 * What the vital-sign charts of a patient's chart draw, from her visits' points (oldest first):
 * one chart per measure, each with its title, its lines, and the same values as text for the
 * table that stands in for the drawing (screen readers, exact values).
 */

export type VitalsMeasure = Exclude<keyof VitalsPoint, 'recordId' | 'date'>;

export interface ChartLine {
  measure: VitalsMeasure;
  label: string;
  /** Drawn in this colour, and dashed for the second line so colour is never the only cue. */
  color: string;
  dash?: number[];
  /** The second y axis (on the right), for a line of another unit. */
  axis?: 'right';
  /**
   * The y axis in this line's unit: at least `minSpan` tall, however close the values (one
   * visit, or the same value at each), and its ends on multiples of `step`.
   */
  scale: { minSpan: number; step: number };
}

export interface VitalsChartSpec {
  id: 'pressure' | 'heart-rate' | 'weight' | 'temperature';
  title: string;
  lines: ChartLine[];
  /** The value of one visit as text: '150/95', '72', '36,8'. */
  valueText: (point: VitalsPoint) => string;
  /** The column heads of the table: the date, then the value(s). */
  columns: string[];
}

const NONE = '—';
const num = (value: number | undefined, fractionDigits?: number) =>
  value === undefined ? NONE : formatDecimal(value, fractionDigits);

export const VITALS_CHARTS: readonly VitalsChartSpec[] = [
  {
    id: 'pressure',
    title: 'Pressão arterial (mmHg)',
    lines: [
      {
        measure: 'systolic',
        label: 'Sistólica',
        color: '#dc2626',
        scale: { minSpan: 40, step: 10 },
      },
      {
        measure: 'diastolic',
        label: 'Diastólica',
        color: '#2563eb',
        dash: [6, 4],
        scale: { minSpan: 40, step: 10 },
      },
    ],
    valueText: (point) => `${num(point.systolic)}/${num(point.diastolic)}`,
    columns: ['Data', 'Pressão (sistólica/diastólica)'],
  },
  {
    id: 'heart-rate',
    title: 'Frequência cardíaca (bpm)',
    lines: [
      {
        measure: 'heartRate',
        label: 'Frequência cardíaca',
        color: '#db2777',
        scale: { minSpan: 20, step: 10 },
      },
    ],
    valueText: (point) => num(point.heartRate),
    columns: ['Data', 'Frequência cardíaca (bpm)'],
  },
  {
    id: 'weight',
    title: 'Peso (kg) e IMC',
    lines: [
      { measure: 'weight', label: 'Peso (kg)', color: '#0f766e', scale: { minSpan: 10, step: 5 } },
      {
        measure: 'bmi',
        label: 'IMC',
        color: '#9333ea',
        dash: [6, 4],
        axis: 'right',
        scale: { minSpan: 4, step: 1 },
      },
    ],
    valueText: (point) =>
      [
        point.weight === undefined ? '' : `${num(point.weight)} kg`,
        point.bmi === undefined ? '' : `IMC ${num(point.bmi, 1)}`,
      ]
        .filter(Boolean)
        .join(', '),
    columns: ['Data', 'Peso (kg) e IMC'],
  },
  {
    id: 'temperature',
    title: 'Temperatura (°C)',
    lines: [
      {
        measure: 'temperature',
        label: 'Temperatura',
        color: '#ea580c',
        scale: { minSpan: 2, step: 0.5 },
      },
    ],
    valueText: (point) => num(point.temperature, 1),
    columns: ['Data', 'Temperatura (°C)'],
  },
];

/** A visit's day as the charts write it: '12/03' (dd/MM, local time). */
export function dayMonthOf(isoDate: string | number): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return NONE;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}`;
}

/** One chart's data: the visits that measured any of its lines, in the order they happened. */
export interface VitalsChartData {
  spec: VitalsChartSpec;
  /** The visits drawn, oldest first. */
  points: VitalsPoint[];
  /** Seconds since 1970 of each visit (uPlot's time axis). */
  xs: number[];
  /** Per line, the value of each visit; `null` where that visit did not measure it. */
  ys: (number | null)[][];
}

/**
 * The charts that have something to draw, from the points of her visits (oldest first): a chart
 * whose measures no visit took is left out.
 * @param points - `GET /api/patients/:id/vitals`'s points
 */
export function vitalsChartsOf(points: readonly VitalsPoint[]): VitalsChartData[] {
  return VITALS_CHARTS.flatMap((spec) => {
    const drawn = points.filter((point) =>
      spec.lines.some((line) => point[line.measure] !== undefined),
    );
    if (drawn.length === 0) return [];
    return [
      {
        spec,
        points: drawn,
        xs: drawn.map((point) => Math.floor(Date.parse(point.date) / 1000)),
        ys: spec.lines.map((line) => drawn.map((point) => point[line.measure] ?? null)),
      },
    ];
  });
}

/**
 * The y range of one axis of a chart, in its unit: the values with a tenth of their span on each
 * side, at least the lines' `minSpan` tall and centred on them (a single 37 °C reads 36–38 °C,
 * not 0–60), its ends rounded out to the lines' `step` and never below zero. Undefined when no
 * visit measured a line of that axis.
 * @param axis - 'y' for the left axis, 'right' for the second one
 */
export function yRangeOf(
  chart: VitalsChartData,
  axis: 'y' | 'right',
): [number, number] | undefined {
  const onAxis = chart.spec.lines.flatMap((line, index) =>
    (line.axis ?? 'y') === axis ? [{ line, values: chart.ys[index] ?? [] }] : [],
  );
  const values = onAxis.flatMap(({ values }) => values.filter((value) => value !== null));
  if (values.length === 0) return undefined;
  const minSpan = Math.max(...onAxis.map(({ line }) => line.scale.minSpan));
  const step = Math.max(...onAxis.map(({ line }) => line.scale.step));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(minSpan, (high - low) * 1.2);
  const middle = (low + high) / 2;
  // Rounded to the step after a tiny nudge inward, so float error never adds a whole step.
  const epsilon = step / 1000;
  const bottom = Math.max(0, Math.floor((middle - span / 2 + epsilon) / step) * step);
  const top = Math.ceil((middle + span / 2 - epsilon) / step) * step;
  return [bottom, top];
}

/**
 * The chart in one sentence, for its accessible name: 'Pressão arterial (mmHg): 12/03 150/95;
 * 15/04 140/90.'
 */
export function chartSummary(chart: VitalsChartData): string {
  const values = chart.points
    .map((point) => `${dayMonthOf(point.date)} ${chart.spec.valueText(point)}`)
    .join('; ');
  return `${chart.spec.title}: ${values}.`;
}
