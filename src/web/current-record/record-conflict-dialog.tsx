import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { formatTime } from '../../shared/pt-br-format';
import { Button } from '../ui/button';
import { useCurrentRecord } from './current-record';

/**
 * Another tab or device saved this record after this tab last read it. Rather than overwrite
 * either, the doctor chooses which version to keep.
 */
export function RecordConflictDialog() {
  const { save, store } = useCurrentRecord();
  const serverRecord = save.state === 'conflict' ? save.serverRecord : undefined;
  return (
    <AlertDialog.Root open={serverRecord !== undefined}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            Este prontuário foi alterado em outra aba
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-fg-muted">
            Uma versão mais nova foi salva
            {serverRecord ? ` às ${formatTime(serverRecord.updatedAt)}` : ''} em outra aba ou
            dispositivo. Qual versão você quer manter? A outra será descartada.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Action asChild>
              <Button variant="secondary" onClick={() => void store.resolveConflict('theirs')}>
                Usar a versão da outra aba
              </Button>
            </AlertDialog.Action>
            <AlertDialog.Action asChild>
              <Button onClick={() => void store.resolveConflict('mine')}>
                Manter a minha versão
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
