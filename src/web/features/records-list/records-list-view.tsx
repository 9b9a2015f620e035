import { FilePlus2 } from 'lucide-react';
import { Button } from '../../ui/button';
import { preloadOnIntent } from '../../ui/preload-on-intent';
import { UnderConstruction } from '../../workspace/views/under-construction';
import { ViewHeader } from '../../ui/view-header';
import type { WorkspaceViewProps } from '../../workspace-views';

/** The doctor's records (spec §2 'Prontuários Médicos'), listed by the record issue. */
export default function RecordsMenuView({ openView, preloadView }: WorkspaceViewProps) {
  return (
    <div className="flex min-h-full flex-col">
      <ViewHeader title="Prontuários Médicos">
        <Button
          onClick={() => openView('medical-record')}
          {...preloadOnIntent(() => preloadView('medical-record'))}
        >
          <FilePlus2 aria-hidden="true" size={18} /> Novo Prontuário
        </Button>
      </ViewHeader>
      <section className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-6 py-10">
        <UnderConstruction>
          A lista dos seus prontuários, com busca e paginação, estará disponível em breve.
        </UnderConstruction>
      </section>
    </div>
  );
}
