import { useState } from 'react';
import {
  extractedValueLabel,
  extractedValues,
  type ExtractedValue,
  type TextSpan,
} from '@shared/ai/extraction-evidence';
import type { ConsultationAnalysis } from './process-consultation';

type MedicalAnalysis = Extract<ConsultationAnalysis, { medical: true }>;

/** Characters of the transcript shown around a value's words. */
const CONTEXT_CHARACTERS = 60;

/**
 * Each value the extraction recognised, with the words of the transcript it came from shown as
 * the doctor points at it or moves to it with the keyboard; and, apart, the values the transcript
 * does not hold ('Não encontrado na transcrição'), each left out of the record unless ticked.
 */
export function ExtractedValuesReview(props: {
  analysis: MedicalAnalysis;
  onAcceptUnsupported: (path: string, accepted: boolean) => void;
}) {
  const { extraction, transcript, accepted } = props.analysis;
  const [shown, setShown] = useState<string>();
  const values = extractedValues(extraction);
  const unsupported = new Set(extraction.unsupported);
  const found = values.filter((value) => !unsupported.has(value.path));
  const missing = values.filter((value) => unsupported.has(value.path));
  const shownSpans = shown === undefined ? undefined : (extraction.evidence[shown] ?? []);
  if (values.length === 0) return null;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-line p-3">
      {found.length > 0 && (
        <section aria-labelledby="evidence-heading" className="flex flex-col gap-2">
          <h3 id="evidence-heading" className="font-medium text-fg">
            De onde veio cada dado
          </h3>
          <p className="text-sm text-fg-muted">
            Passe o mouse ou o foco sobre um dado para ver as palavras da transcrição.
          </p>
          <ul className="flex flex-wrap gap-2">
            {found.map((value) => (
              <li key={value.path}>
                <button
                  type="button"
                  aria-describedby="evidence-excerpt"
                  aria-pressed={shown === value.path}
                  onMouseEnter={() => setShown(value.path)}
                  onFocus={() => setShown(value.path)}
                  className="rounded-full border border-line px-3 py-1 text-sm text-fg hover:bg-surface-muted focus-visible:bg-surface-muted aria-pressed:border-fg"
                >
                  <span className="font-medium">{extractedValueLabel(value.path)}:</span>{' '}
                  {value.text}
                </button>
              </li>
            ))}
          </ul>
          <p
            id="evidence-excerpt"
            aria-live="polite"
            data-testid="evidence-excerpt"
            className="min-h-6 text-sm whitespace-pre-wrap text-fg"
          >
            {shownSpans && <Excerpt transcript={transcript} spans={shownSpans} />}
          </p>
        </section>
      )}
      {missing.length > 0 && (
        <section aria-labelledby="unsupported-heading" className="flex flex-col gap-2">
          <h3 id="unsupported-heading" className="font-medium text-danger-fg">
            Não encontrado na transcrição
          </h3>
          <p className="text-sm text-fg-muted">
            Estes dados não estão no que foi dito e não irão para o prontuário, a menos que você os
            marque.
          </p>
          <ul className="flex flex-col gap-1">
            {missing.map((value) => (
              <UnsupportedValue
                key={value.path}
                value={value}
                accepted={accepted.includes(value.path)}
                onChange={(checked) => props.onAcceptUnsupported(value.path, checked)}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function UnsupportedValue(props: {
  value: ExtractedValue;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  const id = `unsupported-${props.value.path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  return (
    <li className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={props.accepted}
        onChange={(event) => props.onChange(event.target.checked)}
        className="mt-1"
      />
      <label htmlFor={id} className="text-fg">
        Incluir no prontuário — {extractedValueLabel(props.value.path)}: {props.value.text}
      </label>
    </li>
  );
}

/** The transcript around a value's words, the words marked; '—' when none were located. */
function Excerpt(props: { transcript: string; spans: readonly TextSpan[] }) {
  const first = props.spans[0];
  if (!first || first.end > props.transcript.length) {
    return <span className="text-fg-muted">Dado deduzido da transcrição, sem trecho exato.</span>;
  }
  const from = Math.max(0, first.start - CONTEXT_CHARACTERS);
  const to = Math.min(props.transcript.length, first.end + CONTEXT_CHARACTERS);
  return (
    <>
      {from > 0 && '…'}
      {props.transcript.slice(from, first.start)}
      <mark className="rounded-sm bg-yellow-200 px-0.5 text-black">
        {props.transcript.slice(first.start, first.end)}
      </mark>
      {props.transcript.slice(first.end, to)}
      {to < props.transcript.length && '…'}
    </>
  );
}
