/**
 * Prescribing safety check benchmark (issue 21), in process: one check of a 10-item prescription
 * for a patient with 5 medicines in use, allergies, pregnancy, a creatinine clearance and a
 * child's weight (every table read), and of a 3-item one for an adult. Prints p50/p99 per check
 * after a warm-up, beside the budget; asserts nothing.
 *
 *   npm run bench:safety
 *   BENCH_ROUNDS=20000 npm run bench:safety
 *
 * Budget (issue 21): under 2 ms for the 10-item prescription with 5 medicines in use.
 */
import { performance } from 'node:perf_hooks';
import {
  checkPrescriptionSafety,
  type SafetyMedication,
  type SafetyPatient,
} from '../../src/clinical/medications/safety-check';
import { percentile } from './bench-support';

const ms = (value: number) => `${value.toFixed(3)} ms`;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5_000);
const WARM_UP = Math.min(1_000, ROUNDS);
const BUDGET_MS = 2;

const TEN_ITEMS: SafetyMedication[] = [
  { name: 'Amoxicilina', dosage: '400 mg/5 ml, 7 ml', frequency: '8/8h' },
  { name: 'Ibuprofeno 100 mg/5 ml', dosage: '5 ml', frequency: '6/6h' },
  { name: 'Paracetamol', dosage: '750 mg', frequency: '6/6h' },
  { name: 'Dipirona gotas', dosage: '20 gotas', frequency: '6/6h, se dor' },
  { name: 'Prednisolona', dosage: '3 mg/ml, 5 ml', frequency: '1x ao dia' },
  { name: 'Omeprazol 20 mg', dosage: '1 cápsula', frequency: '1x ao dia' },
  { name: 'Claritromicina 500 mg', dosage: '1 comprimido', frequency: '12/12h' },
  { name: 'Enalapril 10 mg', dosage: '1 comprimido', frequency: '12/12h' },
  { name: 'Metformina 850 mg', dosage: '1 comprimido', frequency: '12/12h' },
  { name: 'Sertralina 50 mg', dosage: '1 comprimido', frequency: '1x ao dia' },
];

const CHILD: SafetyPatient = {
  age: 9,
  sex: 'feminino',
  weightKg: 30,
  pregnant: true,
  allergies: ['Penicilina', 'AAS', 'Sulfa', 'Dipirona', 'Látex'],
  medicationsInUse: [
    'Varfarina 5 mg',
    'Sinvastatina 40 mg',
    'Carbonato de lítio 300 mg',
    'Losartana + hidroclorotiazida',
    'Tramadol 50 mg',
  ],
  creatinineClearance: 28,
};

const THREE_ITEMS: SafetyMedication[] = [
  { name: 'Losartana 50 mg', dosage: '1 comprimido', frequency: '1x ao dia' },
  { name: 'Hidroclorotiazida 25 mg', dosage: '1 comprimido', frequency: '1x ao dia' },
  { name: 'Sinvastatina 20 mg', dosage: '1 comprimido', frequency: 'à noite' },
];

function measure(name: string, medications: SafetyMedication[], patient: SafetyPatient) {
  let warnings = 0;
  for (let round = 0; round < WARM_UP; round++) checkPrescriptionSafety(medications, patient);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    warnings = checkPrescriptionSafety(medications, patient).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, warnings, p50: percentile(times, 50), p99: percentile(times, 99) };
}

const rows = [
  measure('10 items, 5 in use, every table', TEN_ITEMS, CHILD),
  measure('3 items, adult, no warning', THREE_ITEMS, { age: 58 }),
];
console.log(`Safety check, in process, ${ROUNDS} checks each after ${WARM_UP} unmeasured`);
console.log('scenario                              warnings   p50        p99        budget');
for (const row of rows) {
  console.log(
    `${row.name.padEnd(38)}${String(row.warnings).padStart(8)}   ${ms(row.p50).padEnd(10)} ${ms(row.p99).padEnd(10)} ${row.name.startsWith('10') ? `< ${BUDGET_MS} ms ${row.p99 < BUDGET_MS ? 'met' : 'MISSED'}` : ''}`,
  );
}
