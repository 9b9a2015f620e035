import { Eye, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { MedicalRecord } from '@shared/records/medical-record';
import { formatDateTime, formatRelativeTime } from '@shared/lib/pt-br-format';
import { complaintPreview, patientAgeText, patientNameOf } from '@shared/records/list-rules';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { preloadOnIntent } from '../../ui/preload-on-intent';

/** The record's status, in the words of the badge of docs/product.md, "Lista de prontuários". */
function StatusBadge({ status }: { status: MedicalRecord['status'] }) {
  const finished = status === 'finalizado';
  return (
    <span
      className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        finished ? 'bg-success-soft text-success-fg' : 'bg-warning-soft text-warning-fg'
      }`}
    >
      {finished ? 'Finalizado' : 'Em Andamento'}
    </span>
  );
}

/**
 * What deleting a record in progress does, said as a fact rather than asked (docs/product.md,
 * "Avisos e confirmações").
 */
export function deleteRecordStatement(patientName: string): string {
  return `O prontuário em andamento de ${patientName} será excluído, com tudo o que foi registrado nele. Esta ação não pode ser desfeita.`;
}

/**
 * One record of the list: who, how it stands, what brought the patient, when it began, and
 * the open / edit / delete actions. The buttons name the patient, since a screen reader lists
 * every card's 'Abrir' one after another.
 */
export function RecordCard(props: {
  record: MedicalRecord;
  /** This card's record is being loaded or deleted: its actions wait. */
  busy: boolean;
  onOpen: (record: MedicalRecord) => void;
  onEdit: (record: MedicalRecord) => void;
  onDelete: (record: MedicalRecord) => void;
  /** Starts loading the record view's code when the doctor heads for 'Abrir' or 'Editar'. */
  onIntent: () => void;
}) {
  const { record, busy } = props;
  const headingId = useId();
  const name = patientNameOf(record);
  const age = patientAgeText(record.patientInfo?.age);
  const complaint = complaintPreview(record.symptoms?.chiefComplaint);
  const intent = preloadOnIntent(props.onIntent);

  return (
    <li className="flex">
      <article
        aria-labelledby={headingId}
        aria-busy={busy}
        className="flex w-full flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold break-words text-fg">
              {name}
            </h2>
            {age && <p className="text-sm text-fg-muted">{age}</p>}
          </div>
          <StatusBadge status={record.status} />
        </div>
        {complaint ? (
          <p className="text-sm break-words text-fg">{complaint}</p>
        ) : (
          <p className="text-sm text-fg-muted italic">Queixa principal ainda não registrada.</p>
        )}
        <p className="text-xs text-fg-muted">
          Criado{' '}
          <time dateTime={record.createdAt} title={formatDateTime(record.createdAt)}>
            {formatRelativeTime(record.createdAt)}
          </time>
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button
            variant="secondary"
            className="px-3"
            aria-label={`Abrir prontuário de ${name}`}
            disabled={busy}
            onClick={() => props.onOpen(record)}
            {...intent}
          >
            <Eye aria-hidden="true" size={16} /> Abrir
          </Button>
          <Button
            variant="secondary"
            className="px-3"
            aria-label={`Editar prontuário de ${name}`}
            disabled={busy}
            onClick={() => props.onEdit(record)}
            {...intent}
          >
            <Pencil aria-hidden="true" size={16} /> Editar
          </Button>
          {/* A finalised record is kept (CFM 1.821/2007): the server refuses to delete it. */}
          {record.status !== 'finalizado' && (
            <ConfirmDialog
              trigger={
                <Button
                  variant="danger"
                  className="px-3"
                  aria-label={`Excluir prontuário de ${name}`}
                  disabled={busy}
                >
                  <Trash2 aria-hidden="true" size={16} /> Excluir
                </Button>
              }
              title="Excluir prontuário"
              question={deleteRecordStatement(name)}
              confirmLabel="Excluir prontuário"
              cancelLabel="Manter"
              onConfirm={() => props.onDelete(record)}
            />
          )}
        </div>
      </article>
    </li>
  );
}
