import type { MedicalRecord } from './medical-record';

/**
 * docs/product.md, "Lista de prontuários": the card shows this many characters of the chief
 * complaint.
 */
export const COMPLAINT_PREVIEW_LENGTH = 60;

/**
 * Records per request of the list (docs/product.md, "Lista de prontuários": 'Carregar Mais' works
 * in steps of 20).
 */
export const RECORDS_PAGE_SIZE = 20;

/** What a card calls a patient whose name was not written yet. */
export const UNNAMED_PATIENT = 'Paciente sem nome';

/** The patient's name as the card shows it and the delete question names it. */
export function patientNameOf(record: Pick<MedicalRecord, 'patientInfo'>): string {
  const name = record.patientInfo?.name?.replace(/\s+/g, ' ').trim();
  return name || UNNAMED_PATIENT;
}

/** `45 anos`, `1 ano`; nothing when the age is unknown (the card then leaves it out). */
export function patientAgeText(age: number | undefined): string | undefined {
  if (age === undefined || !Number.isFinite(age) || age < 0) return undefined;
  return age === 1 ? '1 ano' : `${age} anos`;
}

/**
 * The first {@link COMPLAINT_PREVIEW_LENGTH} characters of the chief complaint, line breaks
 * flattened (a card has one paragraph), with `…` when something was cut; nothing when empty.
 * Counts Unicode characters, so an emoji or accented letter is never split in half.
 */
export function complaintPreview(complaint: string | undefined): string | undefined {
  const text = complaint?.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const characters = Array.from(text);
  if (characters.length <= COMPLAINT_PREVIEW_LENGTH) return text;
  return `${characters.slice(0, COMPLAINT_PREVIEW_LENGTH).join('').trimEnd()}…`;
}

/** The count above the list: `1 prontuário`, `N prontuários` (`0 prontuários` too). */
export function recordCountText(count: number): string {
  return count === 1 ? '1 prontuário' : `${count} prontuários`;
}

/**
 * Whether 'Carregar Mais' shows: while the server says there is more (docs/product.md, "Lista de
 * prontuários"). Its `lastEvaluatedKey` is absent on the last page, even on an exactly full one
 * of 20, so a doctor never clicks into an empty page.
 */
export function hasMoreRecords(lastPage: { lastEvaluatedKey?: string } | undefined): boolean {
  return Boolean(lastPage?.lastEvaluatedKey);
}

/**
 * The loaded pages without one record (deleted), each page's cursor untouched: the server pages
 * by position (createdAt, id), which stays valid after the record at that position is gone.
 */
export function withoutRecord<Page extends { records: readonly { id: string }[] }>(
  pages: readonly Page[],
  id: string,
): Page[] {
  return pages.map((page) =>
    page.records.some((record) => record.id === id)
      ? { ...page, records: page.records.filter((record) => record.id !== id) }
      : page,
  );
}
