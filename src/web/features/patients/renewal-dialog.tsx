import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { SessionDoctor } from '../../data/auth-client';
import type { PresentedPrescription } from '@shared/api/prescriptions';
import { listInWords } from '@shared/lib/pt-br-format';
import { formatCrm } from '@shared/account/doctor-settings';
import { RECORD_LIMITS } from '@shared/records/medical-record';
import type { Patient } from '@shared/patients/patient';
import { renewalMedications, type RenewalChoice, type RenewalItem } from '@shared/patients/chart';
import { posologySentence } from '@shared/prescriptions/posology';
import { formatDate } from '@shared/lib/pt-br-format';
import { usePatientRenewal } from '../../data/patients';
import { useReceitaIssue } from '../../data/prescription-actions';
import { useDoctorSettings } from '../../data/settings';
import { Button } from '../../ui/button';
import { DialogFrame } from '../../ui/dialog-frame';
import { TextField } from '../../ui/text-field';

export const RENEWAL_TEXT = {
  title: 'Renovar receita',
  loading: 'Buscando as últimas prescrições...',
  none: 'Nenhum medicamento em uso registrado na ficha.',
  list: 'Medicamentos a renovar',
  noPosology: 'Nenhuma prescrição anterior diz como tomar: escreva a posologia.',
  nothingChosen: 'Marque ao menos um medicamento.',
  retry: 'Tentar novamente',
  issue: 'Emitir receita',
  issuing: 'Emitindo...',
  cancel: 'Cancelar',
} as const;

/** The fields the doctor writes for a medicine no earlier prescription said how to take. */
const POSOLOGY_FIELDS = [
  { field: 'dosage', label: 'Dosagem', placeholder: 'Ex: 50 mg' },
  { field: 'frequency', label: 'Frequência', placeholder: 'Ex: 1x ao dia' },
  { field: 'instructions', label: 'Instruções', placeholder: 'Ex: pela manhã' },
] as const;

/** 'Última prescrição: consulta de 12/10/2026'. */
function lastPrescribedText(last: NonNullable<RenewalItem['lastPrescribed']>): string {
  const where = last.kind === 'record' ? 'consulta' : 'receita';
  return `Última prescrição: ${where} de ${formatDate(last.date)}`;
}

/** Every medicine chosen to start with; the doctor writes the posology a medicine lacks. */
function initialChoices(items: readonly RenewalItem[]): RenewalChoice[] {
  return items.map((item) =>
    item.lastPrescribed ? { chosen: true } : { chosen: true, dosage: item.medication.dosage ?? '' },
  );
}

/**
 * 'Renovar receita' (docs/product.md, "Renovar receita"): her medicines in use, each with the
 * posology of its latest prescription, for continuous use; one no prescription said how to take
 * is listed for the doctor to write, never guessed. 'Emitir receita' issues it like any receita
 * (the prescription actions), for her and dated today, and hands it over to be printed.
 */
export function RenewalDialog(props: {
  patient: Patient;
  doctor: SessionDoctor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onIssued: (receita: PresentedPrescription) => void;
}) {
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={RENEWAL_TEXT.title}
      description={`Medicamentos em uso de ${props.patient.name}, com a posologia da última prescrição de cada um, para uso contínuo. Desmarque o que não deve entrar.`}
      size="form"
    >
      {props.open && <RenewalChoices {...props} />}
    </DialogFrame>
  );
}

function RenewalChoices(props: Parameters<typeof RenewalDialog>[0]) {
  const { patient } = props;
  const renewal = usePatientRenewal(patient.id, true);
  const receitaIssue = useReceitaIssue().quick;
  const settings = useDoctorSettings();
  const [choices, setChoices] = useState<{ for: RenewalItem[]; each: RenewalChoice[] }>();
  const issuing = receitaIssue.isPending;
  const [issueError, setIssueError] = useState<string>();
  const items = renewal.data ?? [];
  // Tied to the items read: a new answer starts from its own choices.
  const each =
    choices !== undefined && choices.for === renewal.data ? choices.each : initialChoices(items);
  const choose = (index: number, change: Partial<RenewalChoice>) => {
    setChoices({
      for: items,
      each: each.map((choice, at) => (at === index ? { ...choice, ...change } : choice)),
    });
  };
  const { medications, incomplete } = renewalMedications(items, each);
  const hint =
    incomplete.length > 0
      ? `Escreva como tomar ${listInWords(incomplete)}, ou desmarque.`
      : items.length > 0 && medications.length === 0
        ? RENEWAL_TEXT.nothingChosen
        : undefined;

  const issue = async () => {
    setIssueError(undefined);
    const result = await receitaIssue.mutateAsync([
      {
        patientName: patient.name,
        patientAge: patient.age === undefined ? '' : String(patient.age),
        diagnosis: '',
        medications,
        notes: '',
        confidence: 1,
        extractedSections: [],
      },
      { name: settings.name || props.doctor.name, crm: formatCrm(settings) },
      { patientId: patient.id, ...(patient.sex ? { patientSex: patient.sex } : {}) },
    ]);
    if (result.ok) props.onIssued(result.value);
    else setIssueError(result.error);
  };

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {renewal.isPending ? (
          <p role="status" className="text-sm text-fg-muted">
            {RENEWAL_TEXT.loading}
          </p>
        ) : renewal.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-danger-fg">{renewal.error.message}</span>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() => void renewal.refetch()}
            >
              {RENEWAL_TEXT.retry}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-fg-muted">{RENEWAL_TEXT.none}</p>
        ) : (
          <ul aria-label={RENEWAL_TEXT.list} className="flex flex-col gap-3">
            {items.map((item, index) => (
              <RenewalLine
                key={`${String(index)}:${item.inUse}`}
                item={item}
                choice={each[index] ?? { chosen: false }}
                onChange={(change) => choose(index, change)}
              />
            ))}
          </ul>
        )}
      </div>
      <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-line p-4">
        <p role="status" className="w-full text-right text-sm text-warning-fg empty:hidden">
          {hint ?? ''}
        </p>
        {issueError && (
          <p role="alert" className="w-full text-right text-sm text-danger-fg">
            {issueError}
          </p>
        )}
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={issuing}>
            {RENEWAL_TEXT.cancel}
          </Button>
        </Dialog.Close>
        <Button
          disabled={issuing || hint !== undefined || medications.length === 0}
          onClick={() => void issue()}
        >
          {issuing ? RENEWAL_TEXT.issuing : RENEWAL_TEXT.issue}
        </Button>
      </footer>
    </>
  );
}

/** One medicine in use: ticked to go, with its posology, or the fields to write one. */
function RenewalLine(props: {
  item: RenewalItem;
  choice: RenewalChoice;
  onChange: (change: Partial<RenewalChoice>) => void;
}) {
  const { item, choice } = props;
  const { medication } = item;
  const title = [medication.name, medication.dosage].filter(Boolean).join(' ');
  return (
    <li className="rounded-md border border-line p-3 text-sm">
      <label className="flex items-start gap-2 text-fg">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-accent-fg"
          checked={choice.chosen}
          onChange={(event) => props.onChange({ chosen: event.target.checked })}
        />
        <span className="min-w-0">
          <span className="font-semibold">{title}</span>
          {item.lastPrescribed && (
            <>
              <span className="block">{posologySentence(medication)}</span>
              <span className="block text-fg-muted">{lastPrescribedText(item.lastPrescribed)}</span>
            </>
          )}
        </span>
      </label>
      {!item.lastPrescribed && choice.chosen && (
        <fieldset className="mt-2 flex flex-col gap-2 pl-6">
          <legend className="text-fg-muted">
            {RENEWAL_TEXT.noPosology} <span className="sr-only">({medication.name})</span>
          </legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {POSOLOGY_FIELDS.map(({ field, label, placeholder }) => (
              <TextField
                key={field}
                label={label}
                placeholder={placeholder}
                autoComplete="off"
                maxLength={
                  field === 'instructions' ? RECORD_LIMITS.mediumText : RECORD_LIMITS.shortText
                }
                value={choice[field] ?? ''}
                onChange={(event) => props.onChange({ [field]: event.target.value })}
              />
            ))}
          </div>
        </fieldset>
      )}
    </li>
  );
}
