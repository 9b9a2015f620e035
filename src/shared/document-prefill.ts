import type { DocumentBody, DocumentKind } from './clinical-document';
import { localDayOf } from './patient';
import { formatTime } from './pt-br-format';
import type { WorkingRecord } from './record-flow';
import { buildRecordNarrative } from './record-narrative';
import { DEFAULT_DOCTOR_SETTINGS } from './doctor-settings';

/**
 * A new document's content as the doctor first sees it (issue 20): from the visit it comes from
 * when there is one — its exams, its complaint and assessment, its narrative — and today's date;
 * the doctor reviews every word before issuing.
 */

/** 'QP: …' lines of the visit's narrative, without its identification (the document has it). */
function narrativeOf(record: WorkingRecord, now: Date): string[] {
  return buildRecordNarrative(record, DEFAULT_DOCTOR_SETTINGS, now)
    .sections.filter((section) => section.title !== 'Identificação')
    .map((section) => `${section.title}: ${section.lines.join(' ')}`);
}

const trimmed = (text: string | undefined) => text?.trim() ?? '';

/** hh:mm, an hour before `now` (or midnight), for the start of an attendance. */
function hourBefore(now: Date): string {
  return now.getHours() === 0 ? '00:00' : formatTime(new Date(now.getTime() - 60 * 60 * 1000));
}

export function documentDraftOf(
  kind: DocumentKind,
  record: WorkingRecord | undefined,
  now: Date,
): DocumentBody {
  const today = localDayOf(now);
  switch (kind) {
    case 'atestado':
      return { kind, content: { days: 1, startDate: today, showCid: false } };
    case 'comparecimento': {
      const started = record ? new Date(record.createdAt) : undefined;
      const from =
        started && localDayOf(started) === today && started < now
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
  }
}
