import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import {
  groupAgentsByCategory,
  type SpecialistAgent,
  type SpecialistAgentId,
} from '@shared/chat/specialist-agents';

/**
 * docs/product.md, "Modos do chat e agentes especialistas": the first two categories open, two
 * agents each until 'Ver mais'.
 */
const OPEN_CATEGORIES = 2;
const AGENTS_BEFORE_MORE = 2;

/** A specialist's emoji avatar on their colour. */
export function AgentAvatar({ agent }: { agent: SpecialistAgent }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full text-base"
      style={{ backgroundColor: `${agent.color}26`, boxShadow: `inset 0 0 0 2px ${agent.color}` }}
    >
      {agent.avatar}
    </span>
  );
}

/**
 * A specialist's chip: avatar and name (docs/product.md, "Modos do chat e agentes especialistas").
 */
export function AgentChip({ agent }: { agent: SpecialistAgent }) {
  return (
    <span className="inline-flex items-center gap-2">
      <AgentAvatar agent={agent} />
      <span className="font-medium text-fg">{agent.name}</span>
    </span>
  );
}

/**
 * The specialist picker, grouped by the categories of
 * docs/product.md, "Modos do chat e agentes especialistas".
 */
export function AgentPicker(props: {
  selected: SpecialistAgentId | undefined;
  onSelect: (id: SpecialistAgentId) => void;
}) {
  const groups = groupAgentsByCategory();
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(groups.slice(0, OPEN_CATEGORIES).map((group) => group.name)),
  );
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (set: ReadonlySet<string>, name: string) => {
    const next = new Set(set);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    return next;
  };

  return (
    <div className="flex flex-col gap-2">
      {groups.map((group) => {
        const isOpen = open.has(group.name);
        const showAll = expanded.has(group.name);
        const shown = showAll ? group.agents : group.agents.slice(0, AGENTS_BEFORE_MORE);
        const listId = `agent-category-${group.name.replace(/\W+/g, '-')}`;
        return (
          <section key={group.name} className="rounded-lg border border-line bg-surface">
            <h3>
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={listId}
                onClick={() => setOpen((current) => toggle(current, group.name))}
                className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm font-semibold text-fg hover:bg-surface-muted"
              >
                {group.name}
                <span className="flex items-center gap-1 text-xs font-normal text-fg-muted">
                  {group.agents.length}
                  {isOpen ? (
                    <ChevronDown aria-hidden="true" size={16} />
                  ) : (
                    <ChevronRight aria-hidden="true" size={16} />
                  )}
                </span>
              </button>
            </h3>
            {isOpen && (
              <div id={listId} className="flex flex-col gap-1 px-2 pb-2">
                <ul className="flex flex-col gap-1">
                  {shown.map((agent) => (
                    <li key={agent.id}>
                      <button
                        type="button"
                        aria-pressed={props.selected === agent.id}
                        onClick={() => props.onSelect(agent.id)}
                        title={agent.description}
                        className={`flex w-full flex-col items-start gap-1 rounded-md px-2 py-2 text-left hover:bg-surface-muted ${
                          props.selected === agent.id ? 'bg-accent-soft' : ''
                        }`}
                      >
                        <AgentChip agent={agent} />
                        <span className="pl-10 text-xs text-fg-muted">{agent.description}</span>
                      </button>
                    </li>
                  ))}
                </ul>
                {group.agents.length > AGENTS_BEFORE_MORE && (
                  <button
                    type="button"
                    onClick={() => setExpanded((current) => toggle(current, group.name))}
                    className="self-start px-2 text-sm font-medium text-accent-fg hover:underline"
                  >
                    {showAll ? 'Ver menos' : 'Ver mais'}
                  </button>
                )}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
