import { describe, expect, it } from 'vitest';
import { documentDraftOf, examRequestsByService, examServiceOf, visitCidOf } from './prefill';
import { newWorkingRecord, type WorkingRecord } from '../records/flow';

// Local times, so the expectations hold in any time zone.
const CREATED = new Date(2026, 10, 27, 9, 5);
const NOW = new Date(2026, 10, 27, 9, 50);

const visit: WorkingRecord = {
  ...newWorkingRecord('medical-record-1', CREATED),
  patientInfo: { name: 'Maria Souza', age: 45, gender: 'feminino' },
  symptoms: { chiefComplaint: 'Cefaleia há 3 dias' },
  assessment: 'Enxaqueca sem aura',
  plan: 'Analgesia e retorno em 15 dias',
  prescriptions: { exams: [{ name: 'Hemograma completo' }, { name: 'TSH' }] },
};

describe('documentDraftOf', () => {
  it("fills an exam request with the visit's exams and assessment", () => {
    expect(documentDraftOf('exames', visit, NOW)).toEqual({
      kind: 'exames',
      content: {
        exams: [{ name: 'Hemograma completo' }, { name: 'TSH' }],
        clinicalIndication: 'Enxaqueca sem aura',
      },
    });
  });

  it('declares attendance from the start of the visit to now, today', () => {
    expect(documentDraftOf('comparecimento', visit, NOW)).toEqual({
      kind: 'comparecimento',
      content: { date: '2026-11-27', from: '09:05', to: '09:50' },
    });
  });

  it("writes a report and a referral from the visit's narrative, without its identification", () => {
    const report = documentDraftOf('relatorio', visit, NOW);
    expect(report.kind === 'relatorio' && report.content.text).toContain(
      'Hipóteses Diagnósticas: Enxaqueca sem aura',
    );
    expect(report.kind === 'relatorio' && report.content.text).not.toContain('Identificação');
    const referral = documentDraftOf('encaminhamento', visit, NOW);
    expect(referral.kind === 'encaminhamento' && referral.content.reason).toBe(
      'Cefaleia há 3 dias',
    );
  });

  it("starts orientações with the prescription's medicines and the words left to the doctor", () => {
    const prescribed: WorkingRecord = {
      ...visit,
      prescriptions: {
        medications: [
          {
            name: 'Naratriptana',
            dosage: '2,5 mg',
            dosePerIntake: '1 comprimido',
            frequency: 'se crise',
          },
        ],
      },
    };
    expect(documentDraftOf('orientacoes', prescribed, NOW)).toEqual({
      kind: 'orientacoes',
      content: {
        condition: '',
        medicines: [
          { name: 'Naratriptana 2,5 mg', posology: 'Tomar 1 comprimido por via oral, se crise.' },
        ],
        care: '',
        warningSigns: '',
        followUp: '',
      },
    });
  });

  it('starts an atestado today, one day, without the CID, with or without a visit', () => {
    expect(documentDraftOf('atestado', undefined, NOW)).toEqual({
      kind: 'atestado',
      content: { days: 1, startDate: '2026-11-27', showCid: false },
    });
  });
});

describe('the visit’s CID and exam requests by service', () => {
  const diagnosed: WorkingRecord = {
    ...visit,
    assessment: 'Cefaleia há 3 dias.\nG43.0 - Enxaqueca sem aura',
  };

  it('offers the visit’s CID to an atestado and an exam request, not yet authorised', () => {
    expect(visitCidOf(diagnosed)).toBe('G43.0');
    expect(visitCidOf(visit)).toBeUndefined();
    expect(documentDraftOf('atestado', diagnosed, NOW)).toEqual({
      kind: 'atestado',
      content: { days: 1, startDate: '2026-11-27', showCid: false, cid: 'G43.0' },
    });
    const exams = documentDraftOf('exames', diagnosed, NOW);
    expect(exams.kind === 'exames' && exams.content.cid).toBe('G43.0');
  });

  it('splits laboratory and imaging exams into two requests, by type or else by name', () => {
    const content = {
      exams: [
        { name: 'Hemograma completo' },
        { name: 'Ressonância magnética de crânio' },
        { name: 'TSH' },
        { name: 'Avaliação postural' },
      ],
      clinicalIndication: 'Cefaleia',
      cid: 'G43.0',
    };
    expect(
      examRequestsByService(content, [{ name: 'Avaliação postural', type: 'imagem' }]),
    ).toEqual([
      { ...content, exams: [{ name: 'Hemograma completo' }, { name: 'TSH' }] },
      {
        ...content,
        exams: [{ name: 'Ressonância magnética de crânio' }, { name: 'Avaliação postural' }],
      },
    ]);
    const bloodOnly = { ...content, exams: [{ name: 'Hemograma completo' }, { name: 'TSH' }] };
    expect(examRequestsByService(bloodOnly)).toEqual([bloodOnly]);
    expect(examServiceOf({ name: 'RX de tórax PA e perfil' })).toBe('imagem');
    expect(examServiceOf({ name: 'Ultrassonografia de abdome total' })).toBe('imagem');
    expect(examServiceOf({ name: 'Creatinina' })).toBe('laboratorio');
    expect(examServiceOf({ name: 'Creatinina', type: 'laboratorial' })).toBe('laboratorio');
  });
});
