import { Bot, Users } from 'lucide-react';

/**
 * Spec §2: 'Chat Geral' and 'Especialistas' switch the chat's mode (and clear the messages). The
 * record and records-list screens offer the same two, which return to the chat in that mode.
 */
export function ChatModeButtons(props: {
  /** The chat's mode, shown pressed; none on the screens that only lead back to the chat. */
  mode?: 'general' | 'specialist' | undefined;
  onGeneral: () => void;
  onSpecialists: () => void;
}) {
  const item = (active: boolean) =>
    `inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium ${
      active ? 'bg-accent text-on-accent' : 'text-fg hover:bg-surface-muted'
    }`;
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
        onClick={props.onGeneral}
      >
        <Bot aria-hidden="true" size={16} /> Chat Geral
      </button>
      <button
        type="button"
        aria-pressed={props.mode === undefined ? undefined : props.mode === 'specialist'}
        className={item(props.mode === 'specialist')}
        onClick={props.onSpecialists}
      >
        <Users aria-hidden="true" size={16} /> Especialistas
      </button>
    </div>
  );
}
