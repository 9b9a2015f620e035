import type { DocumentBody, DocumentKind, ExamesContent } from './clinical-document';
import type { Exam } from '../records/medical-record';
import { codedDiagnoses } from '../records/diagnoses';
import { localDay } from '../lib/local-day';
import { formatTime } from '../lib/pt-br-format';
import type { WorkingRecord } from '../records/flow';
import { buildRecordNarrative } from '../records/narrative';
import { DEFAULT_DOCTOR_SETTINGS } from '../account/doctor-settings';
import { patientMedicinesOf } from './patient-instructions';

/**
 * A new document's content as the doctor first sees it (docs/documentos.md): from the visit it comes from
 * when there is one — its exams, its complaint and assessment, its narrative — and today's date;
 * the doctor reviews every word before issuing.
 */

/** 'QP: …' lines of the visit's narrative, without its identification (the document has it). */
function narrativeOf(record: WorkingRecord, now: Date): string[] {
  return buildRecordNarrative(record, DEFAULT_DOCTOR_SETTINGS, now)
    .sections.filter((section) => section.title !== 'Identificação')
    .map((section) => `${section.title}: ${section.lines.join(' ')}`);
}

/** `content` with the visit's CID, when the visit names one. */
function withCid<T extends object>(
  content: T,
  record: WorkingRecord | undefined,
): T & { cid?: string } {
  const cid = visitCidOf(record);
  return cid === undefined ? content : { ...content, cid };
}

const trimmed = (text: string | undefined) => text?.trim() ?? '';

/** hh:mm, an hour before `now` (or midnight), for the start of an attendance. */
function hourBefore(now: Date): string {
  return now.getHours() === 0 ? '00:00' : formatTime(new Date(now.getTime() - 60 * 60 * 1000));
}

/** The visit's diagnosis as a CID-10 code: the first coded in its assessment. */
export function visitCidOf(record: WorkingRecord | undefined): string | undefined {
  return codedDiagnoses(record?.assessment)[0]?.code;
}

/** Where an exam is done: a laboratory, or an imaging (and other diagnostic) service. */
export type ExamService = 'laboratorio' | 'imagem';

/** Names that say an exam is imaging or another test done at a diagnostic service. */
const IMAGING_NAME =
  /\b(raio[- ]?x|rx|radiografia|ultrass(om|onografia)|usg|ecografia|tomografia|tc|resson[aâ]ncia|rm|mamografia|densitometria|cintilografia|pet[- ]?ct|doppler|ecocardiograma|eletrocardiograma|ecg|holter|mapa|endoscopia|colonoscopia|espirometria)\b/i;

/**
 * Where an exam goes (docs/documentos.md, "Solicitação de exames"): by the type the visit gave it,
 * else by its name; a laboratory test when neither says otherwise.
 */
export function examServiceOf(exam: Pick<Exam, 'name' | 'type'>): ExamService {
  if (exam.type === 'laboratorial') return 'laboratorio';
  if (exam.type !== undefined) return 'imagem';
  return IMAGING_NAME.test(exam.name) ? 'imagem' : 'laboratorio';
}

/**
 * An exam request split by service: laboratory tests on one request, imaging on another, so
 * each goes to the service that does them. One request when all go to the same one.
 * @param visitExams - the visit's exams, whose types say where an exam of that name goes
 */
export function examRequestsByService(
  content: ExamesContent,
  visitExams: readonly Pick<Exam, 'name' | 'type'>[] = [],
): ExamesContent[] {
  const typed = new Map(visitExams.map((exam) => [exam.name.trim().toLowerCase(), exam.type]));
  const serviceOf = (name: string) =>
    examServiceOf({ name, type: typed.get(name.trim().toLowerCase()) });
  const laboratory = content.exams.filter((exam) => serviceOf(exam.name) === 'laboratorio');
  const imaging = content.exams.filter((exam) => serviceOf(exam.name) === 'imagem');
  if (laboratory.length === 0 || imaging.length === 0) return [content];
  return [
    { ...content, exams: laboratory },
    { ...content, exams: imaging },
  ];
}

export function documentDraftOf(
  kind: DocumentKind,
  record: WorkingRecord | undefined,
  now: Date,
): DocumentBody {
  const today = localDay(now);
  switch (kind) {
    case 'atestado':
      // The visit's CID waits in the form: printed only once the patient authorises it.
      return { kind, content: withCid({ days: 1, startDate: today, showCid: false }, record) };
    case 'comparecimento': {
      const started = record ? new Date(record.createdAt) : undefined;
      const from =
        started && localDay(started) === today && started < now
          ? formatTime(started)
          : hourBefore(now);
      return { kind, content: { date: today, from, to: formatTime(now) } };
    }
    case 'exames':
      return {
        kind,
        content: {
          exams: (record?.prescriptions?.exams ?? []).map((exam) => ({ name: exam.name })),
          clinicalIndication:
            trimmed(record?.assessment) || trimmed(record?.symptoms?.chiefComplaint),
          ...withCid({}, record),
        },
      };
    case 'encaminhamento':
      return {
        kind,
        content: {
          specialty: '',
          reason: trimmed(record?.symptoms?.chiefComplaint),
          summary: record ? narrativeOf(record, now).join('\n') : '',
        },
      };
    case 'relatorio':
      return { kind, content: { text: record ? narrativeOf(record, now).join('\n\n') : '' } };
    case 'orientacoes':
      // The words wait for the doctor or for the draft she asks for; the medicines are the
      // prescription's, by code (docs/documentos.md, "Orientações ao paciente").
      return {
        kind,
        content: {
          condition: '',
          medicines: patientMedicinesOf(record?.prescriptions?.medications),
          care: '',
          warningSigns: '',
          followUp: '',
        },
      };
  }
}
