import { MessageSquare } from 'lucide-react';
import { Button } from '../../ui/button';
import { UnderConstruction } from '../../workspace/views/under-construction';
import { ViewHeader } from '../../ui/view-header';
import type { WorkspaceViewProps } from '../../workspace-views';

/** The prontuário in seven SOAP steps (spec §2 Medical record flow), filled by the record issue. */
export default function MedicalRecordView({ openView }: WorkspaceViewProps) {
  return (
    <div className="flex min-h-full flex-col">
      <ViewHeader title="Prontuário">
        <Button variant="secondary" onClick={() => openView('chat')}>
          <MessageSquare aria-hidden="true" size={18} /> Voltar ao Chat
        </Button>
      </ViewHeader>
      <section className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-6 py-10">
        <p className="text-fg-muted">
          O prontuário segue o método SOAP em sete etapas: dados do paciente, sintomas, exame
          físico, avaliação, prescrições e exames, plano e resumo para impressão.
        </p>
        <UnderConstruction>
          O preenchimento do prontuário estará disponível em breve.
        </UnderConstruction>
      </section>
    </div>
  );
}
