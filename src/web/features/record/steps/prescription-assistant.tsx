import { AlertTriangle, Check, Plus, Sparkles, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ExamSuggestions } from '@shared/ai/tasks';
import type { Exam, Medication } from '@shared/records/medical-record';
import {
  CASE_DESCRIPTION_MAX_CHARS,
  capitalizedMedicationName,
  isAlreadyPrescribed,
  shouldShowMedicationSuggestions,
} from '@shared/prescriptions/suggestions';
import type { WorkingRecord } from '@shared/records/flow';
import { examLine, medicationLine } from '@shared/records/narrative';
import { reportAiOutcome, useAiBlock } from '../../../data/ai-use';
import {
  useCaseSuggestions,
  type AiProvenance,
  type CaseSuggestions,
} from '../../../data/ai-tasks';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/text-field';
import { detectMedications, type DetectedMedication } from '../../../data/catalogues';

/** The detection runs this long after the last keystroke in the case description. */
const DETECTION_DEBOUNCE_MS = 500;

/**
 * The prescriptions step's AI assistant (docs/product.md, "Assistente de prescrição"): 'Escrever
 * para IA' opens a free case description; the medicines it names become chips to prescribe in one
 * click, and 'Gerar Sugestoes' asks for medication and exam suggestions for the case and the
 * record. Medication suggestions are shown only for an urgent-sounding case; a suggestion already
 * prescribed reads 'Adicionado'.
 */
export function PrescriptionAssistant(props: {
  record: WorkingRecord;
  medications: readonly Medication[];
  exams: readonly Exam[];
  /** Whether another medication (or exam) still fits in the record. */
  medicationsFull: boolean;
  examsFull: boolean;
  onAddMedication: (medication: Omit<Medication, 'id'>) => void;
  /**
   * A detected medicine chosen: the step adds it as the text wrote it, the dosing table filling
   * only what is missing; resolves to a note for the doctor when the table filled anything.
   */
  onAddDetected: (detected: DetectedMedication, name: string) => Promise<string | undefined>;
  onAddExam: (exam: Omit<Exam, 'id'>) => void;
}) {
  const [open, setOpen] = useState(false);
  const [caseText, setCaseText] = useState('');
  const suggestions = useCaseSuggestions();
  const generating = suggestions.isPending;
  const generated = suggestions.data;
  const panelId = useId();
  const aiBlock = useAiBlock(props.record.patientId).reason;

  /** Suggestions replaced or closed unused were discarded (one used stays accepted). */
  const setAside = () => {
    reportAiOutcome(generated?.medications.use, 'discarded');
    reportAiOutcome(generated?.exams.use, 'discarded');
  };

  const generate = () => {
    const text = caseText.trim();
    if (!text || generating) return;
    setAside();
    suggestions.mutate({ record: props.record, caseText: text });
  };

  return (
    <section aria-label="Assistente de IA" className="flex flex-col gap-4">
      <Button
        variant="secondary"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={aiBlock !== undefined && !open}
        onClick={() => {
          if (open) setAside();
          setOpen(!open);
        }}
      >
        {open ? <X aria-hidden className="size-4" /> : <Sparkles aria-hidden className="size-4" />}
        {open ? 'Fechar IA' : 'Escrever para IA'}
      </Button>
      {aiBlock && (
        <p role="status" className="text-sm text-fg-muted">
          {aiBlock}: prescreva sem o assistente.
        </p>
      )}
      <div
        id={panelId}
        hidden={!open}
        className="flex flex-col gap-4 rounded-md border border-line bg-surface-muted p-4"
      >
        {open && (
          <>
            <TextAreaField
              label="Descrição do caso"
              hint="Os medicamentos citados no texto aparecem abaixo, prontos para prescrever."
              placeholder="Ex: pneumonia aguda, febre alta há 3 dias; prescrevo amoxicilina 500mg"
              className="h-[100px] min-h-[100px]"
              maxLength={CASE_DESCRIPTION_MAX_CHARS}
              value={caseText}
              onChange={(event) => setCaseText(event.target.value)}
            />
            <DetectedMedicines
              text={caseText}
              prescribed={props.medications}
              full={props.medicationsFull}
              onAdd={props.onAddDetected}
            />
            <Button
              className="self-start"
              disabled={!caseText.trim() || generating}
              aria-busy={generating}
              onClick={generate}
            >
              <Sparkles aria-hidden className="size-4" />
              Gerar Sugestões
            </Button>
            <div aria-live="polite" className="flex flex-col gap-4">
              {generating && <p className="text-sm text-fg-muted">Gerando sugestões...</p>}
              {!generating && generated && (
                <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                  <MedicationSuggestionList
                    generated={generated}
                    prescribed={props.medications}
                    full={props.medicationsFull}
                    onAdd={props.onAddMedication}
                  />
                  <ExamSuggestionList
                    answer={generated.exams}
                    prescribed={props.exams}
                    full={props.examsFull}
                    onAdd={props.onAddExam}
                  />
                </div>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The medicines named in the case description, as chips that prescribe them
 * (docs/product.md, "Assistente de prescrição").
 */
function DetectedMedicines(props: {
  text: string;
  prescribed: readonly Medication[];
  full: boolean;
  onAdd: (detected: DetectedMedication, name: string) => Promise<string | undefined>;
}) {
  const [note, setNote] = useState<string>();
  const [detected, setDetected] = useState<{ text: string; found: DetectedMedication[] }>({
    text: '',
    found: [],
  });
  const [adding, setAdding] = useState<string>();
  const labelId = useId();
  const text = props.text;

  useEffect(() => {
    if (!text.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      detectMedications(text, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) setDetected({ text, found });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn('Detecção de medicamentos falhou.', error);
        },
      );
    }, DETECTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  // A cleared text shows no chips at once; otherwise the last detection stays until the next.
  const found = text.trim() ? detected.found : [];
  if (found.length === 0) return null;

  const add = async (medication: DetectedMedication, name: string) => {
    setAdding(name);
    setNote(undefined);
    try {
      setNote(await props.onAdd(medication, name));
    } finally {
      setAdding(undefined);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-medium text-fg">
        Medicamentos detectados
      </p>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {found.map((medication) => {
          const name = capitalizedMedicationName(medication.name);
          const added = isAlreadyPrescribed(name, props.prescribed);
          return (
            <li key={medication.name}>
              <button
                type="button"
                disabled={added || props.full || adding !== undefined}
                title={added ? `${name} já está prescrito` : `Prescrever ${name}`}
                onClick={() => void add(medication, name)}
                className="inline-flex items-center gap-1 rounded-full border border-line bg-surface px-3 py-1 text-sm text-fg hover:bg-accent-soft disabled:cursor-not-allowed disabled:opacity-60"
              >
                {added ? (
                  <Check aria-hidden className="size-3.5" />
                ) : (
                  <Plus aria-hidden className="size-3.5" />
                )}
                {name}
                {added && <span className="sr-only"> (adicionado)</span>}
              </button>
            </li>
          );
        })}
      </ul>
      <p role="status" className="text-sm text-fg-muted">
        {note ?? ''}
      </p>
    </div>
  );
}

/** Who wrote the suggestions: nothing for a model, 'Modo offline', or 'IA indisponível'. */
function SourceLabel(props: { provenance: AiProvenance }) {
  const { source, notice } = props.provenance;
  if (source === 'model') return null;
  return (
    <p className="text-xs font-medium text-fg-muted">
      {source === 'offline' ? 'Modo offline' : 'IA indisponível'}
      {source === 'fallback' && notice ? `: ${notice}` : ''}
    </p>
  );
}

function SuggestionSection(props: {
  title: string;
  provenance: AiProvenance;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-fg">
        {props.title}
      </h4>
      <SourceLabel provenance={props.provenance} />
      {props.children}
    </section>
  );
}

/**
 * 'Adicionar', or 'Adicionado' for an item already prescribed
 * (docs/product.md, "Assistente de prescrição").
 */
function AddSuggestionButton(props: {
  name: string;
  added: boolean;
  full: boolean;
  onAdd: () => void;
}) {
  if (props.added) {
    return (
      <Button variant="secondary" className="self-start px-3 py-1" disabled>
        <Check aria-hidden className="size-4" />
        Adicionado
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      className="self-start px-3 py-1"
      disabled={props.full}
      aria-label={`Adicionar ${props.name}`}
      onClick={props.onAdd}
    >
      <Plus aria-hidden className="size-4" />
      Adicionar
    </Button>
  );
}

function MedicationSuggestionList(props: {
  generated: CaseSuggestions;
  prescribed: readonly Medication[];
  full: boolean;
  onAdd: (medication: Omit<Medication, 'id'>) => void;
}) {
  const answer = props.generated.medications;
  // Offline answers name medicines as the catalogue does ('amoxicilina'); a receita capitalises.
  const shown = shouldShowMedicationSuggestions(answer.medications, props.generated.caseText)
    ? answer.medications.map((item) => ({ ...item, name: capitalizedMedicationName(item.name) }))
    : [];
  return (
    <SuggestionSection title="Medicamentos sugeridos" provenance={answer}>
      {shown.length === 0 ? (
        <p className="text-sm text-fg-muted">Nenhuma sugestão de medicamento para este caso.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {shown.map((medication, index) => (
            <li
              key={`${medication.name}-${index}`}
              className="flex flex-col gap-2 rounded-md border border-line bg-surface p-3"
            >
              <span className="text-sm text-fg">{medicationLine(medication)}</span>
              {medication.explanation && (
                <span className="text-xs text-fg-muted">{medication.explanation}</span>
              )}
              <AddSuggestionButton
                name={medication.name}
                added={isAlreadyPrescribed(medication.name, props.prescribed)}
                full={props.full}
                onAdd={() => {
                  reportAiOutcome(answer.use, 'accepted');
                  props.onAdd(medication);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {answer.warnings.length > 0 && (
        <div className="rounded-md border border-warning-fg bg-warning-soft p-3 text-warning-fg">
          <p className="flex items-center gap-2 text-xs font-semibold">
            <AlertTriangle aria-hidden className="size-4" />
            Avisos
          </p>
          <ul className="mt-1 list-disc pl-5 text-xs">
            {answer.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
    </SuggestionSection>
  );
}

function ExamSuggestionList(props: {
  answer: ExamSuggestions & AiProvenance;
  prescribed: readonly Exam[];
  full: boolean;
  onAdd: (exam: Omit<Exam, 'id'>) => void;
}) {
  return (
    <SuggestionSection title="Exames sugeridos" provenance={props.answer}>
      {props.answer.exams.length === 0 ? (
        <p className="text-sm text-fg-muted">Nenhuma sugestão de exame para este caso.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {props.answer.exams.map((exam, index) => (
            <li
              key={`${exam.name}-${index}`}
              className="flex flex-col gap-2 rounded-md border border-line bg-surface p-3"
            >
              <span className="text-sm text-fg">{examLine(exam)}</span>
              {exam.explanation && (
                <span className="text-xs text-fg-muted">{exam.explanation}</span>
              )}
              <AddSuggestionButton
                name={exam.name}
                added={isAlreadyPrescribed(exam.name, props.prescribed)}
                full={props.full}
                onAdd={() => {
                  reportAiOutcome(props.answer.use, 'accepted');
                  props.onAdd(exam);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </SuggestionSection>
  );
}
