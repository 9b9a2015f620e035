import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { formatTime } from '../../../shared/pt-br-format';
import { recordDifferences } from '../../../shared/record-diff';
import { patientNameOf } from '../../../shared/record-list-rules';
import { useOpenRecord, useOpenRecordActions } from '../../data/open-record';
import { Button } from '../../ui/button';

/**
 * Another tab or device saved this record after this tab last read it. Rather than overwrite
 * either, the doctor chooses which version to keep, seeing whose record it is and, field by
 * field, what each version holds.
 */
export function RecordConflictDialog() {
  const { record, save } = useOpenRecord();
  const actions = useOpenRecordActions();
  const serverRecord = save.state === 'conflict' ? save.serverRecord : undefined;
  const differences = record && serverRecord ? recordDifferences(record, serverRecord) : [];
  return (
    <AlertDialog.Root open={serverRecord !== undefined}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            Este prontuário foi alterado em outra aba
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-fg-muted">
            O prontuário de{' '}
            <strong className="text-fg">{patientNameOf(serverRecord ?? record ?? {})}</strong> teve
            uma versão mais nova salva
            {serverRecord ? ` às ${formatTime(serverRecord.updatedAt)}` : ''} em outra aba ou
            dispositivo. Qual versão você quer manter? A outra será descartada.
          </AlertDialog.Description>
          <div className="mt-4 min-h-0 overflow-y-auto">
            {differences.length === 0 ? (
              <p className="text-sm text-fg-muted">
                Os campos preenchidos são iguais nas duas versões.
              </p>
            ) : (
              <dl aria-label="Diferenças entre as versões" className="flex flex-col gap-3 text-sm">
                {differences.map((difference) => (
                  <div key={difference.label} className="rounded-md border border-line p-3">
                    <dt className="font-semibold text-fg">{difference.label}</dt>
                    <dd className="mt-1 break-words text-fg">
                      <span className="text-fg-muted">Neste dispositivo: </span>
                      {difference.mine}
                    </dd>
                    <dd className="break-words text-fg">
                      <span className="text-fg-muted">Salvo: </span>
                      {difference.saved}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Action asChild>
              <Button variant="secondary" onClick={() => actions.resolveConflict('theirs')}>
                Usar a versão da outra aba
              </Button>
            </AlertDialog.Action>
            <AlertDialog.Action asChild>
              <Button onClick={() => actions.resolveConflict('mine')}>Manter a minha versão</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
