import { useState } from 'react';
import { Button } from '../../ui/button';
import { AuthDialog, type AuthMode } from '../session/auth-dialog';

/** The signed-out landing: what Prontu is, and the Cadastrar / Entrar buttons. */
export function LandingPage() {
  const [authMode, setAuthMode] = useState<AuthMode | undefined>();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-3">
        <span className="text-xl font-semibold text-teal-800">Prontu</span>
        <nav className="flex gap-2" aria-label="Conta">
          <Button variant="secondary" onClick={() => setAuthMode('sign-up')}>
            Cadastrar
          </Button>
          <Button onClick={() => setAuthMode('sign-in')}>Entrar</Button>
        </nav>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-4 px-6 py-16">
        <h1 className="text-3xl font-semibold text-slate-900">
          Seu colega de consultório, sempre à mão
        </h1>
        <p className="text-lg text-slate-700">
          Converse com um assistente clínico, monte o prontuário SOAP em sete etapas, dite a
          consulta por voz, busque CID-10 e imprima receitas.
        </p>
      </main>
      <AuthDialog
        mode={authMode}
        onModeChange={setAuthMode}
        onClose={() => setAuthMode(undefined)}
      />
    </div>
  );
}
