import { addYears } from 'date-fns';
import { formatDate } from '../lib/pt-br-format';

/**
 * How long a patient's record is kept: at least 20 years from its last entry (Lei 13.787/2018,
 * art. 6º; docs/conformidade.md, "Guarda do prontuário"). Until then her visits, receitas and
 * documents are not erased, whoever asks: the duty to keep them is a legal one, which an LGPD
 * request does not override (LGPD art. 16, I).
 */
export const RECORD_RETENTION_YEARS = 20;

/** The day her record may lawfully be erased: 20 years after its last entry. */
export function retentionEndOf(lastEntryAt: Date): Date {
  return addYears(lastEntryAt, RECORD_RETENTION_YEARS);
}

/** Whether a record whose last entry was at `lastEntryAt` must still be kept at `now`. */
export function mustKeepRecord(lastEntryAt: Date, now: Date = new Date()): boolean {
  return retentionEndOf(lastEntryAt).getTime() > now.getTime();
}

/** The refusal of an erase while her record must be kept, naming the law and the date. */
export function retentionRefusal(lastEntryAt: Date): string {
  return `Este paciente tem consultas, receitas ou documentos no prontuário, que a lei manda guardar por ${RECORD_RETENTION_YEARS} anos a partir do último registro (Lei 13.787/2018, art. 6º): o prontuário fica guardado até ${formatDate(retentionEndOf(lastEntryAt))}. Nada foi apagado. Um pedido do paciente pela LGPD é atendido com a exportação dos dados e a correção do cadastro.`;
}

/**
 * What the chart says instead of offering an erase of a patient with clinical content: the rule
 * and what the doctor can do for her.
 */
export const RETENTION_EXPLANATION = `O prontuário deste paciente tem consultas, receitas ou documentos e deve ser guardado por ${RECORD_RETENTION_YEARS} anos a partir do último registro (Lei 13.787/2018, art. 6º). Um pedido de exclusão pela LGPD não se sobrepõe a essa obrigação legal (LGPD, art. 16, I). Para atender o paciente, exporte os dados dele (FHIR) ou corrija o cadastro. Só é possível apagar um paciente cadastrado por engano, sem nenhum registro clínico.`;

/** Whether her record has anything the law keeps: a visit, a receita or a document. */
export function hasClinicalContent(counts: {
  records: number;
  prescriptions: number;
  documents: number;
}): boolean {
  return counts.records + counts.prescriptions + counts.documents > 0;
}
