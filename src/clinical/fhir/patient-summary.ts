import { Markup, markup, type Content } from '@shared/lib/html-markup';
import type { MedicalRecord, Medication } from '@shared/records/medical-record';
import type { Patient, PatientAddress } from '@shared/patients/patient';
import { formatCns, formatCpf } from '@shared/patients/identifiers';
import { posologySentence } from '@shared/prescriptions/posology';
import type { Prescription, PrescriptionMedication } from '@shared/prescriptions/prescription';
import { formatCep, formatDate, formatDateTime } from '@shared/lib/pt-br-format';
import { examLine, generatedOnText, vitalSignsLine } from '@shared/records/narrative';
import { codedDiagnoses, diagnosisLine, type Cid10Describer } from '@shared/records/diagnoses';
import {
  medicationTitle,
  physicalExamLines,
  symptomLines,
  type PatientExport,
} from './patient-export';

/**
 * One patient's data as a page she can read and print (LGPD, art. 18): who she is, her current
 * lists, each visit newest first, and her receitas. The page stands alone (its style inside, no
 * script, nothing fetched) and every piece of text in it is escaped.
 */

const nonBlank = (value: string | undefined): value is string => Boolean(value?.trim());

/** Text that may hold line breaks, its lines kept as written. */
const written = (value: string) =>
  markup`<p>${value
    .trim()
    .split(/\r?\n/)
    .map((line, index) => (index === 0 ? line : markup`<br>${line}`))}</p>\n`;

const isEmpty = (content: Content) => content === undefined || content === false || content === '';

/** A labelled value of a definition list, left out when there is no value. */
const field = (label: string, value: Content) =>
  isEmpty(value) ? '' : markup`<dt>${label}</dt><dd>${value}</dd>\n`;

/** The sentence that says there is nothing to show. */
const nothing = (sentence: string) => markup`<p class="empty">${sentence}</p>\n`;

/** The items, or the sentence that says there are none. */
const orNone = (items: readonly Content[], none: string) =>
  items.length > 0 ? items : nothing(none);

/** A bulleted list, or the sentence that says it is empty. */
const list = (items: readonly Content[], none: string) =>
  items.length > 0
    ? markup`<ul>\n${items.map((item) => markup`<li>${item}</li>\n`)}</ul>\n`
    : nothing(none);

/** A titled part of a visit or receita, left out when it has nothing to show. */
const part = (title: string, content: Content) =>
  isEmpty(content) ? '' : markup`<h4>${title}</h4>\n${content}`;

const SEX_LABELS = { masculino: 'Masculino', feminino: 'Feminino', outro: 'Outro' } as const;

/**
 * The page, as a complete HTML document in Brazilian Portuguese.
 * @param input - the patient, her visits and receitas, and the moment of the export
 */
export function patientSummaryHtml(input: PatientExport, describeCid?: Cid10Describer): string {
  const { patient } = input;
  const personalData = [
    field('Nome', patient.name),
    field('Data de nascimento', patient.birthDate && birthDateText(patient)),
    field('Sexo', patient.sex && SEX_LABELS[patient.sex]),
    field('CPF', patient.cpf && formatCpf(patient.cpf)),
    field('Passaporte', patient.passport),
    field('CNS', patient.cns && formatCns(patient.cns)),
    field('Telefone', patient.phone),
    field('Endereço', patient.address && addressText(patient.address)),
    field('Observações', nonBlank(patient.notes) && written(patient.notes)),
  ];
  const visits = [...input.records].sort(newestFirst((record) => record.createdAt));
  const receitas = [...input.prescriptions].sort(
    newestFirst((prescription) => `${prescription.date} ${prescription.createdAt}`),
  );
  return markup`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dados de saúde — ${patient.name}</title>
<style>${new Markup(SUMMARY_STYLE)}</style>
</head>
<body>
<header>
<h1>Dados de saúde — ${patient.name}</h1>
<p>Cópia dos dados guardados no Prontu, entregue à pessoa a quem pertencem (Lei Geral de Proteção de Dados, art. 18). ${generatedOnText(input.exportedAt)}.</p>
</header>
<main>
<section>
<h2>Dados pessoais</h2>
<dl>
${personalData}</dl>
</section>
<section>
<h2>Situação atual</h2>
<h3>Alergias</h3>
${list(patient.allergies, 'Nenhuma alergia registrada.')}
<h3>Condições crônicas</h3>
${list(patient.chronicConditions, 'Nenhuma condição crônica registrada.')}
<h3>Medicamentos em uso</h3>
${list(patient.medications, 'Nenhum medicamento em uso registrado.')}
</section>
<section>
<h2>Consultas</h2>
${orNone(
  visits.map((record) => visitSection(record, describeCid)),
  'Nenhuma consulta registrada.',
)}
</section>
<section>
<h2>Receitas</h2>
${orNone(receitas.map(receitaSection), 'Nenhuma receita registrada.')}
</section>
</main>
</body>
</html>
`.value;
}

/** A sort order, newest first, by an ISO 8601 moment (or day) of each item. */
function newestFirst<T>(momentOf: (item: T) => string) {
  return (a: T, b: T) => momentOf(b).localeCompare(momentOf(a));
}

function birthDateText(patient: Patient): string {
  const date = formatDate(patient.birthDate ?? '');
  if (patient.age === undefined) return date;
  return `${date} (${String(patient.age)} ${patient.age === 1 ? 'ano' : 'anos'})`;
}

/** 'Rua das Acácias, 120, apto 32 — Vila Mariana — São Paulo/SP — CEP 04101-000' */
function addressText(address: PatientAddress): string | undefined {
  const text = [
    [address.street, address.number, address.complement].filter(nonBlank).join(', '),
    address.district,
    [address.city, address.uf].filter(nonBlank).join('/'),
    address.cep && `CEP ${formatCep(address.cep)}`,
  ]
    .filter(nonBlank)
    .join(' — ');
  return text || undefined;
}

/** One prescribed medicine: title, posology, and the quantity to dispense when known. */
function medicationItem(item: Medication & Partial<Pick<PrescriptionMedication, 'route'>>) {
  const posology = posologySentence(item);
  const quantity = item.dispenseQuantity?.text.trim();
  return markup`<strong>${medicationTitle(item)}</strong>${posology && markup` — ${posology}`}${
    quantity && markup` <span class="note">(quantidade: ${quantity})</span>`
  }`;
}

function visitSection(record: MedicalRecord, describeCid: Cid10Describer | undefined) {
  const diagnoses = codedDiagnoses(record.assessment).map((diagnosis) =>
    diagnosisLine(diagnosis, describeCid),
  );
  const prescriptions = record.prescriptions;
  const symptoms = symptomLines(record);
  const vitals = vitalSignsLine(record.physicalExam?.vitalSigns);
  const findings = physicalExamLines(record);
  const medications = prescriptions?.medications ?? [];
  const exams = prescriptions?.exams ?? [];
  const addenda = (record.addenda ?? []).map(
    (addendum) =>
      markup`<span class="note">${formatDateTime(addendum.createdAt)}, ${addendum.author}:</span> ${addendum.text}`,
  );
  const status = record.status === 'finalizado' ? 'Finalizado' : 'Em Andamento';
  const parts = [
    part('Sintomas', symptoms.length > 0 && list(symptoms, '')),
    part('Sinais vitais', vitals && markup`<p>${vitals}</p>\n`),
    part('Exame físico', findings.length > 0 && list(findings, '')),
    part('Avaliação', nonBlank(record.assessment) && written(record.assessment)),
    part('Diagnósticos (CID-10)', diagnoses.length > 0 && list(diagnoses, '')),
    part(
      'Medicamentos prescritos',
      medications.length > 0 && list(medications.map(medicationItem), ''),
    ),
    prescriptions?.noPrescription && markup`<p>Sem prescrição nesta consulta.</p>\n`,
    part('Exames solicitados', exams.length > 0 && list(exams.map(examLine), '')),
    part(
      'Orientações',
      nonBlank(prescriptions?.additionalNotes) && written(prescriptions.additionalNotes),
    ),
    part('Plano', nonBlank(record.plan) && written(record.plan)),
    part('Adendos', addenda.length > 0 && list(addenda, '')),
  ];
  return markup`<article>
<h3>Consulta de ${formatDate(record.createdAt)} <span class="status">${status}</span></h3>
${parts}</article>
`;
}

function receitaSection(prescription: Prescription) {
  // 'Dra. Ana Lima, CRM/SP 123456': the CRM is stored as the receita prints it.
  const doctor = [prescription.doctorName.trim(), prescription.doctorCRM.trim()]
    .filter(Boolean)
    .join(', ');
  const draft = !prescription.isFinalized && markup` <span class="status">Rascunho</span>`;
  const details = [
    field('Prescrita por', doctor),
    field('Diagnóstico', prescription.diagnosis.trim()),
  ];
  const notes = part('Observações', nonBlank(prescription.notes) && written(prescription.notes));
  return markup`<article>
<h3>Receita de ${formatDate(prescription.date)}${draft}</h3>
<dl>
${details}</dl>
${list(prescription.medications.map(medicationItem), 'Nenhum medicamento nesta receita.')}${notes}</article>
`;
}

export const SUMMARY_STYLE = `
@page { size: A4; margin: 18mm 16mm; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 48rem; padding: 1.5rem; font: 11pt/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1a1a1a; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.2rem; margin: 1.75rem 0 .5rem; padding-bottom: .25rem; border-bottom: 2px solid #1a1a1a; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .35rem; }
h4 { font-size: .95rem; margin: .8rem 0 .2rem; }
header p { margin: 0; color: #444; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; }
dt { font-weight: 600; }
dd { margin: 0; }
ul { margin: .25rem 0; padding-left: 1.25rem; }
p { margin: .25rem 0; }
.empty { color: #555; font-style: italic; }
.status { font-size: .8rem; font-weight: 600; border: 1px solid #1a1a1a; border-radius: .25rem; padding: 0 .3rem; margin-left: .4rem; }
.note { color: #444; }
article { border-top: 1px solid #bbb; padding-top: .25rem; break-inside: avoid-page; }
@media print { body { padding: 0; max-width: none; } a { color: inherit; } }
`;
