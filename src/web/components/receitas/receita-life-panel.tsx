import { Ban, FilePenLine } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { PRESCRIPTION_LIMITS } from '@shared/prescriptions/prescription';
import { formatDate } from '@shared/lib/pt-br-format';
import type { ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { RECEITA_STATUS_LABELS, receitaStatus } from '@shared/prescriptions/visit-receita';
import { usePrescriptionActions } from '../../data/prescription-actions';
import { useReceitaCancellation } from '../../data/prescriptions';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { errorText } from '../../data/api';

export const RECEITA_LIFE_TEXT = {
  draft: 'Rascunho: a receita é emitida quando for impressa, baixada, copiada ou assinada.',
  newVersion: 'Nova versão: ao ser emitida, substitui a receita emitida antes, que fica cancelada.',
  issued:
    'Emitida: o que ela diz não muda mais. Para mudar uma quantidade ou uma dose, corrija-a — uma nova versão a substitui.',
  correct: 'Corrigir receita',
  cancel: 'Cancelar receita',
  cancelReason: 'Motivo do cancelamento',
  cancelConfirm: 'Confirmar cancelamento',
  cancelHint:
    'A receita continua guardada e a página de validação passa a dizer à farmácia que foi cancelada.',
  back: 'Voltar',
  failed: 'Não foi possível cancelar a receita. Tente novamente.',
} as const;

/**
 * Where each chosen receita stands ('Rascunho', 'Emitida', 'Assinada', 'Cancelada') and what
 * the doctor may do with it: correct an issued one (a new version replaces it once issued) or
 * cancel it with a reason (docs/receitas.md, "A receita da consulta").
 */
export function ReceitaLifePanel(props: { receitas: readonly ReceitaPrescription[] }) {
  if (props.receitas.length === 0) return null;
  const several = props.receitas.length > 1;
  return (
    <ul aria-label="Situação das receitas" className="mb-4 flex flex-col gap-2">
      {props.receitas.map((receita) => (
        <li key={receita.id} className="rounded-md border border-line p-3 text-sm">
          <ReceitaLife receita={receita} named={several} />
        </li>
      ))}
    </ul>
  );
}

function ReceitaLife(props: { receita: ReceitaPrescription; named: boolean }) {
  const { receita } = props;
  const actions = usePrescriptionActions();
  const cancellation = useReceitaCancellation();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();
  const [correcting, setCorrecting] = useState(false);
  const status = receitaStatus({ ...receita, isFinalized: receita.isFinalized ?? true });
  const issued = status === 'emitida' || status === 'assinada';

  const correct = async () => {
    setCorrecting(true);
    setFailure(undefined);
    const result = await actions.correct(receita.id);
    setCorrecting(false);
    if (!result.ok) setFailure(result.error);
  };

  const cancel = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cancellation.isPending) return;
    setFailure(undefined);
    cancellation.mutate(
      { prescription: { id: receita.id, version: receita.version }, reason },
      {
        onSuccess: () => setCancelling(false),
        onError: (error) => setFailure(errorText(error, RECEITA_LIFE_TEXT.failed)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-surface-muted px-2 py-0.5 font-semibold text-fg">
          {RECEITA_STATUS_LABELS[status]}
        </span>
        {props.named && <span className="font-medium text-fg">{receita.patientName}</span>}
        <span className="text-fg-muted">
          {status === 'rascunho'
            ? receita.replacesId
              ? RECEITA_LIFE_TEXT.newVersion
              : RECEITA_LIFE_TEXT.draft
            : status === 'cancelada'
              ? `Cancelada em ${formatDate(receita.cancellation?.at ?? '')}: ${receita.cancellation?.reason ?? ''}`
              : status === 'assinada'
                ? `Assinada digitalmente em ${formatDate(receita.signedAt ?? '')}.`
                : RECEITA_LIFE_TEXT.issued}
        </span>
      </p>
      {issued && !cancelling && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={correcting}
            onClick={() => void correct()}
          >
            <FilePenLine aria-hidden="true" size={16} /> {RECEITA_LIFE_TEXT.correct}
          </Button>
          <Button variant="ghost" className="px-3 py-1.5" onClick={() => setCancelling(true)}>
            <Ban aria-hidden="true" size={16} /> {RECEITA_LIFE_TEXT.cancel}
          </Button>
        </div>
      )}
      {cancelling && (
        <form noValidate className="flex flex-col gap-2" onSubmit={cancel}>
          <TextField
            label={RECEITA_LIFE_TEXT.cancelReason}
            hint={RECEITA_LIFE_TEXT.cancelHint}
            maxLength={PRESCRIPTION_LIMITS.mediumText}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" onClick={() => setCancelling(false)}>
              {RECEITA_LIFE_TEXT.back}
            </Button>
            <Button type="submit" variant="danger" aria-disabled={cancellation.isPending}>
              {RECEITA_LIFE_TEXT.cancelConfirm}
            </Button>
          </div>
        </form>
      )}
      {failure && (
        <p role="alert" className="text-danger-fg">
          {failure}
        </p>
      )}
    </div>
  );
}
