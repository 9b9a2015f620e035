import { Component, lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import type { VitalsPoint } from '@shared/patients/chart';
import { Button } from '../../ui/button';
import {
  chartSummary,
  dayMonthOf,
  vitalsChartsOf,
  type VitalsChartData,
} from './vitals-chart-data';

// The chart library comes in its own chunk, fetched only when a chart is drawn.
const LineChart = lazy(() => import('./line-chart'));

/**
 * The vital signs across her visits: blood pressure, heart rate, weight and BMI, temperature —
 * each drawing named by its values and dates in words, with a table of them on request, so no
 * value is given by the drawing alone.
 */
export function VitalsCharts(props: {
  points: readonly VitalsPoint[] | undefined;
  loading: boolean;
  error: Error | null;
}) {
  const charts = useMemo(() => vitalsChartsOf(props.points ?? []), [props.points]);
  if (props.loading) return <p className="text-sm text-fg-muted">Carregando sinais vitais...</p>;
  if (props.error) {
    return (
      <p role="alert" className="text-sm text-danger-fg">
        {props.error.message}
      </p>
    );
  }
  if (charts.length === 0) {
    return (
      <p className="text-sm text-fg-muted">
        Nenhum sinal vital registrado nas consultas. A pressão, a frequência cardíaca, o peso e a
        temperatura anotados no exame físico aparecem aqui.
      </p>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {charts.map((chart) => (
        <VitalsChart key={chart.spec.id} chart={chart} />
      ))}
    </div>
  );
}

/**
 * Keeps a chart that cannot be drawn (its code did not load, or the library failed in this
 * browser) from taking the patient's chart down with it: the values stay, as a table.
 */
class DrawingBoundary extends Component<
  { onFailed: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailed();
  }

  override render() {
    if (this.state.failed) {
      return (
        <p className="text-sm text-fg-muted">
          Não foi possível desenhar o gráfico. Os valores estão na tabela abaixo.
        </p>
      );
    }
    return this.props.children;
  }
}

function VitalsChart({ chart }: { chart: VitalsChartData }) {
  const [tableShown, setTableShown] = useState(false);
  const titleId = useId();
  const tableId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-line bg-surface p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <figcaption id={titleId} className="font-semibold text-fg">
          {chart.spec.title}
        </figcaption>
        <Button
          variant="ghost"
          className="shrink-0 px-2 py-1 text-xs"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown(!tableShown)}
        >
          {tableShown ? 'Ocultar valores' : 'Mostrar valores'}
        </Button>
      </div>
      <Legend chart={chart} />
      {/* The drawing's accessible name says every value with its date. */}
      <div role="img" aria-label={chartSummary(chart)} className="min-h-[200px]">
        <DrawingBoundary onFailed={() => setTableShown(true)}>
          <Suspense fallback={<div className="h-[200px] animate-pulse rounded bg-surface-muted" />}>
            <LineChart chart={chart} />
          </Suspense>
        </DrawingBoundary>
      </div>
      <table id={tableId} hidden={!tableShown} className="w-full text-sm">
        <caption className="sr-only">{chart.spec.title}: valores por consulta</caption>
        <thead>
          <tr className="border-b border-line text-left text-fg-muted">
            {chart.spec.columns.map((column) => (
              <th key={column} scope="col" className="py-1 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.points.map((point) => (
            <tr key={point.recordId} className="border-b border-line last:border-0">
              <td className="py-1 text-fg">{dayMonthOf(point.date)}</td>
              <td className="py-1 text-fg">{chart.spec.valueText(point)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Which line is which: its colour and its stroke (solid or dashed), and its name in words. */
function Legend({ chart }: { chart: VitalsChartData }) {
  const drawn = chart.spec.lines.filter((_line, index) =>
    chart.ys[index]?.some((value) => value !== null),
  );
  if (chart.spec.lines.length < 2) return null;
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-4 text-xs text-fg-muted">
      {drawn.map((line) => (
        <li key={line.measure} className="flex items-center gap-1.5">
          <svg width="24" height="8" className="shrink-0">
            <line
              x1="0"
              y1="4"
              x2="24"
              y2="4"
              stroke={line.color}
              strokeWidth="2"
              strokeDasharray={line.dash?.join(' ')}
            />
          </svg>
          {line.label}
          {line.axis === 'right' ? ' (eixo à direita)' : ''}
        </li>
      ))}
    </ul>
  );
}
