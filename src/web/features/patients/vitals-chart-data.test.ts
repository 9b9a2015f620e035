import { describe, expect, it } from 'vitest';
import type { VitalsPoint } from '../../../shared/patient-chart';
import { chartSummary, dayMonthOf, vitalsChartsOf } from './vitals-chart-data';

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
