/**
 * The words of the prescribing safety check (docs/receitas.md, "Segurança da prescrição"): what a warning is, how grave, and the
 * shape of the curated tables it reads.
 */

/** How grave a warning is, gravest first. */
export const SAFETY_SEVERITIES = ['contraindicado', 'grave', 'moderado'] as const;
export type SafetySeverity = (typeof SAFETY_SEVERITIES)[number];

/** Orders warnings (or rules) by severity, gravest first. */
export function gravestFirst(
  a: { severity: SafetySeverity },
  b: { severity: SafetySeverity },
): number {
  return SAFETY_SEVERITIES.indexOf(a.severity) - SAFETY_SEVERITIES.indexOf(b.severity);
}

/** What a warning is about. */
export const SAFETY_KINDS = [
  'interacao',
  'duplicidade',
  'dose',
  'alergia',
  'gestacao',
  'renal',
] as const;
export type SafetyKind = (typeof SAFETY_KINDS)[number];

/** One finding of the check, in Portuguese, with where it comes from. */
export interface SafetyWarning {
  kind: SafetyKind;
  severity: SafetySeverity;
  /** The medicines it is about, as the prescription or the patient's list names them. */
  medications: string[];
  /** One or two sentences: the risk and what to do. */
  message: string;
  /** A public source a doctor can look up: a bula, a guideline, a published list. */
  reference: string;
}

/**
 * A side of a rule: a medicine by its generic name in the catalogue ('varfarina'), or a group of
 * {@link MedicationGroup}s written with a leading '@' ('@aine').
 */
export type MedicationSide = string;

/** Medicines that share what a rule is about (a class, an effect, an enzyme). */
export interface MedicationGroup {
  /** How a sentence names one of them: 'um anti-inflamatório (AINE)', 'um nitrato'. */
  label: string;
  /** Generic names of single-ingredient catalogue entries (src/clinical/medications/catalogue.ts). */
  members: readonly string[];
}

/** One clinically significant drug–drug interaction of the curated table. */
export interface InteractionRule {
  a: MedicationSide;
  b: MedicationSide;
  severity: SafetySeverity;
  /** One line in Portuguese: the risk, then what to do ('Evite…', 'Monitore…', 'Reduza…'). */
  message: string;
  /** A public reference: the ONC high-priority list, a bula (ANVISA), a guideline. */
  reference: string;
}

/** How each severity reads on screen and in the record. */
export const SAFETY_SEVERITY_LABELS: Readonly<Record<SafetySeverity, string>> = {
  contraindicado: 'Contraindicado',
  grave: 'Grave',
  moderado: 'Moderado',
};

/** A `grave` or `contraindicado` warning: the prescription goes on only with the doctor's reason. */
export function needsReason(warning: Pick<SafetyWarning, 'severity'>): boolean {
  return warning.severity !== 'moderado';
}

/** The doctor's reason to keep a prescription through a warning, kept with the prescription. */
export interface SafetyReason {
  kind: SafetyKind;
  severity: SafetySeverity;
  medications: string[];
  message: string;
  reason: string;
}

/** What identifies a warning across checks: what it is about and what it says. */
export function safetyWarningKey(
  warning: Pick<SafetyWarning, 'kind' | 'medications' | 'message'>,
): string {
  return JSON.stringify([warning.kind, warning.medications, warning.message]);
}

/** The warnings that need a reason and have none yet among `reasons`. */
export function warningsAwaitingReason(
  warnings: readonly SafetyWarning[],
  reasons: readonly SafetyReason[],
): SafetyWarning[] {
  const given = new Set(
    reasons.filter((reason) => reason.reason.trim() !== '').map(safetyWarningKey),
  );
  return warnings.filter(
    (warning) => needsReason(warning) && !given.has(safetyWarningKey(warning)),
  );
}

/**
 * `reasons` with the doctor's reason for `warning`, in place of an earlier one for the same
 * warning; the warning's words are kept with it, as the check said them.
 */
export function withSafetyReason(
  reasons: readonly SafetyReason[],
  warning: SafetyWarning,
  reason: string,
): SafetyReason[] {
  const key = safetyWarningKey(warning);
  const { kind, severity, medications, message } = warning;
  return [
    ...reasons.filter((kept) => safetyWarningKey(kept) !== key),
    { kind, severity, medications, message, reason },
  ];
}
