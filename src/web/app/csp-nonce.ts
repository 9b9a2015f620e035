import { setNonce } from 'get-nonce';

/**
 * Hands the page's CSP nonce (see the server's web-app.ts) to the library that injects the
 * dialogs' scroll-lock `<style>`, which the Content-Security-Policy would otherwise block.
 */
export function applyCspNonce(): void {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) setNonce(nonce);
}
