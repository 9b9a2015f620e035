import { UserPlus, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { isApiError } from '@shared/api/client';
import type { Patient } from '@shared/patients/patient';
import { lastVisitLabel, patientAgeLabel, SEX_LABELS } from '@shared/patients/display';
import { useCreatePatient, usePatientsList } from '../../data/patients';
import { Button } from '../../ui/button';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { ViewHeader } from '../../ui/view-header';
import { PatientSearchInput } from './patient-search-input';
import { PatientFormDialog, type SaveOutcome } from './patient-form-dialog';

/** How long the search waits for the doctor to stop typing before asking the server. */
const SEARCH_DELAY_MS = 250;

/** The doctor's patients ('Pacientes'): searched as typed, in name order, 20 at a time. */
export function PatientList(props: { onOpen: (id: string) => void }) {
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const list = usePatientsList(query);
  const create = useCreatePatient();
  const [creating, setCreating] = useState(false);

  const saveNew = async (input: Parameters<typeof create.mutateAsync>[0]): Promise<SaveOutcome> => {
    try {
      return { saved: await create.mutateAsync(input) };
    } catch (error) {
      return { refused: error };
    }
  };

  const patients = list.data?.pages.flatMap((page) => page.patients) ?? [];
  const searching = query !== '';

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-16">
        <span
          aria-hidden="true"
          className="h-8 w-8 animate-spin rounded-full border-4 border-line border-t-accent"
        />
        <p className="text-fg-muted">Carregando pacientes...</p>
      </div>
    );
  } else if (list.isError && !list.data) {
    body = (
      <div
        role="alert"
        className="rounded-md border border-danger-fg bg-danger-soft p-4 text-sm text-danger-fg"
      >
        <p>
          {isApiError(list.error, 'unauthorized')
            ? 'Faça login para ver seus pacientes.'
            : list.error.message}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  } else if (patients.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-line bg-surface px-6 py-12 text-center">
        <Users aria-hidden="true" size={32} className="text-fg-muted" />
        {searching ? (
          <>
            <p className="font-medium text-fg">Nenhum paciente encontrado para “{query}”.</p>
            <p className="text-sm text-fg-muted">
              Busque pelo começo do nome ou do sobrenome, pelo CPF, pelo CNS ou pela data de
              nascimento (dd/mm/aaaa).
            </p>
          </>
        ) : (
          <>
            <p className="font-medium text-fg">Nenhum paciente ainda.</p>
            <p className="text-sm text-fg-muted">
              Clique em “Novo paciente” para cadastrar o primeiro.
            </p>
          </>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface">
          {patients.map((patient) => (
            <PatientRow key={patient.id} patient={patient} onOpen={props.onOpen} />
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
            </Button>
          </div>
        )}
        {list.isFetchNextPageError && (
          <p role="alert" className="text-center text-sm text-danger-fg">
            {list.error.message}
          </p>
        )}
      </>
    );
  }

  return (
    <div className="flex min-h-full flex-col">
      <ViewHeader title="Pacientes">
        <Button onClick={() => setCreating(true)}>
          <UserPlus aria-hidden="true" size={18} /> Novo paciente
        </Button>
      </ViewHeader>
      <PatientFormDialog
        open={creating}
        onOpenChange={setCreating}
        title="Novo paciente"
        onSave={saveNew}
        saving={create.isPending}
        onSaved={(patient) => {
          setCreating(false);
          props.onOpen(patient.id);
        }}
      />
      <section
        aria-label="Lista de pacientes"
        className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6 sm:px-6"
      >
        <div role="search" className="relative">
          <PatientSearchInput
            label="Buscar paciente"
            placeholder="Buscar por nome, CPF, CNS ou data de nascimento"
            value={typed}
            onChange={setTyped}
          />
        </div>
        <p className="sr-only" aria-live="polite">
          {list.data && !list.isPlaceholderData
            ? patients.length === 0
              ? 'Nenhum paciente encontrado.'
              : `${patients.length} ${patients.length === 1 ? 'paciente' : 'pacientes'}${list.hasNextPage ? ' nesta página' : ''}.`
            : ''}
        </p>
        {body}
      </section>
    </div>
  );
}

/** One patient of the list: name, age, sex and last visit; the whole row opens her chart. */
function PatientRow({ patient, onOpen }: { patient: Patient; onOpen: (id: string) => void }) {
  const details = [
    patientAgeLabel(patient),
    patient.sex ? SEX_LABELS[patient.sex] : undefined,
    lastVisitLabel(patient),
  ].filter(Boolean);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(patient.id)}
        className="flex w-full flex-col items-start gap-0.5 px-4 py-3 text-left hover:bg-surface-muted focus-visible:bg-surface-muted"
      >
        <span className="font-medium break-words text-fg">{patient.name}</span>
        {details.length > 0 && <span className="text-sm text-fg-muted">{details.join(' · ')}</span>}
      </button>
    </li>
  );
}
