import { GENDERS, RECORD_LIMITS, type PatientInfo } from '@shared/records/medical-record';
import { parseAge, parseCommaList, type WorkingRecord } from '@shared/records/flow';
import {
  GENDER_LABELS,
  ageError,
  ageTextMatches,
  clearanceError,
  commaListMatches,
  formatCommaList,
  formatMeasurement,
  parseClearance,
} from '@shared/records/step-rules';
import { formatDateTime } from '@shared/lib/pt-br-format';
import { pregnancyCanApply } from '@shared/records/pregnancy-applies';
import { SelectField, TextField } from '../../../ui/text-field';
import { ContinueButton, StepLayout, usePartWriter } from './step-layout';
import { useFinalizationMessage } from './finish-visit';
import { PatientLink } from './patient-link';
import { useDraft } from '../../../ui/use-draft';

type ListField = 'allergies' | 'medications' | 'chronicConditions';

const LIST_FIELDS: { field: ListField; label: string; placeholder: string }[] = [
  { field: 'allergies', label: 'Alergias', placeholder: 'Ex: dipirona, penicilina' },
  { field: 'medications', label: 'Medicamentos em uso', placeholder: 'Ex: losartana 50 mg' },
  { field: 'chronicConditions', label: 'Condições crônicas', placeholder: 'Ex: hipertensão' },
];

/**
 * docs/product.md, "Etapa Paciente": identification and history, every keystroke kept in the
 * record.
 */
export function PatientInfoStep({ record }: { record: WorkingRecord }) {
  const write = usePartWriter(record, 'patientInfo');
  const writeTeleconsulta = usePartWriter(record, 'teleconsulta');
  const info = record.patientInfo ?? {};
  // Each field replaces only itself; the others are read from the store at that moment.
  const update = (changes: Partial<PatientInfo>) => {
    write((current) => withoutUnset({ ...current, ...changes }));
  };

  const age = useDraft({
    value: info.age,
    toDraft: (value: number | undefined) => (value === undefined ? '' : String(value)),
    matches: ageTextMatches,
    commit: (text: string) => update({ age: parseAge(text) }),
  });

  const clearance = useDraft({
    value: info.creatinineClearance,
    toDraft: formatMeasurement,
    matches: (text: string, value: number | undefined) => parseClearance(text) === value,
    commit: (text: string) => update({ creatinineClearance: parseClearance(text) }),
  });

  // Sent here by 'Finalizar consulta' without a name: said under the field until it has one.
  const nameMissing = useFinalizationMessage('patient-name');

  return (
    <StepLayout
      title="Dados do Paciente"
      footer={
        <>
          <span />
          <ContinueButton />
        </>
      }
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2 md:col-span-2">
          <TextField
            label="Nome completo"
            autoComplete="off"
            maxLength={RECORD_LIMITS.shortText}
            value={info.name ?? ''}
            error={nameMissing}
            data-finalization-field="patient-name"
            onChange={(event) => update({ name: event.target.value })}
          />
          <PatientLink record={record} />
        </div>
        <TextField
          label="Idade"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          value={age.draft}
          error={ageError(age.draft)}
          onChange={(event) => age.change(event.target.value)}
        />
        <SelectField
          label="Sexo"
          value={info.gender ?? ''}
          onChange={(event) => {
            const gender = GENDERS.find((option) => option === event.target.value);
            // A man is not pregnant: a tick left from before goes with the change.
            update(gender === 'masculino' ? { gender, pregnant: undefined } : { gender });
          }}
        >
          <option value="">Selecione o gênero</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {GENDER_LABELS[gender]}
            </option>
          ))}
        </SelectField>
        {/* Asked only when it can apply (docs/product.md, "Etapa Paciente"). */}
        {pregnancyCanApply(info) && (
          <label className="flex items-center gap-2 text-sm text-fg md:col-span-2">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-accent-fg"
              checked={info.pregnant ?? false}
              onChange={(event) => update({ pregnant: event.target.checked || undefined })}
            />
            Gestante
          </label>
        )}
        <TextField
          label="Clearance de creatinina (mL/min)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={6}
          hint="Do laudo (TFG) ou por Cockcroft-Gault: ajusta os avisos de dose para os rins."
          value={clearance.draft}
          error={clearanceError(clearance.draft)}
          onChange={(event) => clearance.change(event.target.value)}
        />
        <label className="flex items-start gap-2 text-sm text-fg md:col-span-2">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-accent-fg"
            checked={record.teleconsulta !== undefined}
            onChange={(event) =>
              writeTeleconsulta(() =>
                event.target.checked ? { consentAt: new Date().toISOString() } : undefined,
              )
            }
          />
          <span>
            Teleconsulta: o paciente consentiu com o atendimento a distância (CFM 2.314/2022)
            <span className="block text-fg-muted">
              {record.teleconsulta
                ? `Consentimento registrado em ${formatDateTime(record.teleconsulta.consentAt)}. Os documentos desta consulta dizem que ela foi por teleconsulta.`
                : 'Marque só depois de o paciente concordar; os documentos desta consulta dirão que ela foi por teleconsulta.'}
            </span>
          </span>
        </label>
        {LIST_FIELDS.map(({ field, label, placeholder }) => (
          <div key={field} className="md:col-span-2">
            <CommaListField
              label={label}
              placeholder={placeholder}
              items={info[field]}
              onCommit={(items) => update({ [field]: items })}
            />
          </div>
        ))}
      </div>
    </StepLayout>
  );
}

/** A list typed comma-separated; the raw text stays while typing so ', ' can be typed. */
function CommaListField(props: {
  label: string;
  placeholder: string;
  items: string[] | undefined;
  onCommit: (items: string[]) => void;
}) {
  const list = useDraft({
    value: props.items,
    toDraft: formatCommaList,
    matches: commaListMatches,
    commit: (text: string) => props.onCommit(parseCommaList(text)),
  });
  return (
    <TextField
      label={props.label}
      placeholder={props.placeholder}
      hint="Separe os itens com vírgulas."
      autoComplete="off"
      value={list.draft}
      onChange={(event) => list.change(event.target.value)}
    />
  );
}

/** Patient info without unset keys: the record keeps absent fields absent. */
function withoutUnset(info: PatientInfo): PatientInfo {
  const entries: [string, unknown][] = Object.entries(info);
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}
