import { RECEITA_CLASSES, type ReceitaClass } from '@shared/prescriptions/receita-class';
import { specialPrescriptionKind, type SpecialPrescription } from './controlled-medicines';

/** The kind of receita one medicine's control document makes. */
export function receitaClassOfKind(kind: SpecialPrescription | undefined): ReceitaClass {
  if (kind === undefined) return 'simples';
  // B1 prints on the Receituário de Controle Especial, but the pharmacy retains the
  // Notificação de Receita B that goes with it: a notification.
  if (kind.officialForm || kind.alsoRequires !== undefined) return 'notificacao';
  if (kind.list === 'antimicrobiano' || kind.list === 'agonista_glp1') return 'retencao';
  return 'controle_especial';
}

/**
 * The kind of a receita: the most controlled of its medicines' ('Amoxicilina' and 'Dipirona'
 * make a receita of retention). Brands and abbreviations are read as their generic.
 * @param medications - its medicines, as prescribed
 */
export function receitaClassOf(
  medications: readonly { name: string; dosage?: string | undefined }[],
): ReceitaClass {
  let most = 0;
  for (const medication of medications) {
    const kind = specialPrescriptionKind(medication.name, medication.dosage);
    most = Math.max(most, RECEITA_CLASSES.indexOf(receitaClassOfKind(kind)));
  }
  return RECEITA_CLASSES[most] ?? 'simples';
}
