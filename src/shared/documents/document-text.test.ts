import { describe, expect, it } from 'vitest';
import type { DocumentIssue } from './clinical-document';
import { SIGNATURE_RULE, documentText, restEndDay, signatureLines } from './document-text';

/** 27/11/2026 09:05 on this machine's clock, whatever its time zone. */
const ISSUED_AT = new Date(2026, 10, 27, 9, 5).toISOString();

const issue = (patient: Partial<DocumentIssue['patient']> = {}): DocumentIssue => ({
  at: ISSUED_AT,
  doctor: {
    name: 'Dra. Helena Prado',
    crm: '123456',
    crmState: 'SP',
    address: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
    phone: '(11) 3456-7890',
    email: 'helena@clinica.com.br',
  },
  patient: {
    name: 'Maria Aparecida dos Santos',
    cpf: '52998224725',
    birthDate: '1961-03-12',
    sex: 'feminino',
    ...patient,
  },
});

describe('documentText', () => {
  it('heads every document with the doctor, the patient and the date and time of issue', () => {
    const text = documentText({ kind: 'relatorio', content: { text: 'Estável.' } }, issue());
    expect(text.title).toBe('Relatório médico');
    expect(text.issuer).toEqual([
      'Dra. Helena Prado',
      'CRM/SP 123456',
      'Av. Paulista, 1000, sala 12 — São Paulo/SP',
      '(11) 3456-7890 · helena@clinica.com.br',
    ]);
    expect(text.patient).toEqual([
      'Paciente: Maria Aparecida dos Santos',
      'CPF 529.982.247-25 · nascimento 12/03/1961',
    ]);
    expect(text.issuedAt).toBe('Emitido em 27/11/2026 às 09:05');
  });

  it('names a foreigner without CPF by her passport', () => {
    const text = documentText(
      { kind: 'relatorio', content: { text: 'Estável.' } },
      issue({ cpf: undefined, passport: 'FX123456', birthDate: undefined }),
    );
    expect(text.patient).toEqual(['Paciente: Maria Aparecida dos Santos', 'Passaporte FX123456']);
  });

  it('is dated by its digital signature when signed, one date only, the visit kept', () => {
    const text = documentText(
      { kind: 'atestado', content: { days: 2, startDate: '2026-11-27', showCid: false } },
      issue(),
      new Date(2026, 10, 29, 14, 40).toISOString(),
    );
    expect(text.issuedAt).toBe('Emitido e assinado digitalmente em 29/11/2026 às 14:40');
    // When she was seen stays the day of issue.
    expect(text.paragraphs[0]).toContain('27 de novembro de 2026');
  });

  it('says a document from a teleconsulta was one, with the consent and its moment', () => {
    const consentAt = new Date(2026, 10, 27, 8, 58).toISOString();
    const text = documentText(
      { kind: 'relatorio', content: { text: 'Estável.' } },
      { ...issue(), teleconsulta: { consentAt } },
    );
    expect(text.paragraphs.at(-1)).toBe(
      'Atendimento realizado por teleconsulta (CFM 2.314/2022), com o consentimento da paciente registrado em 27/11/2026 às 08:58.',
    );
    const inPerson = documentText({ kind: 'relatorio', content: { text: 'Estável.' } }, issue());
    expect(inPerson.paragraphs.join(' ')).not.toContain('teleconsulta');
  });

  it('states a specialty beside the CRM with its RQE', () => {
    const withSpecialty = issue();
    withSpecialty.doctor = { ...withSpecialty.doctor, specialty: 'Cardiologia', rqe: '4567' };
    const text = documentText({ kind: 'relatorio', content: { text: 'Estável.' } }, withSpecialty);
    expect(text.issuer[1]).toBe('CRM/SP 123456 · Cardiologia · RQE 4567');
  });

  it('names the patient by her CNS when she has no CPF', () => {
    const text = documentText(
      { kind: 'relatorio', content: { text: 'Estável.' } },
      issue({ cpf: undefined, cns: '898001028000008', birthDate: undefined }),
    );
    expect(text.patient[1]).toBe('CNS 898 0010 2800 0008');
  });

  it('writes an atestado’s days in figures and words, agreeing with the patient', () => {
    const text = documentText(
      { kind: 'atestado', content: { days: 3, startDate: '2026-11-27', showCid: false } },
      issue(),
    );
    expect(text.paragraphs).toEqual([
      'Atesto, para os devidos fins, que a paciente Maria Aparecida dos Santos foi atendida por mim em 27 de novembro de 2026 e necessita de 3 (três) dias de afastamento de suas atividades, de 27/11/2026 a 29/11/2026.',
    ]);
    const oneDay = documentText(
      { kind: 'atestado', content: { days: 1, startDate: '2026-11-28', showCid: false } },
      issue({ name: 'João Batista Lima', sex: 'masculino' }),
    );
    expect(oneDay.paragraphs[0]).toContain('o paciente João Batista Lima foi atendido por mim');
    expect(oneDay.paragraphs[0]).toContain(
      '1 (um) dia de afastamento de suas atividades, em 28/11/2026.',
    );
  });

  it('ends a rest counting its first day, across months, years and leap days', () => {
    expect(restEndDay('2026-12-06', 3)).toBe('2026-12-08');
    expect(restEndDay('2026-12-06', 1)).toBe('2026-12-06');
    expect(restEndDay('2026-12-30', 5)).toBe('2027-01-03');
    expect(restEndDay('2028-02-28', 2)).toBe('2028-02-29');
    expect(restEndDay('2026-02-28', 2)).toBe('2026-03-01');
    // Brazil's old daylight-saving start (midnight skipped) moves no day.
    expect(restEndDay('2018-11-03', 2)).toBe('2018-11-04');
  });

  it('names the clinic and its CNES under the registration, when the settings have them', () => {
    const withClinic = issue();
    withClinic.doctor = { ...withClinic.doctor, clinicName: 'Clínica Bem Viver', cnes: '1234567' };
    const text = documentText({ kind: 'relatorio', content: { text: 'Estável.' } }, withClinic);
    expect(text.issuer).toEqual([
      'Dra. Helena Prado',
      'CRM/SP 123456',
      'Clínica Bem Viver · CNES 1234567',
      'Av. Paulista, 1000, sala 12 — São Paulo/SP',
      '(11) 3456-7890 · helena@clinica.com.br',
    ]);
    // The signature's lines stay the doctor's name and registration.
    expect(signatureLines(text)).toEqual([SIGNATURE_RULE, 'Dra. Helena Prado', 'CRM/SP 123456']);
  });

  it('prints the CID on an atestado only when the patient asked for it, and says so', () => {
    const withCid = documentText(
      {
        kind: 'atestado',
        content: { days: 2, startDate: '2026-11-27', showCid: true, cid: 'J11' },
      },
      issue({ sex: undefined }),
    );
    expect(withCid.paragraphs[1]).toBe('CID-10: J11 — informado a pedido do(a) paciente.');
    const withheld = documentText(
      {
        kind: 'atestado',
        content: { days: 2, startDate: '2026-11-27', showCid: false, cid: 'J11' },
      },
      issue(),
    );
    expect(withheld.paragraphs.join(' ')).not.toContain('J11');
  });

  it('declares an attendance with its hours', () => {
    const text = documentText(
      { kind: 'comparecimento', content: { date: '2026-11-27', from: '08:30', to: '09:15' } },
      issue(),
    );
    expect(text.paragraphs).toEqual([
      'Declaro, para os devidos fins, que a paciente Maria Aparecida dos Santos esteve em atendimento médico em 27 de novembro de 2026, das 08:30 às 09:15.',
    ]);
  });

  it('lists the exams requested, the indication and the CID', () => {
    const text = documentText(
      {
        kind: 'exames',
        content: {
          exams: [{ name: 'Hemograma completo' }, { name: 'Vitamina B12 ≥ 300 pg/mL?' }],
          clinicalIndication: 'Astenia há 2 meses.',
          cid: 'R53',
        },
      },
      issue(),
    );
    expect(text.paragraphs).toEqual([
      'Solicito os exames:',
      '• Hemograma completo',
      '• Vitamina B12 ≥ 300 pg/mL?',
      'Indicação clínica: Astenia há 2 meses.',
      'CID-10: R53',
    ]);
  });

  it('refers the patient to a specialty with the reason and the summary', () => {
    const text = documentText(
      {
        kind: 'encaminhamento',
        content: {
          specialty: 'Cardiologia',
          reason: 'Sopro sistólico.',
          summary: 'HAS há 10 anos.',
        },
      },
      issue(),
    );
    expect(text.paragraphs).toEqual([
      'Encaminho a paciente Maria Aparecida dos Santos à especialidade de Cardiologia.',
      'Motivo: Sopro sistólico.',
      'Resumo clínico: HAS há 10 anos.',
    ]);
  });

  it('keeps a report’s paragraphs as typed', () => {
    const text = documentText(
      { kind: 'relatorio', content: { text: 'Primeiro parágrafo.\n\nSegundo, com →, ½ e µg.' } },
      issue(),
    );
    expect(text.paragraphs).toEqual(['Primeiro parágrafo.', 'Segundo, com →, ½ e µg.']);
  });

  it('writes the orientações section by section, the medicines with their posology as given', () => {
    const text = documentText(
      {
        kind: 'orientacoes',
        content: {
          condition: 'Você tem pressão alta.\nPressão alta prejudica o coração.',
          medicines: [
            {
              name: 'Losartana 50 mg',
              posology: 'Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo.',
            },
            { name: 'Soro fisiológico', posology: '' },
          ],
          care: '',
          warningSigns:
            'Ligue para o SAMU (192) ou vá ao pronto-socorro se tiver:\n- dor forte no peito',
          followUp: 'Volte em 30 dias.',
        },
      },
      issue(),
    );
    expect(text.title).toBe('Orientações ao paciente');
    // No care: no empty heading.
    expect(text.paragraphs).toEqual([
      'O que você tem:',
      'Você tem pressão alta.',
      'Pressão alta prejudica o coração.',
      'Como tomar os seus remédios:',
      '• Losartana 50 mg: Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo.',
      '• Soro fisiológico: use como está escrito na receita.',
      'Quando procurar atendimento de urgência:',
      'Ligue para o SAMU (192) ou vá ao pronto-socorro se tiver:',
      '• dor forte no peito',
      'Quando voltar:',
      'Volte em 30 dias.',
    ]);
  });
});
