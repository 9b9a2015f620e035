import { describe, expect, it } from 'vitest';
import type { VitalsPoint } from '@shared/patients/chart';
import { chartSummary, dayMonthOf, vitalsChartsOf, yRangeOf } from './vitals-chart-data';

const visits: VitalsPoint[] = [
  {
    recordId: 'medical-record-1',
    date: '2026-03-12T14:00:00',
    systolic: 150,
    diastolic: 95,
    heartRate: 88,
    weight: 72.5,
    bmi: 27.64,
  },
  { recordId: 'medical-record-2', date: '2026-04-15T09:30:00', systolic: 140, diastolic: 90 },
  { recordId: 'medical-record-3', date: '2026-05-20T10:00:00', temperature: 38.2, weight: 71 },
];

describe('vitalsChartsOf', () => {
  it('draws each measure across the visits that took it, oldest first', () => {
    const charts = vitalsChartsOf(visits);
    expect(charts.map((chart) => chart.spec.title)).toEqual([
      'Pressão arterial (mmHg)',
      'Frequência cardíaca (bpm)',
      'Peso (kg) e IMC',
      'Temperatura (°C)',
    ]);
    const [pressure, heartRate, weight, temperature] = charts;
    expect(pressure?.ys).toEqual([
      [150, 140],
      [95, 90],
    ]);
    expect(pressure?.xs).toEqual([
      Date.parse('2026-03-12T14:00:00') / 1000,
      Date.parse('2026-04-15T09:30:00') / 1000,
    ]);
    expect(heartRate?.ys).toEqual([[88]]);
    // A visit that weighed her but took no BMI leaves a gap in the BMI line, not a zero.
    expect(weight?.ys).toEqual([
      [72.5, 71],
      [27.64, null],
    ]);
    expect(temperature?.points.map((point) => point.recordId)).toEqual(['medical-record-3']);
  });

  it('leaves out a chart no visit has values for', () => {
    expect(vitalsChartsOf([visits[1] as VitalsPoint]).map((chart) => chart.spec.id)).toEqual([
      'pressure',
    ]);
    expect(vitalsChartsOf([])).toEqual([]);
  });
});

describe('the charts as text', () => {
  it('writes days as dd/MM', () => {
    expect(dayMonthOf('2026-03-02T23:00:00')).toBe('02/03');
    expect(dayMonthOf('not a date')).toBe('—');
  });

  it('sums each chart up with its dates and values, in Portuguese', () => {
    const [pressure, heartRate, weight, temperature] = vitalsChartsOf(visits);
    expect(pressure && chartSummary(pressure)).toBe(
      'Pressão arterial (mmHg): 12/03 150/95; 15/04 140/90.',
    );
    expect(heartRate && chartSummary(heartRate)).toBe('Frequência cardíaca (bpm): 12/03 88.');
    expect(weight && chartSummary(weight)).toBe(
      'Peso (kg) e IMC: 12/03 72,5 kg, IMC 27,6; 20/05 71 kg.',
    );
    expect(temperature && chartSummary(temperature)).toBe('Temperatura (°C): 20/05 38,2.');
  });

  it('marks a missing half of a pressure', () => {
    const [pressure] = vitalsChartsOf([
      { recordId: 'medical-record-4', date: '2026-06-01T10:00:00', systolic: 130 },
    ]);
    expect(pressure?.spec.valueText(pressure.points[0] as VitalsPoint)).toBe('130/—');
  });
});

describe('yRangeOf', () => {
  const visit = (day: number, measures: Omit<VitalsPoint, 'recordId' | 'date'>): VitalsPoint => ({
    recordId: `medical-record-${String(day)}`,
    date: `2026-03-${String(day).padStart(2, '0')}T10:00:00`,
    ...measures,
  });
  const chartOf = (id: string, points: VitalsPoint[]) => {
    const chart = vitalsChartsOf(points).find((candidate) => candidate.spec.id === id);
    if (!chart) throw new Error(`no ${id} chart`);
    return chart;
  };

  it('puts a single temperature on a 2 °C axis around it, not 0–60', () => {
    expect(yRangeOf(chartOf('temperature', [visit(1, { temperature: 37 })]), 'y')).toEqual([
      36, 38,
    ]);
    expect(yRangeOf(chartOf('temperature', [visit(1, { temperature: 36.8 })]), 'y')).toEqual([
      35.5, 38,
    ]);
  });

  it('gives a flat series the same sensible span, each unit its own', () => {
    const flat = [1, 2, 3].map((day) => visit(day, { heartRate: 72, weight: 70, bmi: 24.2 }));
    expect(yRangeOf(chartOf('heart-rate', flat), 'y')).toEqual([60, 90]);
    expect(yRangeOf(chartOf('weight', flat), 'y')).toEqual([65, 75]);
    expect(yRangeOf(chartOf('weight', flat), 'right')).toEqual([22, 27]);
  });

  it('keeps every value of a spread series inside, with room around it', () => {
    const pressure = chartOf('pressure', [
      visit(1, { systolic: 150, diastolic: 95 }),
      visit(2, { systolic: 120, diastolic: 80 }),
    ]);
    const [bottom, top] = yRangeOf(pressure, 'y') ?? [Number.NaN, Number.NaN];
    expect(bottom).toBeLessThan(80);
    expect(top).toBeGreaterThan(150);
    expect(top - bottom).toBeLessThanOrEqual(100);
    expect(bottom % 10).toBe(0);
    expect(top % 10).toBe(0);
  });

  it('has no range for an axis no visit measured', () => {
    expect(yRangeOf(chartOf('weight', [visit(1, { weight: 70 })]), 'right')).toBeUndefined();
  });
});
