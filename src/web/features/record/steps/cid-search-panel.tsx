import { Check, Plus, Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { CID10_QUERY_MAX_LENGTH, type Cid10SearchResult } from '../../../../shared/cid10-search';
import type { Gender } from '../../../../shared/medical-record';
import { assessmentHasCid, relevancePercent } from '../../../../shared/record-step-rules';
import { Button } from '../../../ui/button';
import { CONTROL_CLASSES } from '../../../ui/field';
import { searchCid10 } from '../record-ai';
import { QuietNotice } from './step-layout';

type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; results: Cid10SearchResult[] }
  | { status: 'failed' };

/**
 * 'Adicionar CIDs' (docs/product.md, "Etapa Avaliação"): searches the CID-10 catalogue (Enter or
 * 'Buscar') and adds a result to the assessment as a new line — once: a code already in the
 * assessment reads 'Adicionado'. With the patient's sex and age known, codes for the other sex (and
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
  const inputId = useId();
  const headingId = useId();

  const run = async () => {
    const text = query.trim();
    if (!text) return;
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

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-line bg-surface-muted p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        Adicionar CIDs
      </h3>
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-fg">
            Buscar CID
          </label>
          <input
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
  const forOtherSex =
    result.restrictedTo !== undefined &&
    (props.patientSex === 'masculino' || props.patientSex === 'feminino') &&
    result.restrictedTo !== props.patientSex;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-line bg-surface p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm text-fg">
          <span className="font-mono font-semibold">{result.code}</span>
          <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent-fg">
            {result.category}
          </span>
          <span className="ml-2 text-xs text-fg-muted">
            Relevância: {relevancePercent(result.relevance)}
          </span>
        </p>
        <p className="text-sm text-fg">{result.description}</p>
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
