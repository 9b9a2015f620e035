import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../theme';

/** Switches light ↔ dark; the label says what a press will do. */
export function ThemeToggle({ compact = false }: { compact?: boolean }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-muted"
    >
      {theme === 'dark' ? (
        <Sun aria-hidden="true" size={20} />
      ) : (
        <Moon aria-hidden="true" size={20} />
      )}
      {!compact && <span>{label}</span>}
    </button>
  );
}
