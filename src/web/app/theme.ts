import { useSyncExternalStore } from 'react';
import { deviceEntry, readEntry, writeEntry } from '../data/local-entries';

/**
 * docs/product.md, "Tema, instalação e service worker": light or dark, light by default, saved
 * locally.
 */
export type Theme = 'light' | 'dark';
export const DEFAULT_THEME: Theme = 'light';

/** Read before the app runs, too (public/theme-init.js), so the first paint has the theme. */
const themeEntry = deviceEntry<Theme>('theme', ['light', 'dark']);

const listeners = new Set<() => void>();

/** The theme on the root element (public/theme-init.js put it there before the first paint). */
function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.setAttribute('data-theme', theme);
}

/** Sets, saves and announces the theme. */
export function setTheme(theme: Theme): void {
  applyTheme(theme);
  writeEntry(themeEntry, theme);
  for (const listener of listeners) listener();
}

/** Restores the saved theme (the default when nothing valid is saved). */
function restoreTheme(): void {
  applyTheme(readEntry(themeEntry) ?? DEFAULT_THEME);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== themeEntry.key) return;
    restoreTheme();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current theme and a toggle, for the theme buttons. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => DEFAULT_THEME);
  return { theme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
