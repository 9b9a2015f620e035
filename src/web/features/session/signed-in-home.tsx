import { useState } from 'react';
import { Button } from '../../ui/button';
import { authClient } from './auth-client';

/** What a signed-in doctor sees until the workspace exists: a greeting and a way out. */
export function SignedInHome({ doctorName }: { doctorName: string }) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Olá, {doctorName}!</h1>
      <p className="text-slate-700">Bem-vindo ao Prontu, seu assistente de saúde.</p>
      <Button
        variant="secondary"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void authClient.signOut().finally(() => setSigningOut(false));
        }}
      >
        Sair
      </Button>
    </main>
  );
}
