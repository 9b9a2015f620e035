import { CloudOff, Check, Loader2, TriangleAlert } from 'lucide-react';
import type { SaveStatus } from '../../data/open-record';

export const SAVE_STATUS_TEXT = {
  saved: 'Salvo',
  saving: 'Salvando…',
  offline: 'Sem conexão — alterações guardadas neste dispositivo',
  conflict: 'Versão mais nova salva em outra aba',
  failed: 'Não foi possível salvar',
} as const;

/** The quiet line that says where the doctor's words are; read out politely by screen readers. */
export function RecordSaveStatus({ save }: { save: SaveStatus }) {
  const Icon = {
    saved: Check,
    saving: Loader2,
    offline: CloudOff,
    conflict: TriangleAlert,
    failed: TriangleAlert,
  }[save.state];
  const tone =
    save.state === 'saved' || save.state === 'saving' ? 'text-fg-muted' : 'text-warning-fg';
  return (
    <p
      role="status"
      data-save-state={save.state}
      className={`flex items-center gap-1.5 text-sm ${tone}`}
    >
      <Icon
        aria-hidden="true"
        size={16}
        className={save.state === 'saving' ? 'animate-spin' : undefined}
      />
      <span>
        {SAVE_STATUS_TEXT[save.state]}
        {save.state === 'failed' && save.error ? `: ${save.error}` : ''}
      </span>
    </p>
  );
}
