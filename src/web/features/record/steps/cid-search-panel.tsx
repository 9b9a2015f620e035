import { Check, Plus, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  CID10_QUERY_MAX_LENGTH,
  cid10ResultHeading,
  type Cid10SearchResult,
} from '@shared/records/cid10-search';
import type { Gender } from '@shared/records/medical-record';
import { assessmentHasCid } from '@shared/records/step-rules';
import { Button } from '../../../ui/button';
import { CONTROL_CLASSES } from '../../../ui/field';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { searchCid10 } from '../../../data/catalogues';
import { QuietNotice } from './step-layout';

/** How long the query must rest before it is searched as the doctor types. */
const TYPING_SEARCH_DELAY_MS = 300;
/** Fewer letters than this match half the catalogue: typing searches from two on. */
const TYPING_SEARCH_MIN_LENGTH = 2;

type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; results: Cid10SearchResult[] }
  | { status: 'failed' };

/**
 * 'Adicionar CIDs' (docs/product.md, "Etapa Avaliação"): searches the CID-10 catalogue as the
 * doctor types (from two characters, 300 ms after the last key; Enter or 'Buscar' at once), comes
 * into view with the cursor in the search when opened, and adds a result to the assessment as a
 * new line — once: a code already in the assessment reads 'Adicionado'. With the patient's sex and age known, codes for the other sex (and
 * pregnancy codes past the age of one) are offered only when typed, and a code restricted to one
 * sex says so.
 */
export function CidSearchPanel(props: {
  assessment: string;
  patientSex?: Gender | undefined;
  patientAge?: number | undefined;
  onAdd: (cid: Pick<Cid10SearchResult, 'code' | 'description'>) => void;
}) {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const latest = useRef(0);
  const lastSearched = useRef('');
  const section = useRef<HTMLElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const headingId = useId();

  // Opened at the foot of a long step: brought into view, ready for typing.
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'start' });
    input.current?.focus({ preventScroll: true });
  }, []);

  const run = async (typed: string) => {
    const text = typed.trim();
    if (!text) return;
    lastSearched.current = text;
    // Only the latest search may show its results (an earlier, slower answer is dropped).
    const ticket = ++latest.current;
    setSearch({ status: 'loading', query: text });
    try {
      const results = await searchCid10(text, { sex: props.patientSex, age: props.patientAge });
      if (ticket === latest.current) setSearch({ status: 'done', query: text, results });
    } catch (error) {
      console.warn('Busca de CID falhou.', error);
      if (ticket === latest.current) setSearch({ status: 'failed' });
    }
  };

  const settled = useDebouncedValue(query.trim(), TYPING_SEARCH_DELAY_MS);
  useEffect(() => {
    // Enter may have searched this text already; the effect only follows the typing.
    if (settled.length >= TYPING_SEARCH_MIN_LENGTH && settled !== lastSearched.current) {
      void run(settled);
    }
    // `run` reads the patient's sex and age at call time; only the typed text triggers a search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      className="flex scroll-mt-20 flex-col gap-3 rounded-md border border-line bg-surface-muted p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        Adicionar CIDs
      </h3>
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void run(query);
        }}
      >
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-fg">
            Buscar CID
          </label>
          <input
            ref={input}
            id={inputId}
            type="search"
            autoComplete="off"
            placeholder="Código ou descrição (ex: cefaleia tensional)"
            maxLength={CID10_QUERY_MAX_LENGTH}
            className={CONTROL_CLASSES}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          disabled={!query.trim() || search.status === 'loading'}
        >
          <Search aria-hidden className="size-4" />
          Buscar
        </Button>
      </form>

      <div aria-live="polite">
        {search.status === 'loading' && <p className="text-sm text-fg-muted">Buscando...</p>}
        {search.status === 'failed' && (
          <QuietNotice tone="danger">Erro ao buscar CIDs. Tente novamente.</QuietNotice>
        )}
        {search.status === 'done' && search.results.length === 0 && (
          <p className="text-sm text-fg-muted">Nenhum CID encontrado para "{search.query}"</p>
        )}
      </div>
      {search.status === 'done' && search.results.length > 0 && (
        <ul className="flex flex-col gap-2">
          {search.results.map((result) => (
            <CidResult
              key={result.code}
              result={result}
              patientSex={props.patientSex}
              added={assessmentHasCid(props.assessment, result.code)}
              onAdd={() => props.onAdd(result)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function CidResult(props: {
  result: Cid10SearchResult;
  patientSex: Gender | undefined;
  added: boolean;
  onAdd: () => void;
}) {
  const { result } = props;
  const heading = cid10ResultHeading(result);
  const forOtherSex =
    result.restrictedTo !== undefined &&
    (props.patientSex === 'masculino' || props.patientSex === 'feminino') &&
    result.restrictedTo !== props.patientSex;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-line bg-surface p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        {/* The code's own description is the title; its category is context, not the name. */}
        <p className="text-sm font-medium text-fg">{heading.title}</p>
        {heading.category && <p className="text-xs text-fg-muted">{heading.category}</p>}
        {result.restrictedTo && (
          <p
            className={`mt-1 text-xs ${forOtherSex ? 'font-medium text-danger-fg' : 'text-fg-muted'}`}
          >
            Exclusivo do sexo {result.restrictedTo}
            {forOtherSex && ` (paciente do sexo ${props.patientSex ?? ''})`}
          </p>
        )}
      </div>
      <Button
        variant={props.added ? 'ghost' : 'secondary'}
        disabled={props.added}
        aria-label={`${props.added ? 'Adicionado' : 'Adicionar'} ${result.code}`}
        onClick={props.onAdd}
      >
        {props.added ? (
          <Check aria-hidden className="size-4" />
        ) : (
          <Plus aria-hidden className="size-4" />
        )}
        {props.added ? 'Adicionado' : 'Adicionar'}
      </Button>
    </li>
  );
}
