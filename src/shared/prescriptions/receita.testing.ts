import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '../account/doctor-settings';
import type { MedicationControl, ReceitaPrescription } from './receita-document';

/** A doctor, the control marks the server gives, and a receita: what the receita tests print. */

export const receitaSettings: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Ana Maria Souza',
  prescriptionName: 'Dra. Ana M. Souza',
  prescriptionText: 'Clínica Médica\n\nMedicina de Família',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Rua das Flores, 100 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
  doctorEmail: 'ana@clinica.com.br',
};

export const C1: MedicationControl = {
  list: 'C1',
  document: 'Receituário de Controle Especial',
  copies: ['1ª via — Farmácia', '2ª via — Paciente'],
};
export const ANTIMICROBIAL: MedicationControl = {
  list: 'antimicrobiano',
  document: 'Receita de Antimicrobiano',
  copies: ['1ª via — Farmácia', '2ª via — Paciente'],
  validDays: 10,
};
export const A1: MedicationControl = {
  list: 'A1',
  document: 'Notificação de Receita A',
  copies: [],
};
export const B1: MedicationControl = {
  list: 'B1',
  document: 'Receituário de Controle Especial',
  copies: ['1ª via — Farmácia', '2ª via — Paciente'],
  alsoRequires: 'Notificação de Receita B',
};

export function receitaPrescription(
  overrides: Partial<ReceitaPrescription> = {},
): ReceitaPrescription {
  return {
    id: 'rx-1',
    patientName: 'Maria Silva',
    patientAge: '45',
    diagnosis: 'Amigdalite bacteriana',
    notes: '',
    date: '2026-03-01',
    medications: [
      {
        name: 'Amoxicilina',
        dosage: '500mg',
        dosePerIntake: '1 cápsula',
        frequency: '8/8h',
        duration: '7 dias',
        quantity: '7',
        dispenseQuantity: { amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' },
      },
    ],
    ...overrides,
  };
}
