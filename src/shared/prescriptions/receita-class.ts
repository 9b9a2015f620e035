/**
 * The four kinds of receita of RDC 1.000/2025 (docs/conformidade.md, "Receitas sob a RDC
 * 1.000/2025"), from the least to the most controlled:
 * - 'simples': an ordinary receita;
 * - 'retencao': retained by the pharmacy, not of Portaria 344/98 — antimicrobials (RDC
 *   471/2021) and GLP-1 agonists (RDC 973/2025);
 * - 'controle_especial': the Receita de Controle Especial — lists C1, C4, C5 and the addenda of
 *   A1, A2 and B1;
 * - 'notificacao': a Notificação de Receita — lists A1, A2, A3, B1, B2, C2 and talidomida (C3).
 */
export const RECEITA_CLASSES = ['simples', 'retencao', 'controle_especial', 'notificacao'] as const;
export type ReceitaClass = (typeof RECEITA_CLASSES)[number];

/** Each kind as a sentence names it: 'Para emitir uma receita de controle especial, …'. */
export const RECEITA_CLASS_LABELS: Readonly<Record<ReceitaClass, string>> = {
  simples: 'receita simples',
  retencao: 'receita de retenção (antimicrobiano ou agonista de GLP-1)',
  controle_especial: 'receita de controle especial',
  notificacao: 'notificação de receita',
};

/**
 * The refusal of a receita of this kind whose patient has no CPF or passport on her chart
 * (RDC 1.000/2025), saying what to do.
 * @param linked - whether the receita names a patient of the doctor's (else it names only a name)
 */
export function patientDocumentRefusal(receitaClass: ReceitaClass, linked: boolean): string {
  const what = `Para emitir uma ${RECEITA_CLASS_LABELS[receitaClass]}, o CPF do paciente (ou o passaporte, se estrangeiro) é obrigatório (RDC 1.000/2025)`;
  return linked
    ? `${what}: cadastre-o na ficha do paciente e tente de novo.`
    : `${what}: vincule a receita a um paciente cadastrado com CPF ou passaporte.`;
}

/**
 * Whether a receita of this kind must be issued on paper, signed by hand: an electronic one is
 * valid only from a prescribing service integrated with ANVISA's SNCR, carrying its number (RDC
 * 1.000/2025). Prontu is not integrated (its API is not public): every kind but the simple one.
 */
export function mustIssueOnPaper(receitaClass: ReceitaClass): boolean {
  return receitaClass !== 'simples';
}

/** What the screens and the refused signature say about a receita that must go on paper. */
export const PAPER_RECEITA_NOTICE =
  'Receitas de controle especial e de antimicrobianos em meio eletrônico só valem com numeração do SNCR (RDC 1.000/2025). Imprima e assine à mão.';

/**
 * Whether the patient's document a receita of this kind needs is missing: since RDC 1.000/2025,
 * a retained, controlled or notified receita names the patient's CPF, or a foreigner's passport.
 */
export function needsPatientDocument(receitaClass: ReceitaClass): boolean {
  return receitaClass !== 'simples';
}
