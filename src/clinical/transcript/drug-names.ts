import { MEDICATIONS } from '../medications/catalogue';
import { foldForMatching } from '@shared/lib/text-folding';

/**
 * Generic (DCB) names of medicines common in Brazilian primary and emergency care. Kept here as
 * well as in the catalogue so the clean-up capitalises the usual drugs while the catalogue is
 * still being filled in; the catalogue's names are added to these.
 */
const COMMON_DRUG_NAMES: readonly string[] = [
  // Antibiotics, antivirals, antifungals, antiparasitics
  'amoxicilina',
  'clavulanato',
  'azitromicina',
  'claritromicina',
  'cefalexina',
  'cefuroxima',
  'ceftriaxona',
  'ciprofloxacino',
  'levofloxacino',
  'norfloxacino',
  'sulfametoxazol',
  'trimetoprima',
  'nitrofurantoína',
  'fosfomicina',
  'metronidazol',
  'doxiciclina',
  'clindamicina',
  'penicilina benzatina',
  'benzilpenicilina',
  'aciclovir',
  'valaciclovir',
  'oseltamivir',
  'fluconazol',
  'cetoconazol',
  'miconazol',
  'nistatina',
  'ivermectina',
  'albendazol',
  'mebendazol',
  'secnidazol',
  // Analgesics, anti-inflammatories, corticosteroids
  'dipirona',
  'paracetamol',
  'ibuprofeno',
  'diclofenaco',
  'nimesulida',
  'cetoprofeno',
  'naproxeno',
  'tramadol',
  'codeína',
  'morfina',
  'ácido acetilsalicílico',
  'prednisona',
  'prednisolona',
  'dexametasona',
  'hidrocortisona',
  'betametasona',
  'ciclobenzaprina',
  'orfenadrina',
  'colchicina',
  'alopurinol',
  // Antihistamines, respiratory
  'loratadina',
  'desloratadina',
  'dexclorfeniramina',
  'cetirizina',
  'fexofenadina',
  'hidroxizina',
  'prometazina',
  'salbutamol',
  'fenoterol',
  'ipratrópio',
  'budesonida',
  'beclometasona',
  'formoterol',
  'montelucaste',
  'ambroxol',
  'acetilcisteína',
  // Gastrointestinal
  'omeprazol',
  'pantoprazol',
  'esomeprazol',
  'ranitidina',
  'bromoprida',
  'metoclopramida',
  'ondansetrona',
  'domperidona',
  'simeticona',
  'escopolamina',
  'loperamida',
  'lactulose',
  // Cardiovascular, metabolic, endocrine
  'losartana',
  'valsartana',
  'enalapril',
  'captopril',
  'anlodipino',
  'nifedipino',
  'hidroclorotiazida',
  'clortalidona',
  'indapamida',
  'furosemida',
  'espironolactona',
  'atenolol',
  'propranolol',
  'carvedilol',
  'metoprolol',
  'bisoprolol',
  'metildopa',
  'sinvastatina',
  'atorvastatina',
  'rosuvastatina',
  'varfarina',
  'clopidogrel',
  'rivaroxabana',
  'apixabana',
  'digoxina',
  'amiodarona',
  'isossorbida',
  'metformina',
  'glibenclamida',
  'gliclazida',
  'glimepirida',
  'dapagliflozina',
  'empagliflozina',
  'sitagliptina',
  'insulina',
  'levotiroxina',
  // Psychiatry and neurology
  'fluoxetina',
  'sertralina',
  'escitalopram',
  'citalopram',
  'paroxetina',
  'venlafaxina',
  'desvenlafaxina',
  'duloxetina',
  'bupropiona',
  'amitriptilina',
  'nortriptilina',
  'clonazepam',
  'diazepam',
  'alprazolam',
  'lorazepam',
  'zolpidem',
  'quetiapina',
  'risperidona',
  'olanzapina',
  'haloperidol',
  'carbamazepina',
  'oxcarbazepina',
  'fenitoína',
  'fenobarbital',
  'ácido valproico',
  'lamotrigina',
  'topiramato',
  'gabapentina',
  'pregabalina',
  'sumatriptano',
  // Others
  'sulfato ferroso',
  'ácido fólico',
  'sildenafila',
  'tadalafila',
  'tansulosina',
  'finasterida',
  'anticoncepcional',
];

/**
 * Catalogue names that are also everyday or chemical words ("oxigênio" in "saturação de
 * oxigênio", "potássio sérico"): capitalising them in running text would be wrong.
 */
const NOT_CAPITALISED = new Set([
  'oxigenio',
  'agua',
  'ferro',
  'calcio',
  'magnesio',
  'potassio',
  'sodio',
  'zinco',
  'glicose',
  'soro',
  'vitamina',
]);

/** Names from the catalogue, split into components ('amoxicilina + clavulanato'). */
function catalogueNames(): string[] {
  return MEDICATIONS.flatMap((entry) => entry.name.split('+'))
    .map((name) => name.trim().toLowerCase())
    .filter((name) => /^[\p{L} -]{5,}$/u.test(name))
    .filter((name) => !NOT_CAPITALISED.has(name.normalize('NFD').replace(/\p{M}/gu, '')));
}

/** A name as folded words: 'ácido fólico' → ['acido', 'folico']. */
type FoldedName = readonly string[];

let namesByFirstWord: Map<string, FoldedName[]> | undefined;

/**
 * Every name indexed by its first folded word, longest first, so one pass over the words of a
 * text finds them ("ácido valproico" is tried before any shorter name starting with "ácido").
 * Built once, on first use.
 */
function getNamesByFirstWord(): Map<string, FoldedName[]> {
  if (!namesByFirstWord) {
    const index = new Map<string, FoldedName[]>();
    for (const name of new Set([...COMMON_DRUG_NAMES, ...catalogueNames()])) {
      const words = foldForMatching(name).split(' ');
      const [first] = words;
      if (!first) continue;
      index.set(first, [...(index.get(first) ?? []), words]);
    }
    for (const names of index.values()) names.sort((a, b) => b.length - a.length);
    namesByFirstWord = index;
  }
  return namesByFirstWord;
}

/** A word of the text: where it starts and ends, and its folded form. */
interface Word {
  start: number;
  end: number;
  folded: string;
}

/**
 * The text with the generic names of common medicines capitalised
 * (docs/product.md, "Revisão, processamento e prontuário": "drug names capitalised"): "tomar
 * dipirona 500 mg" → "tomar Dipirona 500 mg". Matching ignores case and accents; only the first
 * letter changes, since a generic name is a common noun ("ácido fólico" → "Ácido fólico", "insulina
 * NPH" → "Insulina NPH").
 * @param text - any text
 */
export function capitalizeDrugNames(text: string): string {
  const index = getNamesByFirstWord();
  const words: Word[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = match.index;
    words.push({ start, end: start + match[0].length, folded: foldForMatching(match[0]) });
  }
  let result = text;
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at];
    const candidates = word ? index.get(word.folded) : undefined;
    if (!word || !candidates) continue;
    const name = candidates.find((candidate) => isNameAt(candidate, at, words, text));
    if (!name) continue;
    result =
      result.slice(0, word.start) +
      result.charAt(word.start).toUpperCase() +
      result.slice(word.start + 1);
    at += name.length - 1;
  }
  return result;
}

/** Whether the name's words follow one another from word `at`, separated only by spaces. */
function isNameAt(name: FoldedName, at: number, words: readonly Word[], text: string): boolean {
  return name.every((part, offset) => {
    const word = words[at + offset];
    if (word?.folded !== part) return false;
    if (offset === 0) return true;
    const previous = words[at + offset - 1];
    return previous !== undefined && /^\s+$/.test(text.slice(previous.end, word.start));
  });
}
