import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { deviceEntry, readEntry, writeEntry } from '../data/local-entries';

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isInstallPrompt(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function';
}

/** Set when the doctor dismissed the banner on this device: it is not offered again. */
const dismissedEntry = deviceEntry('pwa-install-dismissed', ['true']);

/**
 * The install banner at the bottom (docs/product.md, "Tema, instalação e service worker"): offered
 * when the browser can install Prontu, gone for good once dismissed (`pwa-install-dismissed`).
 */
export function InstallBanner() {
  const [installPrompt, setInstallPrompt] = useState<BeforeInstallPromptEvent>();
  const bannerRef = useRef<HTMLElement>(null);

  // The page gets room below its content for the banner, so it never hides a button or the
  // field being typed in (styles.css reads --install-banner-height).
  useEffect(() => {
    const banner = bannerRef.current;
    if (!installPrompt || !banner) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--install-banner-height', `${banner.offsetHeight}px`);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--install-banner-height');
    };
  }, [installPrompt]);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      if (!isInstallPrompt(event)) return;
      // Keep the browser's own mini-bar away; our banner offers the same prompt.
      event.preventDefault();
      if (readEntry(dismissedEntry) !== 'true') setInstallPrompt(event);
    };
    const onInstalled = () => setInstallPrompt(undefined);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!installPrompt) return null;

  const install = async () => {
    try {
      await installPrompt.prompt();
      await installPrompt.userChoice;
    } catch (error) {
      console.warn('A instalação do aplicativo não pôde ser concluída.', error);
    }
    setInstallPrompt(undefined);
  };
  const dismiss = () => {
    writeEntry(dismissedEntry, 'true');
    setInstallPrompt(undefined);
  };

  return (
    <aside
      ref={bannerRef}
      aria-label="Instalar o Prontu"
      className="fixed inset-x-0 bottom-0 z-40 flex flex-wrap items-center justify-center gap-3 border-t border-line bg-surface px-4 py-3 shadow-lg"
    >
      <p className="text-sm text-fg">
        Instale o Prontu neste dispositivo para abrir mais rápido, direto da tela inicial.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => void install()}
          className="inline-flex items-center gap-1 rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-on-accent hover:bg-accent-strong"
        >
          <Download aria-hidden="true" size={16} /> Instalar
        </button>
        <button
          type="button"
          onClick={dismiss}
          className="inline-flex items-center gap-1 rounded-md border border-line px-3 py-1.5 text-sm text-fg hover:bg-surface-muted"
        >
          <X aria-hidden="true" size={16} /> Agora não
        </button>
      </div>
    </aside>
  );
}
