import { FilePlus2, Smartphone } from 'lucide-react';
import { Button } from '../../ui/button';
import { preloadOnIntent } from '../../ui/preload-on-intent';
import { UnderConstruction } from './under-construction';
import { ViewHeader } from '../../ui/view-header';
import type { WorkspaceViewProps } from '../../workspace-views';

/** The chat (spec §2 Chat view). The conversation itself arrives with the AI chat issue. */
export default function ChatView({ doctor, openView, preloadView }: WorkspaceViewProps) {
  return (
    <div className="flex min-h-full flex-col">
      <ViewHeader title="Chat">
        <Button
          onClick={() => openView('medical-record')}
          {...preloadOnIntent(() => preloadView('medical-record'))}
        >
          <FilePlus2 aria-hidden="true" size={18} /> Novo Prontuário
        </Button>
        <Button
          variant="secondary"
          className="lg:hidden"
          onClick={() => openView('mobile-consultation')}
          {...preloadOnIntent(() => preloadView('mobile-consultation'))}
        >
          <Smartphone aria-hidden="true" size={18} /> Consulta Mobile
        </Button>
      </ViewHeader>
      <section className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-6 py-10">
        <h2 className="text-2xl font-semibold text-fg">Olá, {doctor.name}!</h2>
        <p className="text-fg-muted">
          Sou o Prontu, seu assistente de saúde. Converse comigo como com um colega, no modo geral
          ou com um dos 20 agentes especialistas.
        </p>
        <UnderConstruction>
          O chat com o assistente chega em breve. Enquanto isso, confira suas configurações de
          receita e prontuário.
        </UnderConstruction>
      </section>
    </div>
  );
}
