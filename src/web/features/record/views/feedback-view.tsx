import { MessageSquareText } from 'lucide-react';
import type { ConsultationFeedback } from '@shared/records/medical-record';
import {
  FEEDBACK_CARDS,
  feedbackContent,
  feedbackDateText,
  hasFeedbackContent,
} from '@shared/records/display';

/**
 * Made-up content for the preview the empty state shows, so the doctor sees what the summary
 * will look like before any consultation has been transcribed. It names no one: a name here
 * read as the open record's patient.
 */
const EXAMPLE_FEEDBACK: ConsultationFeedback = {
  mainSymptoms: ['Cefaleia holocraniana há 3 dias', 'Náuseas sem vômitos', 'Fotofobia leve'],
  relevantFindings: ['PA 140/90 mmHg', 'Sem sinais meníngeos', 'Exame neurológico sem alterações'],
  clinicalDiscussion:
    'Quadro compatível com cefaleia tensional; hipertensão arterial a confirmar em novas medidas.',
  conductGuidance: [
    'Analgesia com paracetamol se dor',
    'Medir a pressão arterial por 7 dias',
    'Retorno em 15 dias ou antes se piora',
  ],
  humanAspects: 'Paciente preocupada com o trabalho; relata sono irregular e estresse.',
  doctorFeedback: 'Boa anamnese dirigida. Considere perguntar sobre uso de analgésicos em excesso.',
};

const EXAMPLE_PATIENT = 'Paciente fictícia';

/** The label of the example: it shows the screen, not this record's patient. */
export const FEEDBACK_EXAMPLE_LABEL = 'Exemplo ilustrativo — não é deste paciente';

/** The six cards of a consultation summary, each a paragraph or a bullet list. */
function FeedbackSummary(props: {
  feedback: ConsultationFeedback;
  patientName: string;
  headingLevel: 'h2' | 'h3';
  /** The illustrative example: its heading says so, for whoever reads headings alone. */
  example?: boolean;
}) {
  const { feedback, patientName } = props;
  const Heading = props.headingLevel;
  const CardHeading = props.headingLevel === 'h2' ? 'h3' : 'h4';
  return (
    <article className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <Heading className="text-lg font-semibold text-fg">
          {props.example ? 'Resumo da Consulta (exemplo ilustrativo)' : 'Resumo da Consulta'}
        </Heading>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-fg-muted">
          <div className="flex gap-1">
            <dt>Gerado em:</dt>
            <dd>{feedbackDateText(feedback.generatedAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Paciente:</dt>
            <dd className="font-medium text-fg">{patientName}</dd>
          </div>
        </dl>
      </header>
      <div className="grid gap-4 md:grid-cols-2">
        {FEEDBACK_CARDS.map(({ field, title }) => {
          const content = feedbackContent(feedback[field]);
          return (
            <section
              key={field}
              // The doctor's own feedback spans the row and stands out from the clinical cards.
              className={`flex flex-col gap-2 rounded-lg border border-line p-4 ${
                field === 'doctorFeedback' ? 'bg-accent-soft md:col-span-2' : 'bg-surface'
              }`}
            >
              <CardHeading className="text-sm font-semibold uppercase tracking-wide text-accent-fg">
                {title}
              </CardHeading>
              {!content ? (
                <p className="text-sm text-fg-muted">Sem informações.</p>
              ) : content.kind === 'text' ? (
                <p className="whitespace-pre-line break-words text-fg">{content.text}</p>
              ) : (
                <ul className="ml-5 list-disc text-fg">
                  {content.items.map((item, index) => (
                    <li key={index} className="break-words">
                      {item}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </article>
  );
}

/**
 * The consultation summary 'Resumo da Consulta' (docs/product.md, "Feedback da consulta") of the
 * open record's patient; without feedback, the empty state naming that patient, and below it an
 * example of the screen labelled and framed as such, never in place of the patient's data.
 */
export function FeedbackView(props: {
  feedback: ConsultationFeedback | undefined;
  patientName: string;
}) {
  if (props.feedback && hasFeedbackContent(props.feedback)) {
    return (
      <FeedbackSummary
        feedback={props.feedback}
        patientName={props.patientName}
        headingLevel="h2"
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line bg-surface p-8 text-center">
        <MessageSquareText aria-hidden="true" size={32} className="text-fg-muted" />
        <h2 className="text-lg font-semibold text-fg">Nenhum feedback disponível</h2>
        <p className="max-w-md text-sm text-fg-muted">
          O feedback da consulta é gerado automaticamente depois que a consulta é transcrita.
        </p>
        <p className="text-sm font-medium text-fg">
          {`${props.patientName}: ainda não há consulta transcrita neste prontuário.`}
        </p>
      </section>
      <section
        aria-labelledby="feedback-example-heading"
        data-example="feedback"
        className="flex flex-col gap-3 rounded-lg border-2 border-dashed border-warning-fg bg-surface-muted p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="feedback-example-heading" className="text-base font-semibold text-fg">
            {FEEDBACK_EXAMPLE_LABEL}
          </h2>
          <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-fg">
            Dados fictícios
          </span>
        </div>
        <p className="text-sm text-fg-muted">
          Apenas uma ilustração de como ficará o resumo quando houver uma consulta transcrita.
        </p>
        <FeedbackSummary
          feedback={{ ...EXAMPLE_FEEDBACK, generatedAt: new Date().toISOString() }}
          patientName={EXAMPLE_PATIENT}
          headingLevel="h3"
          example
        />
      </section>
    </div>
  );
}
