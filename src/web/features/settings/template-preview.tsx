import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { previewTemplate, type TemplateKind } from '@shared/records/templates';
import { Button } from '../../ui/button';
import type { StatusTone } from '../../ui/status-toast';
import type { SettingsFormValues } from './settings-form-values';

const KINDS: { kind: TemplateKind; label: string }[] = [
  { kind: 'prescription', label: 'Receita' },
  { kind: 'record', label: 'Prontuário' },
];

/**
 * The template as it will print, filled with what the form holds now (saved or not). Variables
 * only a consultation can fill stay visible
 * (docs/product.md, "Modelos de prontuário e de receita").
 */
export function TemplatePreview(props: {
  values: SettingsFormValues;
  onNotice: (text: string, tone?: StatusTone) => void;
}) {
  const [kind, setKind] = useState<TemplateKind>('prescription');
  const headingId = useId();
  // Previewed as typed, even while a field is still being corrected.
  const preview = previewTemplate(props.values, kind, new Date());

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(preview);
      props.onNotice('Prévia copiada para a área de transferência!');
    } catch (error) {
      console.warn('Não foi possível copiar a prévia.', error);
      props.onNotice(
        'Não foi possível copiar a prévia. Selecione o texto e copie manualmente.',
        'error',
      );
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          Prévia do modelo
        </h2>
        <div
          role="radiogroup"
          aria-label="Modelo da prévia"
          className="flex gap-1 rounded-md border border-line p-1"
        >
          {KINDS.map((option) => (
            <label
              key={option.kind}
              className={`cursor-pointer rounded px-3 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--focus)] ${
                kind === option.kind ? 'bg-accent text-on-accent' : 'text-fg hover:bg-surface-muted'
              }`}
            >
              <input
                type="radio"
                name="preview-kind"
                value={option.kind}
                checked={kind === option.kind}
                onChange={() => setKind(option.kind)}
                className="sr-only"
              />
              {option.label}
            </label>
          ))}
        </div>
      </div>
      <pre
        tabIndex={0}
        aria-label={`Prévia: ${KINDS.find((option) => option.kind === kind)?.label ?? ''}`}
        className="max-h-96 overflow-auto rounded-md border border-line bg-surface-muted p-4 font-mono text-sm whitespace-pre-wrap text-fg"
      >
        {preview}
      </pre>
      <div>
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" size={18} /> Copiar prévia
        </Button>
      </div>
    </section>
  );
}
