import * as Dialog from '@radix-ui/react-dialog';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Patient } from '@shared/patients/patient';
import {
  noListChanges,
  patientListChanges,
  replacementText,
  visitListsOf,
  type ListChange,
  type PatientListChanges,
} from '@shared/patients/chart';
import type { WorkingRecord } from '@shared/records/flow';
import { readPatientFresh, useApplyListChanges } from '../../data/patients';
import { Button } from '../../ui/button';
import { errorText } from '../../data/api';

type Direction = keyof ListChange;

/** One line of the list the doctor confirms: the change at `index` of its list and direction. */
interface ChangeLine {
  key: string;
  list: keyof PatientListChanges;
  direction: Direction;
  index: number;
  label: string;
  text: string;
}

const LABELS: Record<keyof PatientListChanges, Partial<Record<Direction, string>>> = {
  allergies: { added: 'Nova alergia' },
  chronicConditions: { added: 'Nova condição crônica' },
  medications: { added: 'Passa a usar', removed: 'Deixa de usar', replaced: 'Nova dose' },
};
const DIRECTIONS: readonly Direction[] = ['added', 'removed', 'replaced'];

function linesOf(changes: PatientListChanges): ChangeLine[] {
  return (Object.keys(LABELS) as (keyof PatientListChanges)[]).flatMap((list) =>
    DIRECTIONS.flatMap((direction) => {
      const label = LABELS[list][direction];
      if (label === undefined) return [];
      const texts =
        direction === 'replaced'
          ? changes[list].replaced.map(replacementText)
          : changes[list][direction];
      return texts.map((text, index) => ({
        key: `${list}:${direction}:${String(index)}:${text}`,
        list,
        direction,
        index,
        label,
        text,
      }));
    }),
  );
}

/** The changes with only the lines the doctor kept ticked. */
function confirmedChanges(
  changes: PatientListChanges,
  lines: readonly ChangeLine[],
  ticked: ReadonlySet<string>,
): PatientListChanges {
  const kept = (list: keyof PatientListChanges): ListChange => {
    const keeps = (direction: Direction, index: number) =>
      lines.some(
        (line) =>
          line.list === list &&
          line.direction === direction &&
          line.index === index &&
          ticked.has(line.key),
      );
    const change = changes[list];
    return {
      added: change.added.filter((_, index) => keeps('added', index)),
      removed: change.removed.filter((_, index) => keeps('removed', index)),
      replaced: change.replaced.filter((_, index) => keeps('replaced', index)),
    };
  };
  return {
    allergies: kept('allergies'),
    chronicConditions: kept('chronicConditions'),
    medications: kept('medications'),
  };
}

export interface PendingChartChanges {
  patient: Patient;
  changes: PatientListChanges;
}

/**
 * After a visit is finalised: what it adds to or changes in the patient's allergies, conditions
 * and medicines in use (its patient step, what it prescribed for continuous use and what it
 * stopped), read against her chart as it is now.
 * @returns undefined when the visit has no patient or changes nothing
 */
export async function chartChangesOf(
  cache: QueryClient,
  record: WorkingRecord,
): Promise<PendingChartChanges | undefined> {
  if (!record.patientId) return undefined;
  const patient = await readPatientFresh(cache, record.patientId);
  const changes = patientListChanges(patient, visitListsOf(record));
  return noListChanges(changes) ? undefined : { patient, changes };
}

/**
 * The short list of changes a finalised visit brings to the patient's chart (docs/product.md, "Pacientes"), each
 * ticked; the chart changes only when the doctor confirms — never silently.
 */
export function PatientChangesDialog(props: {
  pending: PendingChartChanges | undefined;
  onDone: (message: string | undefined) => void;
}) {
  const apply = useApplyListChanges();
  const lines = props.pending ? linesOf(props.pending.changes) : [];
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [shownFor, setShownFor] = useState<PendingChartChanges>();
  const [error, setError] = useState<string>();
  if (props.pending !== shownFor) {
    // A new list to confirm: every line ticked to start with.
    setShownFor(props.pending);
    setTicked(new Set(lines.map((line) => line.key)));
    setError(undefined);
  }
  const pending = props.pending;

  const saving = apply.isPending;

  const confirm = () => {
    if (!pending) return;
    setError(undefined);
    apply.mutate(
      { patient: pending.patient, changes: confirmedChanges(pending.changes, lines, ticked) },
      {
        onSuccess: () => props.onDone(`Ficha de ${pending.patient.name} atualizada.`),
        onError: (failure) =>
          setError(errorText(failure, 'Não foi possível atualizar a ficha. Tente novamente.')),
      },
    );
  };

  return (
    <Dialog.Root
      open={pending !== undefined}
      onOpenChange={(open) => {
        if (!open && !saving) props.onDone(undefined);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-fg">
            Atualizar a ficha de {pending?.patient.name}?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-fg-muted">
            Esta consulta mudou o que a ficha registra. Confira e desmarque o que não deve entrar.
          </Dialog.Description>
          <ul aria-label="Mudanças na ficha" className="mt-4 flex flex-col gap-2 overflow-y-auto">
            {lines.map((line) => (
              <li key={line.key}>
                <label className="flex items-start gap-2 text-sm text-fg">
                  <input
                    type="checkbox"
                    className="mt-0.5"
                    checked={ticked.has(line.key)}
                    onChange={(event) => {
                      const next = new Set(ticked);
                      if (event.target.checked) next.add(line.key);
                      else next.delete(line.key);
                      setTicked(next);
                    }}
                  />
                  <span>
                    <span
                      className={
                        line.list === 'allergies' ? 'font-semibold text-danger-fg' : 'font-semibold'
                      }
                    >
                      {line.label}:
                    </span>{' '}
                    {line.text}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {error && (
            <p role="alert" className="mt-3 text-sm text-danger-fg">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={saving} onClick={() => props.onDone(undefined)}>
              Agora não
            </Button>
            <Button disabled={saving || ticked.size === 0} onClick={confirm}>
              {saving ? 'Atualizando…' : 'Atualizar ficha'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
