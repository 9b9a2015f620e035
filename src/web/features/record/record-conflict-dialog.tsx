import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { formatTime, listInWords } from '@shared/lib/pt-br-format';
import { recordDifferences } from '@shared/records/diff';
import type { WorkingRecord } from '@shared/records/flow';
import { patientNameOf } from '@shared/records/list-rules';
import { mergeRecordVersions } from '@shared/records/merge';
import { useOpenRecord, useOpenRecordActions } from '../../data/open-record';
import { Button } from '../../ui/button';

const JOIN_HINT_ID = 'record-conflict-join-hint';
const MINE_HINT_ID = 'record-conflict-mine-hint';
const SAVED_HINT_ID = 'record-conflict-saved-hint';

/**
 * Another tab or device saved this record after this tab last read it (docs/durabilidade.md,
 * "Fechar o navegador no meio da consulta"). Nothing is overwritten without the doctor's choice,
 * and the highlighted, focused choice never discards anything saved: it joins both versions.
 * The other two say exactly what each would discard.
 */
export function RecordConflictDialog() {
  const { record, save } = useOpenRecord();
  const actions = useOpenRecordActions();
  const serverRecord = save.state === 'conflict' ? save.serverRecord : undefined;
  const differences = record && serverRecord ? recordDifferences(record, serverRecord) : [];
  // Joined with the saved version winning where both differ, and the other way round: where
  // the two disagree, the versions clash; what each choice discards follows from them.
  const joined = record && serverRecord ? mergeRecordVersions(record, serverRecord) : undefined;
  const mineWins = record && serverRecord ? mergeRecordVersions(serverRecord, record) : undefined;
  const labelsWhere = (a: WorkingRecord | undefined, b: WorkingRecord | undefined) =>
    a && b ? recordDifferences(a, b).map((difference) => difference.label) : [];
  /** Where joining keeps the saved value over this device's. */
  const notJoined = labelsWhere(joined, mineWins);
  /** What 'Manter a minha versão' discards of the saved version. */
  const savedDiscarded = labelsWhere(record, joined);
  /** What 'Usar a versão salva' discards of this device's. */
  const mineDiscarded = labelsWhere(serverRecord, mineWins);
  return (
    <AlertDialog.Root open={serverRecord !== undefined}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            Este prontuário foi alterado em outra aba
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-fg-muted">
            O prontuário de{' '}
            <strong className="text-fg">{patientNameOf(serverRecord ?? record ?? {})}</strong> teve
            uma versão mais nova salva
            {serverRecord ? ` às ${formatTime(serverRecord.updatedAt)}` : ''} em outra aba ou
            dispositivo. Nada foi descartado ainda: escolha como continuar.
          </AlertDialog.Description>
          <div className="mt-4">
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
          <div className="mt-6 flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              {/* The safe choice is Radix's cancel: the one focused when the dialog opens. */}
              <AlertDialog.Cancel asChild>
                <Button
                  aria-describedby={JOIN_HINT_ID}
                  onClick={() => actions.resolveConflict('both')}
                >
                  Juntar as versões
                </Button>
              </AlertDialog.Cancel>
              <p id={JOIN_HINT_ID} className="text-sm text-fg-muted">
                Mantém tudo o que foi salvo e acrescenta o que só este dispositivo tem.
                {notJoined.length > 0
                  ? ` Em ${listInWords(notJoined)}, as versões diferem: fica o que foi salvo, e a versão deste dispositivo fica guardada neste navegador.`
                  : ''}
              </p>
            </div>
            <DiscardingChoice
              hintId={MINE_HINT_ID}
              label="Manter a minha versão"
              onChoose={() => actions.resolveConflict('mine')}
              hint={
                savedDiscarded.length > 0
                  ? `Descarta o que foi salvo em ${listInWords(savedDiscarded)}.`
                  : 'Não descarta nada do que foi salvo.'
              }
            />
            <DiscardingChoice
              hintId={SAVED_HINT_ID}
              label="Usar a versão salva"
              onChoose={() => actions.resolveConflict('theirs')}
              hint={
                mineDiscarded.length > 0
                  ? `Descarta o que este dispositivo tem em ${listInWords(mineDiscarded)} (fica guardado neste navegador).`
                  : 'Não descarta nada deste dispositivo.'
              }
            />
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A secondary way out of the conflict, with the sentence saying what it discards. */
function DiscardingChoice(props: {
  hintId: string;
  label: string;
  hint: string;
  onChoose: () => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <AlertDialog.Action asChild>
        <Button variant="secondary" aria-describedby={props.hintId} onClick={props.onChoose}>
          {props.label}
        </Button>
      </AlertDialog.Action>
      <p id={props.hintId} className="text-sm text-fg-muted">
        {props.hint}
      </p>
    </div>
  );
}
