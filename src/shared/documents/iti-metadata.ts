import type { DocumentIssue, DocumentKind } from './clinical-document';

/**
 * The metadata the ITI's VALIDAR reads from a signed health document's information
 * dictionary ('Guia de Orientações aos Desenvolvedores'): the prescriber's council
 * registration, its UF and specialty, under ICP-Brasil's OIDs for doctors (2.16.76.1.4.2.2.x),
 * and the document's type under the health-document OIDs (2.16.76.1.12.1.x), whose value is
 * left empty.
 */
export const ITI_OIDS = {
  crm: '2.16.76.1.4.2.2.1',
  crmState: '2.16.76.1.4.2.2.2',
  specialty: '2.16.76.1.4.2.2.3',
  prescription: '2.16.76.1.12.1.1',
  certificate: '2.16.76.1.12.1.2',
  examRequest: '2.16.76.1.12.1.3',
  /** ICP-Brasil's list: .4 is 'laudo laboratorial'; the medical report is .11. */
  medicalReport: '2.16.76.1.12.1.11',
} as const;

/**
 * The type each kind is validated as: a declaration of attendance is an atestado; a referral,
 * which carries the clinical summary, and the orientações ao paciente, which tell the visit's
 * diagnosis and treatment, a medical report (ICP-Brasil's list has no type of their own).
 */
export const DOCUMENT_TYPE_OIDS: Record<DocumentKind | 'receita', string> = {
  receita: ITI_OIDS.prescription,
  atestado: ITI_OIDS.certificate,
  comparecimento: ITI_OIDS.certificate,
  exames: ITI_OIDS.examRequest,
  encaminhamento: ITI_OIDS.medicalReport,
  relatorio: ITI_OIDS.medicalReport,
  orientacoes: ITI_OIDS.medicalReport,
};

/** The entries a signed document of `kind`, issued by `doctor`, carries for VALIDAR. */
export function itiMetadataOf(
  kind: DocumentKind | 'receita',
  doctor: DocumentIssue['doctor'],
): Record<string, string> {
  return {
    [DOCUMENT_TYPE_OIDS[kind]]: '',
    [ITI_OIDS.crm]: doctor.crm,
    [ITI_OIDS.crmState]: doctor.crmState,
    ...(doctor.specialty === undefined ? {} : { [ITI_OIDS.specialty]: doctor.specialty }),
  };
}
