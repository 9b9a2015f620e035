import { useQueryClient } from '@tanstack/react-query';
import { UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { patientOfferLabel } from '@shared/patients/chart';
import type { WorkingRecord } from '@shared/records/flow';
import { useOpenRecordActions } from '../../../data/open-record';
import {
  MATCH_MIN_LENGTH,
  createPatientFromVisit,
  usePatient,
  usePatientMatches,
} from '../../../data/patients';
import { Button } from '../../../ui/button';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { errorText } from '../../../data/api';

/** How long the name must rest before the matching patients are asked for. */
const MATCH_DELAY_MS = 300;

/**
 * Whose visit this is (docs/product.md, "Pacientes"): the patient the draft belongs to, or — as her name is typed or
 * extracted — the doctor's patients with that name to choose from, or a new patient made from
 * what the step holds. A finalised record shows its patient only.
 */
export function PatientLink({ record }: { record: WorkingRecord }) {
  const actions = useOpenRecordActions();
  const cache = useQueryClient();
  const name = useDebouncedValue(record.patientInfo?.name ?? '', MATCH_DELAY_MS);
  const matches = usePatientMatches(record.patientId ? '' : name);
  const linked = usePatient(record.patientId);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string>();
  const editable = record.status !== 'finalizado';

  if (record.patientId) {
    return (
      <section
        aria-label="Paciente da consulta"
        className="flex flex-col gap-2 rounded-md border border-line bg-surface-muted p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-center gap-2 text-fg">
          <UserCheck aria-hidden className="size-4 text-accent" />
          <span>
            Consulta na ficha de{' '}
            <strong>{linked.data ? patientOfferLabel(linked.data) : 'paciente'}</strong>
          </span>
        </p>
        {editable && (
          <Button variant="ghost" onClick={() => actions.unlinkPatient()}>
            Trocar paciente
          </Button>
        )}
      </section>
    );
  }
  if (!editable || name.trim().length < MATCH_MIN_LENGTH) return null;

  const createPatient = async () => {
    setCreating(true);
    setError(undefined);
    try {
      actions.linkPatient(await createPatientFromVisit(cache, record.patientInfo ?? {}));
    } catch (failure) {
      setError(errorText(failure, 'Não foi possível cadastrar o paciente.'));
    } finally {
      setCreating(false);
    }
  };

  const offers = matches.data ?? [];
  return (
    <section
      aria-label="Ficha do paciente"
      aria-live="polite"
      className="flex flex-col gap-2 rounded-md border border-line p-3 text-sm"
    >
      <p className="text-fg-muted">
        {offers.length > 0
          ? 'Pacientes seus com este nome — escolha a ficha desta consulta:'
          : 'Nenhum paciente seu com este nome.'}
      </p>
      {offers.length > 0 && (
        <ul className="flex flex-col gap-1">
          {offers.map((patient) => (
            <li key={patient.id}>
              <Button
                variant="secondary"
                className="w-full justify-start text-left"
                onClick={() => actions.linkPatient(patient)}
              >
                <UserCheck aria-hidden className="size-4 shrink-0" />
                {patientOfferLabel(patient)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="ghost" disabled={creating} onClick={() => void createPatient()}>
          <UserPlus aria-hidden className="size-4" />
          {creating ? 'Cadastrando…' : 'Cadastrar como novo paciente'}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-danger-fg">
          {error}
        </p>
      )}
    </section>
  );
}
