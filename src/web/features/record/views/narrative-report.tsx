import { Printer } from 'lucide-react';
import { ADDENDA_TITLE } from '@shared/records/addenda';
import type { RecordNarrative } from '@shared/records/narrative';
import { Button } from '../../../ui/button';

/**
 * How the narrative looks: on screen, a card in the app's colours; on paper (inside the print
 * area), black on white in a plain sans-serif at about 11pt, with small upper-case headings, so
 * an A4 page reads like a clinic's document rather than a web page.
 */
type NarrativeVariant = 'screen' | 'print';

const CLASSES = {
  screen: {
    root: 'rounded-lg border border-line bg-surface p-4 text-fg shadow-sm sm:p-8',
    title: 'text-center text-lg font-bold tracking-wide',
    sectionTitle: 'text-sm font-semibold uppercase tracking-wide text-accent-fg',
    text: 'text-fg',
    panel: 'rounded-md border border-line bg-surface-muted p-4',
    muted: 'text-fg-muted',
    rule: 'border-fg',
  },
  print: {
    root: 'bg-white font-sans text-[11pt] leading-snug text-black',
    title: 'text-center text-[14pt] font-bold tracking-wider',
    sectionTitle: 'text-[9pt] font-bold uppercase tracking-wider text-black',
    text: 'text-black',
    panel: 'border border-black p-[4mm]',
    muted: 'text-black',
    rule: 'border-black',
  },
} as const;

/**
 * The narrative record 'PRONTUÁRIO MÉDICO' (docs/product.md, "Relatório"): the sections built by
 * `buildRecordNarrative`, the prescriptions panel, the generation date and the signature block.
 * The screen version carries the 'Imprimir' button; the print version is what the paper shows.
 */
export function NarrativeReport(props: {
  narrative: RecordNarrative;
  variant: NarrativeVariant;
  /** Opens the print dialog; only the screen version shows the button. */
  onPrint?: () => void;
}) {
  const { narrative, variant, onPrint } = props;
  const classes = CLASSES[variant];
  const hasPrescriptions = narrative.medications.length > 0 || narrative.exams.length > 0;
  // The print copy sits outside the app's landmarks; a heading level of its own keeps the
  // screen's outline (h1 view title, h2 report) undisturbed.
  const TitleTag = variant === 'screen' ? 'h2' : 'h1';

  return (
    <article
      aria-label={variant === 'screen' ? 'Prontuário narrativo' : undefined}
      className={`flex flex-col gap-5 ${classes.root}`}
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TitleTag className={classes.title}>{narrative.title}</TitleTag>
        {variant === 'screen' && onPrint && (
          <Button variant="secondary" onClick={onPrint} className="self-start sm:self-auto">
            <Printer aria-hidden="true" size={18} /> Imprimir
          </Button>
        )}
      </header>

      {narrative.sections.map((section) => (
        <section key={section.title} className="flex flex-col gap-1">
          <h3 className={classes.sectionTitle}>{section.title}</h3>
          {section.lines.map((line, index) => (
            // Lines are paragraphs of free text; the same text may repeat, so the index keys it.
            <p key={index} className={`whitespace-pre-line break-words ${classes.text}`}>
              {line}
            </p>
          ))}
        </section>
      ))}

      <section className={`flex flex-col gap-3 ${classes.panel}`}>
        <h3 className={classes.sectionTitle}>Prescrições</h3>
        {hasPrescriptions ? (
          <>
            {narrative.medications.length > 0 && (
              <div>
                <h4 className="font-semibold">Medicamentos</h4>
                <ol className="ml-5 list-decimal">
                  {narrative.medications.map((line, index) => (
                    <li key={index} className="break-words">
                      {line}
                    </li>
                  ))}
                </ol>
              </div>
            )}
            {narrative.exams.length > 0 && (
              <div>
                <h4 className="font-semibold">Exames solicitados</h4>
                <ul className="ml-5 list-disc">
                  {narrative.exams.map((line, index) => (
                    <li key={index} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        ) : (
          <p className={classes.muted}>
            {narrative.noPrescription
              ? 'Sem prescrição nesta consulta'
              : 'Nenhuma prescrição registrada'}
          </p>
        )}
      </section>

      {narrative.addenda.length > 0 && (
        <section className="flex flex-col gap-3" aria-label={ADDENDA_TITLE}>
          <h3 className={classes.sectionTitle}>{ADDENDA_TITLE}</h3>
          {narrative.addenda.map((addendum, index) => (
            // Appended only, never reordered: the position is the addendum's identity here.
            <div key={index} className="flex flex-col gap-1">
              <h4 className="font-semibold">{addendum.heading}</h4>
              <p className={`whitespace-pre-line break-words ${classes.text}`}>{addendum.text}</p>
            </div>
          ))}
        </section>
      )}

      <footer className="mt-4 flex flex-col gap-8">
        <p className={`text-sm ${classes.muted}`}>{narrative.generatedOn}</p>
        <section
          aria-label="Assinatura do médico"
          className="mx-auto flex w-full max-w-xs flex-col items-center text-center"
        >
          <div aria-hidden="true" className={`mb-1 w-full border-t ${classes.rule}`} />
          {narrative.signature.length > 0 ? (
            narrative.signature.map((line, index) => (
              <p key={index} className={index === 0 ? 'font-semibold' : 'text-sm'}>
                {line}
              </p>
            ))
          ) : (
            <p className="text-sm">Assinatura do médico</p>
          )}
        </section>
      </footer>
    </article>
  );
}
