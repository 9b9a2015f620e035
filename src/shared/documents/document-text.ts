import {
  DOCUMENT_TITLES,
  type DocumentBody,
  type DocumentIssue,
  type OrientacoesContent,
} from './clinical-document';
import { PATIENT_INSTRUCTIONS_HEADINGS, sectionParagraphs } from './patient-instructions';
import { formatClinic, formatCrm } from '../account/doctor-settings';
import type { Gender } from '../records/medical-record';
import { quantityWithWords } from '../lib/numbers-in-words';
import { agreeWithPatient } from '../patients/agreement';
import { formatCns, formatCpf } from '../patients/identifiers';
import { formatDate, formatLongDate, formatTime } from '../lib/pt-br-format';

/**
 * What a clinical document says, in the words it prints: its title, the doctor's header, the
 * lines that identify the patient, its body and its place and date. Pure: the PDF renderer lays
 * it out, the app shows it in the preview. Agreement follows the patient's sex ('a paciente',
 * 'o paciente', 'paciente' when unknown).
 */
export interface DocumentText {
  title: string;
  /**
   * The doctor's name, then CRM/UF, the clinic and its CNES when set, address and contacts
   * (CFM 2.381/2024, art. 2º).
   */
  issuer: string[];
  /** Who the document is for: name, then CPF (or CNS) and birth date when known. */
  patient: string[];
  /** The body, paragraph by paragraph; a list's items are paragraphs starting with '• '. */
  paragraphs: string[];
  /** The date and the time of issue, as printed above the signature. */
  issuedAt: string;
}

/** A date kept as `yyyy-MM-dd`, as dd/mm/aaaa. */
const dayOf = (day: string) => formatDate(`${day}T00:00:00`);

/**
 * The last day of a rest of `days` days from `startDate` (both `yyyy-MM-dd`), counted inclusively:
 * the start day is the first of them, so 3 days from 06/12 end on 08/12 (docs/documentos.md,
 * "Atestado").
 */
export function restEndDay(startDate: string, days: number): string {
  const [year, month, day] = startDate.split('-').map(Number);
  // UTC calendar arithmetic: no daylight-saving shift can move a day.
  const end = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days - 1));
  return end.toISOString().slice(0, 10);
}

/** 'de 06/12/2026 a 08/12/2026', or 'em 06/12/2026' for a single day. */
function restPeriod(startDate: string, days: number): string {
  return days === 1
    ? `em ${dayOf(startDate)}`
    : `de ${dayOf(startDate)} a ${dayOf(restEndDay(startDate, days))}`;
}

/** 'a paciente Maria', 'o paciente João', or 'Maria' alone when the sex is not known. */
function patientReference(name: string, sex: string | undefined): string {
  return agreeWithPatient(sex as Gender | undefined, {
    masculine: `o paciente ${name}`,
    feminine: `a paciente ${name}`,
    unknown: name,
  });
}

function bodyParagraphs(body: DocumentBody, issue: DocumentIssue): string[] {
  const { patient } = issue;
  const who = patientReference(patient.name, patient.sex);
  const attended = formatLongDate(issue.at);
  switch (body.kind) {
    case 'atestado': {
      const { content } = body;
      const paragraphs = [
        `Atesto, para os devidos fins, que ${who} foi atendid${ending(patient.sex)} por mim em ${attended} e necessita de ${quantityWithWords(content.days, content.days === 1 ? 'dia' : 'dias')} de afastamento de suas atividades, ${restPeriod(content.startDate, content.days)}.`,
      ];
      if (content.showCid && content.cid !== undefined) {
        paragraphs.push(
          `CID-10: ${content.cid} — informado a pedido d${ending(patient.sex)} paciente.`,
        );
      }
      return paragraphs;
    }
    case 'comparecimento': {
      const { content } = body;
      return [
        `Declaro, para os devidos fins, que ${who} esteve em atendimento médico em ${formatLongDate(`${content.date}T00:00:00`)}, das ${content.from} às ${content.to}.`,
      ];
    }
    case 'exames': {
      const { content } = body;
      return [
        'Solicito os exames:',
        ...content.exams.map((exam) => `• ${exam.name}`),
        `Indicação clínica: ${content.clinicalIndication}`,
        ...(content.cid === undefined ? [] : [`CID-10: ${content.cid}`]),
      ];
    }
    case 'encaminhamento': {
      const { content } = body;
      return [
        `Encaminho ${who} à especialidade de ${content.specialty}.`,
        `Motivo: ${content.reason}`,
        `Resumo clínico: ${content.summary}`,
      ];
    }
    case 'relatorio':
      return body.content.text.split(/\n{2,}/).map((paragraph) => paragraph.trim());
    case 'orientacoes':
      return orientacoesParagraphs(body.content);
  }
}

/**
 * The page the patient takes home (docs/documentos.md, "Orientações ao paciente"): each section
 * under its heading, the medicines one per item with the receita's posology as it stands — a
 * medicine with none says to follow the receita, never a dose of its own.
 */
export function orientacoesParagraphs(content: OrientacoesContent): string[] {
  const headings = PATIENT_INSTRUCTIONS_HEADINGS;
  const section = (heading: string, text: string) => {
    const paragraphs = sectionParagraphs(text);
    return paragraphs.length === 0 ? [] : [`${heading}:`, ...paragraphs];
  };
  const medicines =
    content.medicines.length === 0
      ? []
      : [
          `${headings.medicines}:`,
          ...content.medicines.map(
            (medicine) =>
              `• ${medicine.name}: ${medicine.posology || 'use como está escrito na receita.'}`,
          ),
        ];
  return [
    ...section(headings.condition, content.condition),
    ...medicines,
    ...section(headings.care, content.care),
    ...section(headings.warningSigns, content.warningSigns),
    ...section(headings.followUp, content.followUp),
  ];
}

/** 'a', 'o' or 'o(a)': the ending of a word that agrees with the patient ('atendida'). */
function ending(sex: string | undefined): string {
  return agreeWithPatient(sex as Gender | undefined, {
    masculine: 'o',
    feminine: 'a',
    unknown: 'o(a)',
  });
}

/**
 * What a document issued from a visit held at a distance says of it (CFM 2.314/2022): that it was
 * a teleconsulta, with the patient's consent and when it was recorded.
 */
function teleconsultaParagraph(issue: DocumentIssue): string[] {
  if (!issue.teleconsulta) return [];
  const { consentAt } = issue.teleconsulta;
  return [
    `Atendimento realizado por teleconsulta (CFM 2.314/2022), com o consentimento d${ending(issue.patient.sex)} paciente registrado em ${formatDate(consentAt)} às ${formatTime(consentAt)}.`,
  ];
}

/** 'CRM/SP 123456 · Cardiologia · RQE 4567': the council registration, and the specialty with its RQE. */
function registrationLine(doctor: DocumentIssue['doctor']): string {
  const specialty =
    doctor.specialty !== undefined && doctor.rqe !== undefined
      ? [doctor.specialty, `RQE ${doctor.rqe}`]
      : [];
  return [formatCrm(doctor), ...specialty].filter((part) => part !== '').join(' · ');
}

/**
 * The words of an issued document (or of a draft, with the issue it would have now).
 * @param issue - who issued it and for whom, and when
 * @param signedAt - the instant of its digital signature, when signed: then the document's date
 *   (CFM 2.299/2021), so that a document issued one day and signed another has one date only
 */
export function documentText(
  body: DocumentBody,
  issue: DocumentIssue,
  signedAt?: string,
): DocumentText {
  const { doctor, patient } = issue;
  const contacts = [doctor.phone, doctor.email].filter((contact) => contact !== '');
  // CFM 2.381/2024: her CPF when she has one; a foreigner's passport; else the CNS.
  const identity: string[] = [];
  if (patient.cpf !== undefined) identity.push(`CPF ${formatCpf(patient.cpf)}`);
  else if (patient.passport !== undefined) identity.push(`Passaporte ${patient.passport}`);
  else if (patient.cns !== undefined) identity.push(`CNS ${formatCns(patient.cns)}`);
  if (patient.birthDate !== undefined) identity.push(`nascimento ${dayOf(patient.birthDate)}`);
  return {
    title: DOCUMENT_TITLES[body.kind],
    issuer: [
      doctor.name,
      registrationLine(doctor),
      formatClinic(doctor),
      doctor.address,
      contacts.join(' · '),
    ].filter((line) => line !== ''),
    patient: [`Paciente: ${patient.name}`, ...(identity.length > 0 ? [identity.join(' · ')] : [])],
    paragraphs: [...bodyParagraphs(body, issue), ...teleconsultaParagraph(issue)],
    issuedAt:
      signedAt === undefined
        ? `Emitido em ${formatDate(issue.at)} às ${formatTime(issue.at)}`
        : `Emitido e assinado digitalmente em ${formatDate(signedAt)} às ${formatTime(signedAt)}`,
  };
}

/** The line a document is signed on. */
export const SIGNATURE_RULE = '_______________________________________';

/**
 * What a document prints at its foot: the line to sign on, and under it the doctor's name and
 * registration — in the PDF and in the app's preview alike.
 */
export function signatureLines(text: DocumentText): string[] {
  return [SIGNATURE_RULE, ...text.issuer.slice(0, 2)];
}
