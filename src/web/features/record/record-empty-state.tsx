import { Play, Sparkles, X } from 'lucide-react';
import { NEW_RECORD_FOR_ANAMNESIS } from '../../data/record-from-chat';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';

const SOAP_PARTS = [
  {
    letter: 'S',
    name: 'Subjetivo',
    text: 'O que o paciente relata: queixa principal, história da doença e antecedentes.',
  },
  {
    letter: 'O',
    name: 'Objetivo',
    text: 'O que o médico observa e mede: sinais vitais e exame físico.',
  },
  {
    letter: 'A',
    name: 'Avaliação',
    text: 'A interpretação clínica: hipóteses diagnósticas e CIDs.',
  },
  {
    letter: 'P',
    name: 'Plano',
    text: 'O que será feito: prescrições, exames, condutas e orientações.',
  },
] as const;

/**
 * No open record (docs/product.md, "Tela do prontuário"): what the SOAP prontuário is, and the ways
 * out — back to the chat, a new record, or (when the chat holds a conversation) a structured
 * anamnesis drawn from it.
 */
export function RecordEmptyState(props: {
  onCancel: () => void;
  onStart: () => void;
  /** While the record is being created: the start button waits instead of creating twice. */
  starting: boolean;
  /**
   * Shown only when the chat has messages to draw the anamnesis from; runs once the doctor
   * agrees that it creates a new record.
   */
  onGenerateAnamnesis?: (() => void) | undefined;
}) {
  return (
    <section
      aria-labelledby="record-empty-heading"
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10"
    >
      <div className="flex flex-col gap-2">
        <h2 id="record-empty-heading" className="text-lg font-semibold text-fg">
          Nenhum prontuário aberto
        </h2>
        <p className="text-fg-muted">
          O prontuário segue o método SOAP, que organiza a consulta em quatro partes. Você o
          preenche em sete etapas: dados do paciente, sintomas, exame físico, avaliação,
          prescrições, plano e resumo para impressão.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {SOAP_PARTS.map((part) => (
          <li key={part.letter} className="flex gap-3 rounded-lg border border-line bg-surface p-4">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-lg font-bold text-accent-fg"
            >
              {part.letter}
            </span>
            <div>
              <p className="font-semibold text-fg">{part.name}</p>
              <p className="text-sm text-fg-muted">{part.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={props.onCancel}>
          <X aria-hidden="true" size={18} /> Cancelar
        </Button>
        {props.onGenerateAnamnesis && (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" aria-disabled={props.starting || undefined}>
                <Sparkles aria-hidden="true" size={18} /> Gerar Anamnese Estruturada
              </Button>
            }
            {...NEW_RECORD_FOR_ANAMNESIS}
            confirmVariant="primary"
            onConfirm={props.onGenerateAnamnesis}
          />
        )}
        <Button
          onClick={props.onStart}
          aria-disabled={props.starting || undefined}
          className="sm:ml-auto"
        >
          <Play aria-hidden="true" size={18} /> Iniciar Prontuário
        </Button>
      </div>
    </section>
  );
}
