import { INTENSITIES, RECORD_LIMITS, type Symptoms } from '@shared/records/medical-record';
import { INTENSITY_SCALE, intensityColour, type WorkingRecord } from '@shared/records/flow';
import { SelectField, TextAreaField, TextField } from '../../../ui/text-field';
import { BackButton, ContinueButton, StepLayout, usePartWriter } from './step-layout';

/** The badge colours of the scale: semantic colours, legible in both themes. */
const COLOUR_CLASSES = {
  green: 'bg-success-soft text-success-fg',
  yellow: 'bg-warning-soft text-warning-fg',
  red: 'bg-danger-soft text-danger-fg',
} as const;

const COLOUR_NAMES = { green: 'verde', yellow: 'amarelo', red: 'vermelho' } as const;

/** The select's value while the doctor has not rated the intensity: nothing is recorded. */
const NOT_ASSESSED = '';

/**
 * docs/product.md, "Etapa Sintomas": complaint, duration, intensity (with its colour) and
 * additional info.
 */
export function SymptomsStep({ record }: { record: WorkingRecord }) {
  const write = usePartWriter(record, 'symptoms');
  const symptoms = record.symptoms ?? {};
  const intensity = symptoms.intensity;
  // Only what the doctor assessed is recorded (docs/product.md, "Etapa Sintomas"): no default.
  const update = (changes: Partial<Symptoms>) => {
    write((current) => ({ ...current, ...changes }));
  };
  const level = INTENSITY_SCALE.find((entry) => entry.value === intensity);
  const colour = intensityColour(intensity);

  return (
    <StepLayout
      title="Sintomas"
      footer={
        <>
          <BackButton />
          <ContinueButton />
        </>
      }
    >
      <TextAreaField
        label="Queixa principal"
        rows={3}
        maxLength={RECORD_LIMITS.mediumText}
        value={symptoms.chiefComplaint ?? ''}
        onChange={(event) => update({ chiefComplaint: event.target.value })}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Duração"
          placeholder="Ex: 3 dias"
          autoComplete="off"
          maxLength={RECORD_LIMITS.shortText}
          value={symptoms.duration ?? ''}
          onChange={(event) => update({ duration: event.target.value })}
        />
        <div className="flex flex-col gap-2">
          <SelectField
            label="Intensidade"
            value={intensity ?? NOT_ASSESSED}
            onChange={(event) => {
              const chosen = INTENSITIES.find((option) => option === event.target.value);
              if (chosen) {
                update({ intensity: chosen });
                return;
              }
              // 'Não avaliada' takes a rating back: the part keeps everything else.
              write((current) => {
                const { intensity: _dropped, ...rest } = current ?? {};
                return rest;
              });
            }}
          >
            <option value={NOT_ASSESSED}>Não avaliada</option>
            {INTENSITY_SCALE.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label} ({entry.range})
              </option>
            ))}
          </SelectField>
          <p className="text-sm text-fg-muted" aria-live="polite">
            Nível escolhido:{' '}
            {level && colour ? (
              <span
                data-intensity-colour={colour}
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOUR_CLASSES[colour]}`}
              >
                {level.label} ({level.range})
              </span>
            ) : (
              <span data-intensity-colour="none">não avaliada</span>
            )}
          </p>
        </div>
      </div>
      <TextAreaField
        label="Informações adicionais"
        rows={4}
        maxLength={RECORD_LIMITS.longText}
        value={symptoms.additionalInfo ?? ''}
        onChange={(event) => update({ additionalInfo: event.target.value })}
      />
      <IntensityLegend />
    </StepLayout>
  );
}

/** 'Escala de intensidade': the three levels with their colours. */
function IntensityLegend() {
  return (
    <div className="rounded-md border border-line bg-surface-muted p-4">
      <h3 className="text-sm font-semibold text-fg">Escala de intensidade</h3>
      <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-4">
        {INTENSITY_SCALE.map((entry) => (
          <li key={entry.value} className="flex items-center gap-2 text-sm text-fg">
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOUR_CLASSES[entry.colour]}`}
            >
              {entry.range}
            </span>
            {entry.label} ({COLOUR_NAMES[entry.colour]})
          </li>
        ))}
      </ul>
    </div>
  );
}
