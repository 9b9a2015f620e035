import { Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useId, useState, type SyntheticEvent, type ReactNode } from 'react';
import {
  EXAM_PRIORITIES,
  EXAM_TYPES,
  MEDICATION_ROUTES,
  RECORD_LIMITS,
  type Exam,
  type Medication,
  type MedicationRoute,
  type RecordPrescriptions,
} from '@shared/records/medical-record';
import { guessRoute, ROUTE_HEADINGS } from '@shared/prescriptions/prescription';
import {
  capitalizedMedicationName,
  fillMissingFromTable,
  medicationFromDetection,
  TABLE_POSOLOGY_NOTE,
} from '@shared/prescriptions/suggestions';
import {
  prescribedItemCount,
  prescriptionsDecided,
  type WorkingRecord,
} from '@shared/records/flow';
import { examLine, medicationLine } from '@shared/records/narrative';
import { Button } from '../../../ui/button';
import { SelectField, TextAreaField, TextField } from '../../../ui/text-field';
import { examInfoItem, ItemInfoDialog, medicationInfoItem } from '../item-info-dialog';
import { fetchDosingHint, type DetectedMedication } from '../../../data/catalogues';
import { warningsAwaitingReason, withSafetyReason } from '@shared/prescriptions/safety-warnings';
import { MedicationNameCombobox } from './medication-name-combobox';
import { PrescriptionAssistant } from './prescription-assistant';
import { SafetyWarnings } from '../../../components/receitas/safety-warnings';
import { usePrescriptionSafety } from './record-safety';
import { useFinalizationMessage } from './finish-visit';
import { BackButton, ContinueButton, StepLayout, usePartWriter } from './step-layout';
import { useDraft } from '../../../ui/use-draft';

/** The long texts are saved on blur; also after this pause, so a reload loses nothing typed. */
const LONG_TEXT_IDLE_SAVE_MS = 1000;

const EXAM_TYPE_LABELS: Record<(typeof EXAM_TYPES)[number], string> = {
  laboratorial: 'Laboratorial',
  imagem: 'Imagem',
  funcional: 'Funcional',
  outro: 'Outro',
};

const EXAM_PRIORITY_LABELS: Record<(typeof EXAM_PRIORITIES)[number], string> = {
  rotina: 'Rotina',
  urgente: 'Urgente',
  eletivo: 'Eletivo',
};

type MedicationDetails = Pick<
  Medication,
  'dosage' | 'dosePerIntake' | 'frequency' | 'duration' | 'instructions'
>;
const DETAIL_FIELDS: { field: keyof MedicationDetails; label: string; placeholder: string }[] = [
  { field: 'dosage', label: 'Dosagem', placeholder: 'Ex: 750 mg ou 250 mg/5 mL' },
  { field: 'dosePerIntake', label: 'Dose por tomada', placeholder: 'Ex: 1 comprimido, 5 mL' },
  { field: 'frequency', label: 'Frequência', placeholder: 'Ex: 6/6h' },
  { field: 'duration', label: 'Duração', placeholder: 'Ex: 5 dias' },
  { field: 'instructions', label: 'Instruções', placeholder: 'Ex: se dor ou febre' },
];

const EMPTY_DETAILS: Record<keyof MedicationDetails, string> = {
  dosage: '',
  dosePerIntake: '',
  frequency: '',
  duration: '',
  instructions: '',
};

/** The details as the record keeps them: trimmed, blank ones left out. */
function detailsOf(values: Record<keyof MedicationDetails, string>): MedicationDetails {
  const details: MedicationDetails = {};
  for (const { field } of DETAIL_FIELDS) {
    const value = values[field].trim();
    if (value) details[field] = value;
  }
  return details;
}

function withoutDetails(medication: Medication): Medication {
  const {
    dosage: _d,
    dosePerIntake: _p,
    frequency: _f,
    duration: _du,
    instructions: _i,
    ...rest
  } = medication;
  return rest;
}

/**
 * The route of administration the receita prints: the one the name and form say ('Pela forma:
 * Uso tópico'), unless the doctor chooses another.
 */
function RouteField(props: {
  medication: Pick<Medication, 'name' | 'dosage' | 'instructions' | 'frequency'>;
  value: MedicationRoute | '';
  onChange: (route: MedicationRoute | '') => void;
}) {
  const guessed = guessRoute(props.medication);
  return (
    <SelectField
      label="Via de administração"
      value={props.value}
      onChange={(event) => {
        const chosen = MEDICATION_ROUTES.find((route) => route === event.target.value);
        props.onChange(chosen ?? '');
      }}
    >
      <option value="">Pela forma: {ROUTE_HEADINGS[guessed]}</option>
      {MEDICATION_ROUTES.map((route) => (
        <option key={route} value={route}>
          {ROUTE_HEADINGS[route]}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * docs/product.md, "Etapa Prescrições e Exames": the medications and exams prescribed (added by
 * hand with the catalogue's autocomplete, from the AI assistant's suggestions or detected
 * medicines, edited inline, removed), the medication check's warnings and additional notes.
 */
export function PrescriptionsStep({ record }: { record: WorkingRecord }) {
  const writePrescriptions = usePartWriter(record, 'prescriptions');
  const medications = record.prescriptions?.medications ?? [];
  const exams = record.prescriptions?.exams ?? [];
  const update = (change: (current: RecordPrescriptions) => RecordPrescriptions) => {
    writePrescriptions((current) => change(current ?? {}));
  };
  const safetyWarnings = usePrescriptionSafety(record);
  const safetyReasons = record.prescriptions?.safetyReasons ?? [];
  // A grave or contraindicated warning goes on only with the doctor's reason.
  const awaitingReason = warningsAwaitingReason(safetyWarnings, safetyReasons).length > 0;
  const canContinue = prescriptionsDecided(record) && !awaitingReason;
  const decisionMissing = useFinalizationMessage('prescriptions');
  const hintId = useId();
  const medicationsFull = medications.length >= RECORD_LIMITS.prescriptionItems;
  const examsFull = exams.length >= RECORD_LIMITS.prescriptionItems;
  const addMedication = (medication: Omit<Medication, 'id'>) =>
    update((current) => {
      const list = current.medications ?? [];
      if (list.length >= RECORD_LIMITS.prescriptionItems) return current;
      return { ...current, medications: [...list, { ...medication, id: crypto.randomUUID() }] };
    });
  const addExam = (exam: Omit<Exam, 'id'>) =>
    update((current) => {
      const list = current.exams ?? [];
      if (list.length >= RECORD_LIMITS.prescriptionItems) return current;
      return { ...current, exams: [...list, { ...exam, id: crypto.randomUUID() }] };
    });
  // A detected medicine is prescribed as the text wrote it; the dosing table fills only what the
  // text leaves unsaid, and the doctor is told to check it.
  const addDetected = async (detected: DetectedMedication, name: string) => {
    const hint = await fetchDosingHint(name).catch((error: unknown) => {
      console.warn('Tabela de posologia indisponível.', error);
      return null;
    });
    const { medication, filledFromTable } = medicationFromDetection(name, detected.written, hint);
    addMedication(medication);
    return filledFromTable ? `${medication.name}: ${TABLE_POSOLOGY_NOTE}` : undefined;
  };

  const notes = useDraft({
    value: record.prescriptions?.additionalNotes,
    toDraft: (value: string | undefined) => value ?? '',
    matches: (text: string, value: string | undefined) => text === (value ?? ''),
    commit: (text: string) => update((current) => ({ ...current, additionalNotes: text })),
    delayMs: LONG_TEXT_IDLE_SAVE_MS,
  });

  return (
    <StepLayout
      title="Prescrições e Exames"
      footer={
        <>
          <BackButton />
          <div className="flex flex-col gap-1 sm:items-end">
            {prescribedItemCount(record) === 0 && (
              <NoPrescriptionToggle
                checked={record.prescriptions?.noPrescription === true}
                describedBy={canContinue ? undefined : hintId}
                onChange={(noPrescription) => update((current) => ({ ...current, noPrescription }))}
              />
            )}
            {!canContinue && (
              // Sent here by 'Finalizar consulta', the hint says what finalising waits for.
              <p
                id={hintId}
                className={`text-sm ${decisionMissing ? 'text-danger-fg' : 'text-fg-muted'}`}
              >
                {awaitingReason
                  ? 'Escreva a justificativa de cada aviso grave ou contraindicado para continuar.'
                  : (decisionMissing ??
                    'Adicione pelo menos um medicamento ou exame, ou marque “Sem prescrição nesta consulta”, para continuar.')}
              </p>
            )}
            <ContinueButton
              disabled={!canContinue}
              describedBy={canContinue ? undefined : hintId}
            />
          </div>
        </>
      }
    >
      <PrescriptionAssistant
        record={record}
        medications={medications}
        exams={exams}
        medicationsFull={medicationsFull}
        examsFull={examsFull}
        onAddMedication={addMedication}
        onAddDetected={addDetected}
        onAddExam={addExam}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby={`${hintId}-medications`} className="flex flex-col gap-4">
          <h3 id={`${hintId}-medications`} className="text-base font-semibold text-fg">
            Medicamentos
          </h3>
          <AddMedicationForm full={medicationsFull} onAdd={addMedication} />
          <ItemList empty="Nenhum medicamento prescrito.">
            {medications.map((medication, index) => (
              <MedicationItem
                key={medication.id ?? `${medication.name}-${index}`}
                medication={medication}
                onSave={(changed) =>
                  update((current) => ({
                    ...current,
                    medications: (current.medications ?? []).map((item, at) =>
                      at === index ? changed : item,
                    ),
                  }))
                }
                onRemove={() =>
                  update((current) => ({
                    ...current,
                    medications: (current.medications ?? []).filter((_, at) => at !== index),
                  }))
                }
              />
            ))}
          </ItemList>
        </section>

        <section aria-labelledby={`${hintId}-exams`} className="flex flex-col gap-4">
          <h3 id={`${hintId}-exams`} className="text-base font-semibold text-fg">
            Exames
          </h3>
          <AddExamForm full={examsFull} onAdd={addExam} />
          <ItemList empty="Nenhum exame solicitado.">
            {exams.map((exam, index) => (
              <li
                key={exam.id ?? `${exam.name}-${index}`}
                title={exam.explanation}
                className="flex items-start justify-between gap-2 rounded-md border border-line bg-surface p-3"
              >
                <span className="min-w-0 text-sm text-fg">{examLine(exam)}</span>
                <span className="flex shrink-0 gap-1">
                  <ItemInfoDialog item={examInfoItem(exam)} />
                  <RemoveButton
                    name={exam.name}
                    onClick={() =>
                      update((current) => ({
                        ...current,
                        exams: (current.exams ?? []).filter((_, at) => at !== index),
                      }))
                    }
                  />
                </span>
              </li>
            ))}
          </ItemList>
        </section>
      </div>

      <SafetyWarnings
        warnings={safetyWarnings}
        reasons={safetyReasons}
        onReason={(warning, reason) =>
          update((current) => ({
            ...current,
            safetyReasons: withSafetyReason(current.safetyReasons ?? [], warning, reason),
          }))
        }
      />

      {/* The plan is written on its own step (docs/product.md, "Etapa Plano"), not here too. */}
      <TextAreaField
        label="Observações Adicionais"
        className="min-h-[200px]"
        maxLength={RECORD_LIMITS.longText}
        value={notes.draft}
        onChange={(event) => notes.change(event.target.value)}
        onBlur={notes.flush}
      />
    </StepLayout>
  );
}

function ItemList(props: { empty: string; children: ReactNode[] }) {
  if (props.children.length === 0) return <p className="text-sm text-fg-muted">{props.empty}</p>;
  return <ul className="flex flex-col gap-2">{props.children}</ul>;
}

function RemoveButton(props: { name: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      className="shrink-0 px-2"
      aria-label={`Remover ${props.name}`}
      title={`Remover ${props.name}`}
      onClick={props.onClick}
    >
      <Trash2 aria-hidden className="size-4 text-danger-fg" />
    </Button>
  );
}

function AddMedicationForm(props: {
  full: boolean;
  onAdd: (medication: Omit<Medication, 'id'>) => void;
}) {
  const [name, setName] = useState('');
  const [details, setDetails] = useState(EMPTY_DETAILS);
  const [route, setRoute] = useState<MedicationRoute | ''>('');
  // The presentations the catalogue sells of the medicine chosen, for the doctor to pick one.
  const [strengths, setStrengths] = useState<readonly string[]>([]);
  const strengthId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || props.full) return;
    props.onAdd({ name: trimmed, ...detailsOf(details), ...(route ? { route } : {}) });
    setName('');
    setDetails(EMPTY_DETAILS);
    setRoute('');
    setStrengths([]);
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-md border border-line bg-surface-muted p-4"
    >
      <MedicationNameCombobox
        value={name}
        onChange={(typed) => {
          setName(typed);
          setStrengths([]);
        }}
        onChoose={(medication) => {
          // A single strength is the dosage; with several, the doctor picks one (a
          // suspension's concentration among them) or types her own.
          const [strength, ...others] = medication.strengths;
          setStrengths(others.length > 0 ? medication.strengths : []);
          if (strength !== undefined && others.length === 0) {
            setDetails((current) => ({ ...current, dosage: strength }));
          }
        }}
      />
      {strengths.length > 0 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={strengthId} className="text-sm font-medium text-fg">
            Apresentação
          </label>
          <select
            id={strengthId}
            className="rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg"
            value={strengths.includes(details.dosage) ? details.dosage : ''}
            onChange={(event) => setDetails({ ...details, dosage: event.target.value })}
          >
            <option value="">Escolha a apresentação ou digite a dosagem</option>
            {strengths.map((strength) => (
              <option key={strength} value={strength}>
                {strength}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {DETAIL_FIELDS.map(({ field, label, placeholder }) => (
          <TextField
            key={field}
            label={label}
            placeholder={placeholder}
            autoComplete="off"
            maxLength={
              field === 'instructions' ? RECORD_LIMITS.mediumText : RECORD_LIMITS.shortText
            }
            value={details[field]}
            onChange={(event) => setDetails({ ...details, [field]: event.target.value })}
          />
        ))}
        <RouteField medication={{ name, ...details }} value={route} onChange={setRoute} />
      </div>
      <Button type="submit" disabled={!name.trim() || props.full} className="self-start">
        <Plus aria-hidden className="size-4" />
        Adicionar medicamento
      </Button>
    </form>
  );
}

function MedicationItem(props: {
  medication: Medication;
  onSave: (medication: Medication) => void;
  onRemove: () => void;
}) {
  const { medication } = props;
  const [editing, setEditing] = useState<Record<keyof MedicationDetails, string> | undefined>();
  const [route, setRoute] = useState<MedicationRoute | ''>('');
  const [hint, setHint] = useState<
    { status: 'idle' | 'loading' } | { status: 'said'; text: string }
  >({ status: 'idle' });

  const startEditing = () => {
    setHint({ status: 'idle' });
    setRoute(medication.route ?? '');
    setEditing({
      dosage: medication.dosage ?? '',
      dosePerIntake: medication.dosePerIntake ?? '',
      frequency: medication.frequency ?? '',
      duration: medication.duration ?? '',
      instructions: medication.instructions ?? '',
    });
  };

  // docs/product.md, "Etapa Prescrições e Exames": the suggestion button fills the four fields from
  // the dosing table.
  const suggestDosing = async () => {
    setHint({ status: 'loading' });
    try {
      const found = await fetchDosingHint(medication.name);
      if (found && editing) {
        // The table fills only the fields left empty: what the doctor typed stays.
        const { dosePerIntake, ...posology } = editing;
        const { fields, filledFromTable } = fillMissingFromTable(posology, found);
        setEditing({ ...fields, dosePerIntake });
        setHint({
          status: 'said',
          text: filledFromTable
            ? `${capitalizedMedicationName(found.name)}: ${TABLE_POSOLOGY_NOTE}`
            : 'A posologia escrita foi mantida; nada a preencher pela tabela.',
        });
      } else {
        setHint({ status: 'said', text: `Sem posologia de referência para ${medication.name}` });
      }
    } catch (error) {
      console.warn('Tabela de posologia indisponível.', error);
      setHint({ status: 'said', text: 'Não foi possível consultar a tabela de posologia.' });
    }
  };

  if (editing) {
    return (
      <li className="rounded-md border border-accent-fg bg-surface p-3">
        <form
          className="flex flex-col gap-3"
          aria-label={`Editar ${medication.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            const { route: _route, ...kept } = withoutDetails(medication);
            props.onSave({ ...kept, ...detailsOf(editing), ...(route ? { route } : {}) });
            setEditing(undefined);
          }}
        >
          <p className="text-sm font-semibold text-fg">{medication.name}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {DETAIL_FIELDS.map(({ field, label }) => (
              <TextField
                key={field}
                label={label}
                autoComplete="off"
                maxLength={
                  field === 'instructions' ? RECORD_LIMITS.mediumText : RECORD_LIMITS.shortText
                }
                value={editing[field]}
                onChange={(event) => setEditing({ ...editing, [field]: event.target.value })}
              />
            ))}
            <RouteField
              medication={{ name: medication.name, ...editing }}
              value={route}
              onChange={setRoute}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              disabled={hint.status === 'loading'}
              onClick={() => void suggestDosing()}
            >
              <Sparkles aria-hidden className="size-4" />
              Sugerir posologia
            </Button>
            <p role="status" className="text-sm text-fg-muted">
              {hint.status === 'said' ? hint.text : ''}
            </p>
          </div>
          <div className="flex gap-2">
            <Button type="submit">Salvar</Button>
            <Button variant="secondary" onClick={() => setEditing(undefined)}>
              Cancelar
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li
      title={medication.explanation}
      className="flex items-start justify-between gap-2 rounded-md border border-line bg-surface p-3"
    >
      <span className="min-w-0 text-sm text-fg">{medicationLine(medication)}</span>
      <span className="flex shrink-0 gap-1">
        <ItemInfoDialog item={medicationInfoItem(medication)} />
        <Button
          variant="ghost"
          className="px-2"
          // The record header has its own 'Editar': this one names the medication it edits.
          aria-label={`Editar ${medication.name}`}
          onClick={startEditing}
        >
          <Pencil aria-hidden className="size-4" />
          Editar
        </Button>
        <RemoveButton name={medication.name} onClick={props.onRemove} />
      </span>
    </li>
  );
}

function AddExamForm(props: { full: boolean; onAdd: (exam: Omit<Exam, 'id'>) => void }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<Exam['type']>('laboratorial');
  const [priority, setPriority] = useState<Exam['priority']>('rotina');
  const [justification, setJustification] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || props.full) return;
    props.onAdd({
      name: trimmed,
      ...(type ? { type } : {}),
      ...(priority ? { priority } : {}),
      ...(justification.trim() ? { justification: justification.trim() } : {}),
    });
    setName('');
    setJustification('');
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-md border border-line bg-surface-muted p-4"
    >
      <TextField
        label="Nome do exame"
        required
        autoComplete="off"
        maxLength={RECORD_LIMITS.shortText}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label="Tipo"
          value={type}
          onChange={(event) => setType(EXAM_TYPES.find((option) => option === event.target.value))}
        >
          {EXAM_TYPES.map((option) => (
            <option key={option} value={option}>
              {EXAM_TYPE_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Prioridade"
          value={priority}
          onChange={(event) =>
            setPriority(EXAM_PRIORITIES.find((option) => option === event.target.value))
          }
        >
          {EXAM_PRIORITIES.map((option) => (
            <option key={option} value={option}>
              {EXAM_PRIORITY_LABELS[option]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Justificativa"
        autoComplete="off"
        maxLength={RECORD_LIMITS.mediumText}
        value={justification}
        onChange={(event) => setJustification(event.target.value)}
      />
      <Button type="submit" disabled={!name.trim() || props.full} className="self-start">
        <Plus aria-hidden className="size-4" />
        Adicionar exame
      </Button>
    </form>
  );
}

/**
 * 'Sem prescrição nesta consulta': a counselling-only visit goes on and is finalised with
 * nothing prescribed. Stored in the record, so it survives a reload.
 */
function NoPrescriptionToggle(props: {
  checked: boolean;
  describedBy: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-fg">
      <input
        type="checkbox"
        className="size-4 accent-[var(--accent)]"
        aria-describedby={props.describedBy}
        data-finalization-field="prescriptions"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      Sem prescrição nesta consulta
    </label>
  );
}
