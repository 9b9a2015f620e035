/**
 * Registers the service worker (`/sw.js`, built by vite-plugin-pwa) that makes Prontu installable
 * and opens it without a network. Only in a production build (the dev server has no `/sw.js`).
 * A failure is only logged: the app works the same without it
 * (docs/product.md, "Tema, instalação e service worker").
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.error('Falha ao registrar o service worker.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
