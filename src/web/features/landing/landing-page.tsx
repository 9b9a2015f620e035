import { ClipboardList, FileSignature, Mic, Search } from 'lucide-react';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Button } from '../../ui/button';
import { preloadOnIntent } from '../../ui/preload-on-intent';
import type { AuthMode } from './auth-dialog';
import { DemoChat } from './demo-chat';

// The sign-up / sign-in form (and its validation) loads on intent: hover or focus on the buttons.
const loadAuthDialog = () => import('./auth-dialog');
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));
const preloadAuthDialog = () => {
  void loadAuthDialog().catch(() => {
    // Only a head start; opening the dialog reports a failure.
  });
};

const HIGHLIGHTS = [
  { icon: ClipboardList, text: 'Prontuário SOAP em sete etapas guiadas' },
  { icon: Mic, text: 'Consulta por voz com transcrição e anamnese estruturada' },
  { icon: Search, text: 'Busca de CID-10 em português, do jeito que você escreve' },
  { icon: FileSignature, text: 'Receitas prontas para imprimir, com CRM e assinatura' },
];

/** The signed-out landing: what Prontu is, the demo chat, and Cadastrar / Entrar. */
export function LandingPage() {
  const [authMode, setAuthMode] = useState<AuthMode | undefined>();
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const openAuth = (mode: AuthMode) => (event: MouseEvent<HTMLElement>) => {
    setOpener(event.currentTarget);
    setAuthMode(mode);
  };
  return (
    <div className="min-h-screen bg-page">
      <header className="flex items-center justify-between border-b border-line bg-surface px-6 py-3">
        <span className="text-xl font-semibold text-accent-fg">Prontu</span>
        <nav className="flex gap-2" aria-label="Conta">
          <Button
            variant="secondary"
            onClick={openAuth('sign-up')}
            {...preloadOnIntent(preloadAuthDialog)}
          >
            Cadastrar
          </Button>
          <Button onClick={openAuth('sign-in')} {...preloadOnIntent(preloadAuthDialog)}>
            Entrar
          </Button>
        </nav>
      </header>
      <main className="mx-auto grid max-w-6xl gap-10 px-6 py-12 lg:grid-cols-2 lg:items-start">
        <div className="flex flex-col gap-6">
          <h1 className="text-3xl font-semibold text-fg sm:text-4xl">
            Seu colega de consultório, sempre à mão
          </h1>
          <p className="text-lg text-fg-muted">
            Converse com um assistente clínico, monte o prontuário, dite a consulta por voz e
            imprima receitas — tudo em português, feito para o médico brasileiro.
          </p>
          <ul className="flex flex-col gap-3">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-fg">
                <Icon aria-hidden="true" size={20} className="shrink-0 text-accent-fg" />
                {text}
              </li>
            ))}
          </ul>
          <div>
            <Button onClick={openAuth('sign-up')} {...preloadOnIntent(preloadAuthDialog)}>
              Criar conta gratuita
            </Button>
          </div>
        </div>
        <DemoChat />
      </main>
      {/* Mounted from the first opening on, so closing it runs the dialog's focus return. */}
      {opener && (
        <Suspense fallback={null}>
          <AuthDialog
            mode={authMode}
            onModeChange={setAuthMode}
            onClose={() => setAuthMode(undefined)}
            returnFocusTo={opener}
          />
        </Suspense>
      )}
    </div>
  );
}
