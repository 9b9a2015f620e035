import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { RECORD_LIMITS } from '@shared/records/medical-record';
import { capitalizedMedicationName } from '@shared/prescriptions/suggestions';
import { TextField } from '../../../ui/text-field';
import { searchMedicationCatalogue, type CatalogueMedication } from '../../../data/catalogues';

/**
 * docs/product.md, "Medicamentos e verificações": the search starts at 2 characters and shows at
 * most 8 suggestions.
 */
const SEARCH_MIN_CHARS = 2;
const SUGGESTIONS_SHOWN = 8;
/** The catalogue is asked this long after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 200;

type Found = { query: string; results: CatalogueMedication[] };

/**
 * 'Nome do medicamento' with the catalogue's suggestions
 * (docs/product.md, "Medicamentos e verificações"): from 2 characters, at most 8, prefix matches
 * first then alphabetical (the server ranks them). Arrows move through the list, Enter chooses,
 * Escape closes it; a click chooses too. Without a highlighted suggestion Enter submits the form as
 * usual, so an unlisted medicine can still be prescribed.
 */
export function MedicationNameCombobox(props: {
  value: string;
  onChange: (value: string) => void;
  /** A suggestion chosen: the name (capitalised) is already filled through `onChange`. */
  onChoose: (medication: CatalogueMedication) => void;
}) {
  const { value } = props;
  const listId = useId();
  const [found, setFound] = useState<Found>({ query: '', results: [] });
  const [highlighted, setHighlighted] = useState(-1);
  // The text the list was closed for (Escape, a choice, leaving the field): it stays closed
  // until the text changes.
  const [closedFor, setClosedFor] = useState<string | undefined>();
  const query = value.trim();

  useEffect(() => {
    if (query.length < SEARCH_MIN_CHARS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchMedicationCatalogue(query, controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setFound({ query, results });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn('Busca de medicamentos falhou.', error);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const suggestions =
    query.length >= SEARCH_MIN_CHARS && found.query === query && closedFor !== value
      ? found.results.slice(0, SUGGESTIONS_SHOWN)
      : [];
  const open = suggestions.length > 0;
  const active = open && highlighted < suggestions.length ? highlighted : -1;

  const change = (text: string) => {
    props.onChange(text);
    setHighlighted(-1);
  };

  const choose = (medication: CatalogueMedication) => {
    const name = capitalizedMedicationName(medication.name);
    props.onChange(name);
    setClosedFor(name);
    setHighlighted(-1);
    props.onChoose(medication);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = active === -1 && step === -1 ? 0 : active;
      setHighlighted((from + step + suggestions.length) % suggestions.length);
      return;
    }
    if (event.key === 'Escape') {
      // Closes the list only; the step's dialogs and views are not left.
      event.preventDefault();
      event.stopPropagation();
      setClosedFor(value);
      return;
    }
    const chosen = suggestions[active];
    if (event.key === 'Enter' && chosen) {
      event.preventDefault();
      choose(chosen);
    }
  };

  return (
    <div className="relative">
      <TextField
        label="Nome do medicamento"
        required
        autoComplete="off"
        maxLength={RECORD_LIMITS.shortText}
        placeholder="Digite ao menos 2 letras para buscar"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        {...(active >= 0 ? { 'aria-activedescendant': `${listId}-${active}` } : {})}
        value={value}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setClosedFor(value)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Medicamentos encontrados"
        hidden={!open}
        className="absolute top-full right-0 left-0 z-20 mt-1 flex max-h-72 flex-col overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg"
      >
        {suggestions.map((medication, index) => (
          <li
            key={medication.name}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: the field keeps the focus and the list is not closed by blur.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(medication);
            }}
            className={`flex cursor-pointer flex-col rounded-md px-3 py-1.5 ${
              index === active ? 'bg-accent-soft' : 'hover:bg-surface-muted'
            }`}
          >
            <span className="text-sm font-medium text-fg">
              {capitalizedMedicationName(medication.name)}
              {medication.brand && (
                <span className="font-normal text-fg-muted"> ({medication.brand})</span>
              )}
            </span>
            {medication.strengths.length > 0 && (
              <span className="text-xs text-fg-muted">{medication.strengths.join(', ')}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
