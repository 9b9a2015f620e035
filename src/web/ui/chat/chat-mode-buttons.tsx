import { Bot, Users } from 'lucide-react';

/**
 * docs/product.md, "Modos do chat e agentes especialistas": 'Chat Geral' and 'Especialistas' switch
 * the chat's mode (and clear the messages). The record and records-list screens offer the same two,
 * which return to the chat in that mode.
 */
export function ChatModeButtons(props: {
  /** The chat's mode, shown pressed; none on the screens that only lead back to the chat. */
  mode?: 'general' | 'specialist' | undefined;
  /** On a phone, show the icons only (the names stay for screen readers and as tooltips). */
  iconsOnPhones?: boolean;
  onGeneral: () => void;
  onSpecialists: () => void;
}) {
  const item = (active: boolean) =>
    `inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium ${
      props.iconsOnPhones ? 'max-sm:px-2' : ''
    } ${active ? 'bg-accent text-on-accent' : 'text-fg hover:bg-surface-muted'}`;
  const label = props.iconsOnPhones ? 'max-sm:sr-only' : undefined;
  return (
    <div
      role="group"
      aria-label="Modo do chat"
      className="flex rounded-lg border border-line p-0.5"
    >
      <button
        type="button"
        aria-pressed={props.mode === undefined ? undefined : props.mode === 'general'}
        className={item(props.mode === 'general')}
        title={props.iconsOnPhones ? 'Chat Geral' : undefined}
        onClick={props.onGeneral}
      >
        <Bot aria-hidden="true" size={16} /> <span className={label}>Chat Geral</span>
      </button>
      <button
        type="button"
        aria-pressed={props.mode === undefined ? undefined : props.mode === 'specialist'}
        className={item(props.mode === 'specialist')}
        title={props.iconsOnPhones ? 'Especialistas' : undefined}
        onClick={props.onSpecialists}
      >
        <Users aria-hidden="true" size={16} /> <span className={label}>Especialistas</span>
      </button>
    </div>
  );
}
