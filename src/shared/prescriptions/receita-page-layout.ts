import type { DoctorSettings } from '../account/doctor-settings';
import {
  buildReceitaDocument,
  receitaItemLine,
  type ReceitaPrescription,
  type ReceitaSettings,
  type ReceitaSheet,
} from './receita-document';
import { groupPrescriptionsByPatient, patientKey } from './receita-print-selection';

/**
 * How a receita's sheets share an A4 page: where each sits and at what size it prints, how many
 * lines a sheet takes, and the pages of a print job — one patient's receitas on pages of their
 * own. The sheets themselves, word for word, are `receita-document.ts`.
 */

/** docs/product.md, "Impressão de receitas": receitas per A4 page. */
export type ReceitasPerPage = 1 | 2 | 3 | 4;

/**
 * Where a receita sits on A4 (210 × 297 mm) and at what size its text prints, by receitas per
 * page: 1 fills the page; 2 are the two halves (A5 landscape, cut across); 3 are thirds; 4 are
 * the quarters (A6, two by two).
 */
export const SLOT_GEOMETRY: Readonly<
  Record<
    ReceitasPerPage,
    { columns: 1 | 2; widthMm: number; heightMm: number; paddingMm: number; fontPt: number }
  >
> = {
  1: { columns: 1, widthMm: 210, heightMm: 297, paddingMm: 16, fontPt: 11 },
  2: { columns: 1, widthMm: 210, heightMm: 148.5, paddingMm: 10, fontPt: 9.5 },
  3: { columns: 1, widthMm: 210, heightMm: 99, paddingMm: 7, fontPt: 8 },
  4: { columns: 2, widthMm: 105, heightMm: 148.5, paddingMm: 7, fontPt: 7.5 },
};

/** One receita on a page, and which copy it is ('1ª via — Farmácia') when it has copies. */
export interface ReceitaSlot {
  sheet: ReceitaSheet;
  copy?: string;
}

/** An A4 page: a grid of `perPage` slots (see {@link SLOT_GEOMETRY}), filled in order. */
export interface ReceitaPage {
  perPage: ReceitasPerPage;
  slots: ReceitaSlot[];
}

const MM_TO_PT = 72 / 25.4;
/** Line height and the widest average character, as multiples of the font size (Helvetica). */
export const LINE_HEIGHT_EM = 1.35;
const AVERAGE_CHAR_EM = 0.55;

function wrappedLineCount(text: string, charsPerLine: number): number {
  return Math.max(1, Math.ceil(text.length / charsPerLine));
}

/**
 * A generous estimate of the lines a sheet takes at a slot's size: what decides whether it fits
 * there or needs a page of its own.
 */
export function estimateSheetLines(sheet: ReceitaSheet, perPage: ReceitasPerPage): number {
  const geometry = SLOT_GEOMETRY[perPage];
  const charsPerLine = Math.floor(
    ((geometry.widthMm - 2 * geometry.paddingMm) * MM_TO_PT) / (geometry.fontPt * AVERAGE_CHAR_EM),
  );
  const count = (text: string) => wrappedLineCount(text, charsPerLine);
  let lines = 1.6 + sheet.header.extraLines.length + sheet.header.contactLines.length;
  lines += (sheet.header.registration ? 1 : 0) + 1.5; // rule and title
  lines += 1 + (sheet.patient.addressLine ? 1 : 0) + (sheet.patient.sexLine ? 1 : 0) + 0.5; // the age shares the name's line
  if (sheet.patient.documentLine) lines += 1;
  if (sheet.paperNotice) lines += count(sheet.paperNotice);
  for (const group of sheet.groups) {
    lines += 1.3;
    for (const item of group.items) {
      lines += count(receitaItemLine(item)) + (item.instructions ? count(item.instructions) : 0);
      lines += 0.3;
    }
  }
  if (sheet.notesLine) lines += count(sheet.notesLine) + 0.5;
  if (sheet.teleconsultaLine) lines += count(sheet.teleconsultaLine) + 0.5;
  if (sheet.validityLine) lines += 1.5;
  lines += 1 + 3.5; // date, signature space, name and CRM
  if (sheet.identification) lines += 6;
  return lines;
}

/** Whether a sheet fits in one slot of a page holding `perPage` receitas. */
export function sheetFitsSlot(sheet: ReceitaSheet, perPage: ReceitasPerPage): boolean {
  if (perPage === 1) return true;
  const geometry = SLOT_GEOMETRY[perPage];
  const available =
    ((geometry.heightMm - 2 * geometry.paddingMm) * MM_TO_PT) / (geometry.fontPt * LINE_HEIGHT_EM);
  return estimateSheetLines(sheet, perPage) <= available;
}

/**
 * The A4 pages that print a list of sheets: ordinary receitas share pages, `perPage` to a page,
 * in order; a sheet with copies takes a page of its own, one slot per copy (the Receituário de
 * Controle Especial prints its two vias as the two halves of one page); a receita too long for
 * its slot takes a whole page. A page never holds two patients' receitas: another patient's
 * sheet starts a new page.
 * @param sheets - the sheets, in print order
 * @param perPage - receitas per page (settings, 1 to 4)
 */
export function paginateSheets(
  sheets: readonly ReceitaSheet[],
  perPage: ReceitasPerPage,
): ReceitaPage[] {
  const pages: ReceitaPage[] = [];
  let open: ReceitaPage | undefined;
  for (const sheet of sheets) {
    if (sheet.copies.length > 0) {
      open = undefined;
      const slots = Math.min(sheet.copies.length, 4) as ReceitasPerPage;
      for (let start = 0; start < sheet.copies.length; start += slots) {
        pages.push({
          perPage: slots,
          slots: sheet.copies.slice(start, start + slots).map((copy) => ({ sheet, copy })),
        });
      }
    } else if (!sheetFitsSlot(sheet, perPage)) {
      open = undefined;
      pages.push({ perPage: 1, slots: [{ sheet }] });
    } else {
      const openPatient = open?.slots[0]?.sheet.patient.nameLine;
      if (
        !open ||
        open.slots.length >= perPage ||
        (openPatient !== undefined &&
          patientKey(openPatient) !== patientKey(sheet.patient.nameLine))
      ) {
        open = { perPage, slots: [] };
        pages.push(open);
      }
      open.slots.push({ sheet });
    }
  }
  return pages;
}

/** Settings' prescriptionsPerPage as a page layout; anything out of range means the default 2. */
export function receitasPerPage(value: number): ReceitasPerPage {
  return value === 1 || value === 2 || value === 3 || value === 4 ? value : 2;
}

/** One patient's part of a print job: their receitas' pages, which no other patient shares. */
export interface ReceitaPatientPages {
  patientName: string;
  pages: ReceitaPage[];
}

/**
 * Everything one print job holds: the pages of several prescriptions, one patient after another
 * (each patient's receitas on pages of their own, in the order the patients first appear), and
 * the notices of the medicines they leave out.
 * @param prescriptions - in print order
 * @param settings - the doctor's settings, prescriptionsPerPage included
 */
export function buildReceitaPrintJob(
  prescriptions: readonly ReceitaPrescription[],
  settings: ReceitaSettings & Pick<DoctorSettings, 'prescriptionsPerPage'>,
): { pages: ReceitaPage[]; notices: string[]; patients: ReceitaPatientPages[] } {
  const perPage = receitasPerPage(settings.prescriptionsPerPage);
  const groups = groupPrescriptionsByPatient(prescriptions).map((group) => {
    const documents = group.prescriptions.map((prescription) =>
      buildReceitaDocument(prescription, settings),
    );
    return {
      patientName: group.patientName,
      pages: paginateSheets(
        documents.flatMap((document) => document.sheets),
        perPage,
      ),
      notices: documents.flatMap((document) => document.notices),
    };
  });
  return {
    pages: groups.flatMap((group) => group.pages),
    notices: groups.flatMap((group) => group.notices),
    patients: groups.map(({ patientName, pages }) => ({ patientName, pages })),
  };
}
