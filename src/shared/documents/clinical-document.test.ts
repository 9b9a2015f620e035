import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TITLES,
  documentAgreement,
  documentCidSchema,
  documentCreateSchema,
  documentIssueOf,
  documentUpdateSchemaOf,
  missingIssuerFields,
} from './clinical-document';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('a new document', () => {
  it('takes an atestado with days, a start date typed either way, and no CID by default', () => {
    const parsed = documentCreateSchema.parse({
      kind: 'atestado',
      patientId: 'patient-1',
      recordId: 'medical-record-1',
      content: { days: 3, startDate: '26/11/2026' },
    });
    expect(parsed).toEqual({
      patientId: 'patient-1',
      recordId: 'medical-record-1',
      body: { kind: 'atestado', content: { days: 3, startDate: '2026-11-26', showCid: false } },
    });
  });

  it('prints a CID on an atestado only with one given, in its display form', () => {
    const withoutCode = documentCreateSchema.safeParse({
      kind: 'atestado',
      patientId: 'patient-1',
      content: { days: 1, startDate: '2026-11-26', showCid: true },
    });
    expect(messagesOf(withoutCode)).toEqual([
      'Informe o CID-10 que a paciente autorizou constar no atestado.',
    ]);
    expect(withoutCode.error?.issues[0]?.path).toEqual(['content', 'cid']);
    const withCode = documentCreateSchema.parse({
      kind: 'atestado',
      patientId: 'patient-1',
      content: { days: 1, startDate: '2026-11-26', showCid: true, cid: 'j11,1' },
    });
    expect(withCode.body.content).toMatchObject({ showCid: true, cid: 'J11.1' });
  });

  it('refuses days outside 1–365, impossible dates and unknown kinds, in Portuguese', () => {
    const tooLong = documentCreateSchema.safeParse({
      kind: 'atestado',
      patientId: 'patient-1',
      content: { days: 400, startDate: '31/02/2026' },
    });
    expect(messagesOf(tooLong)).toEqual([
      'O afastamento é de no máximo 365 dias.',
      'Data inválida: use dd/mm/aaaa.',
    ]);
    const farFuture = documentCreateSchema.safeParse({
      kind: 'atestado',
      patientId: 'patient-1',
      content: { days: 1, startDate: '31/12/9999' },
    });
    expect(messagesOf(farFuture)).toEqual(['Data inválida: use dd/mm/aaaa.']);
    const unknownKind = documentCreateSchema.safeParse({
      kind: 'laudo',
      patientId: 'patient-1',
      content: {},
    });
    expect(messagesOf(unknownKind)[0]).toBe(
      'Tipo de documento inválido: use atestado, comparecimento, exames, encaminhamento, relatorio, orientacoes.',
    );
  });

  it('takes a declaration of attendance only when it ends after it starts', () => {
    const backwards = documentCreateSchema.safeParse({
      kind: 'comparecimento',
      patientId: 'patient-1',
      content: { date: '2026-11-26', from: '10:30', to: '09:00' },
    });
    expect(messagesOf(backwards)).toEqual(['O horário de saída deve ser depois do de chegada.']);
    expect(
      documentCreateSchema.safeParse({
        kind: 'comparecimento',
        patientId: 'patient-1',
        content: { date: '2026-11-26', from: '8:30', to: '09:00' },
      }).error?.issues[0]?.message,
    ).toBe('Horário inválido: use hh:mm, por exemplo 08:30.');
  });

  it('needs at least one exam, each named, and an indication', () => {
    const empty = documentCreateSchema.safeParse({
      kind: 'exames',
      patientId: 'patient-1',
      content: { exams: [{ name: '  ' }], clinicalIndication: '' },
    });
    expect(messagesOf(empty)).toEqual(['Informe o nome do exame.', 'Informe a indicação clínica.']);
    const request = documentCreateSchema.parse({
      kind: 'exames',
      patientId: 'patient-1',
      content: {
        exams: [{ name: ' Hemograma completo ' }, { name: 'TSH' }],
        clinicalIndication: 'Astenia há 2 meses.',
        cid: 'R53',
      },
    });
    expect(request.body.content).toEqual({
      exams: [{ name: 'Hemograma completo' }, { name: 'TSH' }],
      clinicalIndication: 'Astenia há 2 meses.',
      cid: 'R53',
    });
  });

  it('refuses fields a kind does not have', () => {
    const stray = documentCreateSchema.safeParse({
      kind: 'relatorio',
      patientId: 'patient-1',
      content: { text: 'Paciente em acompanhamento.', days: 2 },
    });
    expect(stray.success).toBe(false);
    expect(stray.error?.issues[0]?.path).toEqual(['content']);
  });
});

describe('orientações ao paciente', () => {
  const CONTENT = {
    condition: 'Você tem pressão alta.',
    medicines: [
      { name: 'Losartana 50 mg', posology: 'Tomar 1 comprimido por via oral uma vez ao dia.' },
    ],
    warningSigns: 'Ligue para o SAMU (192) se tiver dor forte no peito.',
    followUp: 'Volte em 30 dias.',
  };

  it('takes the sections, the medicines and care left blank', () => {
    const created = documentCreateSchema.parse({
      kind: 'orientacoes',
      patientId: 'patient-1',
      recordId: 'medical-record-1',
      content: { ...CONTENT, condition: '  Você tem pressão alta.  ' },
    });
    expect(created.body).toEqual({ kind: 'orientacoes', content: { ...CONTENT, care: '' } });
  });

  it('needs what she has, the warning signs and the return, in Portuguese', () => {
    const blank = documentCreateSchema.safeParse({
      kind: 'orientacoes',
      patientId: 'patient-1',
      content: { condition: ' ', medicines: [], warningSigns: '', followUp: '' },
    });
    expect(messagesOf(blank)).toEqual([
      'Informe o que o paciente tem.',
      'Informe quando procurar atendimento de urgência.',
      'Informe quando voltar.',
    ]);
    const unnamed = documentUpdateSchemaOf('orientacoes').safeParse({
      content: { ...CONTENT, medicines: [{ name: '', posology: 'Tomar.' }] },
    });
    expect(messagesOf(unnamed)).toEqual(['Informe o nome do remédio.']);
  });

  it('agrees with its plural feminine title', () => {
    expect(DOCUMENT_TITLES.orientacoes).toBe('Orientações ao paciente');
    const agreement = documentAgreement('orientacoes');
    expect(
      `Para emitir ${agreement.article} ${DOCUMENT_TITLES.orientacoes.toLowerCase()}: ${DOCUMENT_TITLES.orientacoes} ${agreement.issued}, ${agreement.willBe} ${agreement.issued} ao assinar, rascunho ${agreement.of} orientações.`,
    ).toBe(
      'Para emitir as orientações ao paciente: Orientações ao paciente emitidas, serão emitidas ao assinar, rascunho das orientações.',
    );
    expect(documentAgreement('atestado')).toMatchObject({
      article: 'o',
      issued: 'emitido',
      willBe: 'será',
    });
    expect(documentAgreement('exames')).toMatchObject({ article: 'a', of: 'da', saved: 'salva' });
  });
});

describe('a draft’s new content', () => {
  it('is checked against the draft’s own kind', () => {
    const referral = documentUpdateSchemaOf('encaminhamento');
    expect(
      referral.parse({
        content: {
          specialty: 'Cardiologia',
          reason: 'Sopro sistólico.',
          summary: 'HAS há 10 anos.',
        },
      }),
    ).toEqual({
      kind: 'encaminhamento',
      content: { specialty: 'Cardiologia', reason: 'Sopro sistólico.', summary: 'HAS há 10 anos.' },
    });
    expect(messagesOf(referral.safeParse({ content: { text: 'Relatório.' } }))).toContain(
      'Informe a especialidade.',
    );
  });
});

describe('a CID-10 code on a document', () => {
  it('is kept in its display form, whatever the case and separator', () => {
    expect(documentCidSchema.parse('m545')).toBe('M54.5');
    expect(documentCidSchema.parse(' I10 ')).toBe('I10');
    expect(documentCidSchema.safeParse('gripe').success).toBe(false);
  });
});

describe('the settings a document needs', () => {
  const complete = {
    name: 'Dra. Ana Lima',
    crm: '123456',
    crmState: 'SP',
    specialty: '',
    rqe: '',
    clinicAddress: 'Rua Augusta, 100 — São Paulo/SP',
    clinicPhone: '',
    doctorEmail: 'ana@clinica.com.br',
  };

  it('are a name, the CRM with its UF, an address and a phone or an e-mail', () => {
    expect(missingIssuerFields(complete)).toEqual([]);
    expect(
      missingIssuerFields({ ...complete, crmState: '', clinicAddress: ' ', doctorEmail: '' }),
    ).toEqual(['CRM e UF', 'endereço', 'telefone ou e-mail']);
  });
});

describe('documentIssueOf', () => {
  it('copies the doctor and the patient as they are, leaving out what the patient lacks', () => {
    const at = new Date('2026-11-27T12:05:00.000Z');
    expect(
      documentIssueOf(
        {
          name: 'Dra. Ana Lima',
          crm: '123456',
          crmState: 'SP',
          specialty: '',
          rqe: '',
          clinicAddress: 'Rua Augusta, 100',
          clinicPhone: '',
          doctorEmail: 'ana@clinica.com.br',
        },
        {
          name: 'João Lima',
          cpf: null,
          passport: null,
          cns: '898001028000008',
          birthDate: null,
          sex: 'masculino',
        },
        at,
      ),
    ).toEqual({
      at: '2026-11-27T12:05:00.000Z',
      doctor: {
        name: 'Dra. Ana Lima',
        crm: '123456',
        crmState: 'SP',
        address: 'Rua Augusta, 100',
        phone: '',
        email: 'ana@clinica.com.br',
      },
      patient: { name: 'João Lima', cns: '898001028000008', sex: 'masculino' },
    });
  });

  it('copies a stated specialty with its RQE', () => {
    const issue = documentIssueOf(
      {
        name: 'Dra. Ana Lima',
        crm: '123456',
        crmState: 'SP',
        specialty: 'Cardiologia',
        rqe: '4567',
        clinicAddress: 'Rua Augusta, 100',
        clinicPhone: '(11) 3456-7890',
        doctorEmail: '',
      },
      { name: 'João Lima', cpf: null, passport: 'FX123456', cns: null, birthDate: null, sex: null },
      new Date('2026-11-27T12:05:00.000Z'),
    );
    expect(issue.doctor).toMatchObject({ specialty: 'Cardiologia', rqe: '4567' });
    // A foreigner without CPF is named by her passport.
    expect(issue.patient).toEqual({ name: 'João Lima', passport: 'FX123456' });
  });
});
