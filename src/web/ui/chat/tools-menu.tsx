import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Wrench, type LucideIcon } from 'lucide-react';

/** One action of the tools menu. */
export interface ToolItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
}

/**
 * The chat input's tools button: actions on the conversation, in a small menu above it. Radix
 * gives it the menu's keyboard (arrows, Home/End, type-ahead, Escape) and returns the focus to
 * the button when it closes.
 */
export function ToolsMenu(props: { items: readonly ToolItem[]; disabled: boolean }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Ferramentas"
        disabled={props.disabled || props.items.length === 0}
        className="mb-6 rounded-md p-2 text-fg-muted hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Wrench aria-hidden="true" size={20} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={8}
          className="z-20 flex w-72 flex-col rounded-lg border border-line bg-surface p-1 shadow-lg"
        >
          {props.items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              onSelect={item.onSelect}
              className="flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-fg select-none data-highlighted:bg-surface-muted"
            >
              <item.icon aria-hidden="true" size={16} /> {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
