/**
 * The medicine catalogue: medicines commonly prescribed in Brazil, by DCB generic name.
 * (Being filled in: this file fixes the shape other modules use.)
 */
export interface MedicationEntry {
  /** DCB generic name in lower case, with accents: 'dipirona', 'amoxicilina + clavulanato'. */
  name: string;
  /** Usual strengths as written on a prescription: '500 mg', '250 mg/5 ml', '100 mcg/dose'. */
  strengths: readonly string[];
  /** Pharmaceutical forms: 'comprimido', 'cápsula', 'suspensão oral', 'aerossol'... */
  forms: readonly string[];
  /** Pharmacological class, for allergy cross-checks: 'penicilina', 'aine', 'pirazolona'... */
  drugClass?: string;
  /** Other names doctors and patients use: brand names, abbreviations ('AAS', 'novalgina'). */
  aliases?: readonly string[];
}

export const MEDICATIONS: readonly MedicationEntry[] = [
  {
    name: 'amoxicilina',
    strengths: ['500 mg', '875 mg', '250 mg/5 ml'],
    forms: ['cápsula', 'comprimido', 'suspensão oral'],
    drugClass: 'penicilina',
  },
  {
    name: 'dipirona',
    strengths: ['500 mg', '1 g', '500 mg/ml'],
    forms: ['comprimido', 'solução oral'],
    drugClass: 'pirazolona',
    aliases: ['novalgina', 'metamizol'],
  },
  {
    name: 'paracetamol',
    strengths: ['500 mg', '750 mg', '200 mg/ml'],
    forms: ['comprimido', 'solução oral'],
    aliases: ['tylenol', 'acetaminofeno'],
  },
  {
    name: 'ibuprofeno',
    strengths: ['200 mg', '400 mg', '600 mg', '50 mg/ml'],
    forms: ['comprimido', 'suspensão oral'],
    drugClass: 'aine',
  },
  {
    name: 'losartana',
    strengths: ['25 mg', '50 mg', '100 mg'],
    forms: ['comprimido'],
    drugClass: 'bra',
    aliases: ['losartana potássica'],
  },
  {
    name: 'metformina',
    strengths: ['500 mg', '850 mg', '1 g'],
    forms: ['comprimido'],
    drugClass: 'biguanida',
    aliases: ['glifage'],
  },
  { name: 'omeprazol', strengths: ['20 mg', '40 mg'], forms: ['cápsula'], drugClass: 'ibp' },
];
