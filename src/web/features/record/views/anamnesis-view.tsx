import { ClipboardList } from 'lucide-react';
import type { StructuredAnamnesis } from '@shared/records/medical-record';
import {
  anamnesisSections,
  confidenceColour,
  confidencePercent,
  type ConfidenceColour,
} from '@shared/records/display';

const BAR_CLASSES: Record<ConfidenceColour, { bar: string; text: string }> = {
  green: { bar: 'bg-success-fg', text: 'text-success-fg' },
  yellow: { bar: 'bg-warning-fg', text: 'text-warning-fg' },
  red: { bar: 'bg-danger-fg', text: 'text-danger-fg' },
};

/**
 * How sure the anamnesis is of itself, as a coloured bar (docs/product.md, "Anamnese estruturada").
 */
function ConfidenceMeter({ confidence }: { confidence: number }) {
  const percent = confidencePercent(confidence);
  const colour = confidenceColour(confidence);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between text-sm">
        <span id="anamnesis-confidence-label" className="text-fg-muted">
          Confiança da anamnese
        </span>
        <span className={`font-semibold ${BAR_CLASSES[colour].text}`}>{percent}%</span>
      </div>
      <div
        role="meter"
        aria-labelledby="anamnesis-confidence-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        data-confidence-colour={colour}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
      >
        <div className={`h-full ${BAR_CLASSES[colour].bar}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * The structured anamnesis (docs/product.md, "Anamnese estruturada"): only the sections that say
 * something, under their Portuguese titles, and the confidence bar.
 */
export function AnamnesisView({ anamnesis }: { anamnesis: StructuredAnamnesis | undefined }) {
  if (!anamnesis) {
    return (
      <section className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line bg-surface p-8 text-center">
        <ClipboardList aria-hidden="true" size={32} className="text-fg-muted" />
        <h2 className="text-lg font-semibold text-fg">Nenhuma anamnese estruturada</h2>
        <p className="max-w-md text-sm text-fg-muted">
          A anamnese estruturada é gerada a partir da conversa do chat e aparecerá aqui quando
          estiver pronta.
        </p>
      </section>
    );
  }

  const sections = anamnesisSections(anamnesis);
  return (
    <article className="flex flex-col gap-5 rounded-lg border border-line bg-surface p-4 shadow-sm sm:p-6">
      <header className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-fg">Anamnese Estruturada</h2>
        <ConfidenceMeter confidence={anamnesis.confidence} />
      </header>
      {sections.length === 0 ? (
        <p className="text-sm text-fg-muted">
          Nenhuma informação clínica foi identificada na conversa até agora.
        </p>
      ) : (
        sections.map((section) => (
          <section key={section.title} className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-accent-fg">
              {section.title}
            </h3>
            {section.lines.map((line, index) => (
              // Free-text paragraphs may repeat; their position is their identity.
              <p key={index} className="whitespace-pre-line break-words text-fg">
                {line}
              </p>
            ))}
          </section>
        ))
      )}
    </article>
  );
}
