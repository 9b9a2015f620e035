import { useSyncExternalStore } from 'react';

/**
 * docs/product.md, "Espaço de trabalho e barra lateral": below 1024 px the sidebar becomes an
 * overlay. Same value as Tailwind's `lg`.
 */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

/** A phone: narrower than Tailwind's `sm` (40rem), where `max-sm:` styles apply. */
export const PHONE_SCREEN_QUERY = '(width < 40rem)';

/** Whether a CSS media query matches now, re-rendering when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
