import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './local-storage';

/** Spec §3 Theme preference: light or dark, light by default, saved locally. */
export type Theme = 'light' | 'dark';
export const DEFAULT_THEME: Theme = 'light';

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
  writeStorage(STORAGE_KEYS.theme, theme);
  for (const listener of listeners) listener();
}

/** Restores the saved theme (the default when nothing valid is saved). */
function restoreTheme(): void {
  applyTheme(readStorage(STORAGE_KEYS.theme) === 'dark' ? 'dark' : DEFAULT_THEME);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.theme) return;
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
