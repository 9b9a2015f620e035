import { describe, expect, it } from 'vitest';
import {
  FILL_IN_BLANK,
  SPLIT_NOTICE,
  buildReceitaDocument,
  buildReceitaSheets,
  fillPrescriptionTemplate,
  formatPatientAge,
  medicationsAsText,
  receitaInstructions,
  receitaItemLine,
  receitaItemTitle,
  receitaQuantity,
  type ReceitaSheet,
} from './receita-document';
import { paginateSheets } from './receita-page-layout';
import {
  A1,
  ANTIMICROBIAL,
  B1,
  C1,
  receitaPrescription as prescription,
  receitaSettings as settings,
} from './receita.testing';

describe('receitaInstructions', () => {
  it('prints the posology sentence from the parts, dose per intake included', () => {
    expect(receitaInstructions(prescription().medications[0] ?? { name: '' })).toBe(
      'Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.',
    );
    expect(
      receitaInstructions({
        name: 'Clonazepam',
        dosage: '2mg',
        dosePerIntake: '1 comprimido',
        frequency: 'À noite',
        duration: '30 dias',
      }),
    ).toBe('Tomar 1 comprimido por via oral à noite, por 30 dias.');
  });

  it("keeps the doctor's sentence, written out, and never glues 'por' to a condition", () => {
    expect(
      receitaInstructions({
        name: 'Amoxicilina',
        instructions: 'Tomar 1 cp',
        frequency: '8/8h',
        duration: '7d',
      }),
    ).toBe('Tomar 1 comprimido de 8 em 8 horas, por 7 dias.');
    expect(
      receitaInstructions({
        name: 'Losartana',
        frequency: 'Uma vez ao dia',
        duration: 'Uso contínuo',
      }),
    ).toBe('Tomar por via oral uma vez ao dia, em uso contínuo.');
    expect(
      receitaInstructions({
        name: 'Cetoconazol creme',
        instructions: 'Aplicar na lesão',
        frequency: 'SOS',
      }),
    ).toBe('Aplicar na lesão, se necessário.');
    expect(receitaInstructions({ name: 'Dipirona' })).toBe('');
  });
});

describe('receitaQuantity', () => {
  it('prints the quantity to dispense in figures and words', () => {
    expect(receitaQuantity(prescription().medications[0] ?? {})).toBe('21 (vinte e uma) cápsulas');
  });

  it('never prints the days of treatment as a count; nothing when not known', () => {
    expect(receitaQuantity({})).toBe('');
  });
});

describe('formatPatientAge', () => {
  it('adds the unit to a bare number of years', () => {
    expect(formatPatientAge('45')).toBe('45 anos');
    expect(formatPatientAge('1')).toBe('1 ano');
    expect(formatPatientAge('8 meses')).toBe('8 meses');
    expect(formatPatientAge(' ')).toBe('');
  });
});

describe('buildReceitaSheets', () => {
  it('prints an ordinary receita with everything the CFM asks for', () => {
    const sheets = buildReceitaSheets(
      prescription({
        notes: 'Retornar em 7 dias.',
        medications: [
          ...prescription().medications,
          {
            name: 'Cetoconazol creme',
            dosage: '2%',
            frequency: '2x ao dia',
            duration: '14 dias',
            instructions: 'Aplicar na lesão',
            dispenseQuantity: { amount: 1, unit: 'bisnaga', text: '1 (uma) bisnaga' },
          },
        ],
      }),
      { ...settings, rqe: '7890' },
    );
    expect(sheets).toEqual<ReceitaSheet[]>([
      {
        kind: 'simple',
        prescriptionId: 'rx-1',
        title: 'Receituário',
        copies: [],
        header: {
          doctorName: 'Dra. Ana M. Souza',
          extraLines: ['Clínica Médica', 'Medicina de Família'],
          registration: 'CRM/SP 123456 · RQE 7890',
          contactLines: [
            'Rua das Flores, 100 — São Paulo/SP',
            'Tel. (11) 3456-7890 · ana@clinica.com.br',
          ],
        },
        patient: { nameLine: 'Paciente: Maria Silva', ageLine: 'Idade: 45 anos' },
        date: '1 de março de 2026',
        groups: [
          {
            heading: 'Uso oral',
            items: [
              {
                number: 1,
                title: 'Amoxicilina 500mg',
                quantity: '21 (vinte e uma) cápsulas',
                instructions: 'Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.',
              },
            ],
          },
          {
            heading: 'Uso tópico',
            items: [
              {
                number: 2,
                title: 'Cetoconazol creme 2%',
                quantity: '1 (uma) bisnaga',
                instructions: 'Aplicar na lesão duas vezes ao dia, por 14 dias.',
              },
            ],
          },
        ],
        notesLine: 'Observações: Retornar em 7 dias.',
        signature: { name: 'Dra. Ana M. Souza', registration: 'CRM/SP 123456' },
      },
    ]);
  });

  it('prints the generic name after a brand, before the dosage', () => {
    const [sheet] = buildReceitaSheets(
      prescription({
        medications: [
          { name: 'Amoxil BD', genericName: 'amoxicilina', dosage: '875 mg', frequency: '12/12h' },
          { name: 'Tylenol DC', genericName: 'paracetamol + cafeína' },
          { name: 'Losartana', dosage: '50 mg' },
        ],
      }),
      settings,
    );
    expect(sheet?.groups[0]?.items.map((item) => item.title)).toEqual([
      'Amoxil BD (amoxicilina) 875 mg',
      'Tylenol DC (paracetamol + cafeína)',
      'Losartana 50 mg',
    ]);
    expect(
      receitaItemTitle({ name: ' Levo ', genericName: ' levofloxacino', dosage: '500 mg' }),
    ).toBe('Levo (levofloxacino) 500 mg');
  });

  it('numbers the lines across route headings', () => {
    const [sheet] = buildReceitaSheets(prescription(), settings);
    const item = sheet?.groups[0]?.items[0];
    expect(item && receitaItemLine(item)).toBe(
      '1. Amoxicilina 500mg ——— 21 (vinte e uma) cápsulas',
    );
    expect(receitaItemLine({ number: 3, title: 'Dipirona', quantity: '', instructions: '' })).toBe(
      '3. Dipirona',
    );
  });

  it('leaves out contact lines and the RQE that are not set', () => {
    const [sheet] = buildReceitaSheets(prescription({ patientAge: '' }), {
      ...settings,
      prescriptionName: '',
      prescriptionText: '',
      clinicAddress: '',
      clinicPhone: '',
      crm: '',
      crmState: '',
    });
    expect(sheet?.header).toEqual({
      doctorName: 'Ana Maria Souza',
      extraLines: [],
      registration: '',
      contactLines: ['ana@clinica.com.br'],
    });
    expect(sheet?.patient).toEqual({ nameLine: 'Paciente: Maria Silva' });
    expect(sheet?.notesLine).toBeUndefined();
  });

  it('heads the receita with the clinic and its CNES, when set', () => {
    const [sheet] = buildReceitaSheets(prescription({}), {
      ...settings,
      clinicName: 'Clínica Bem Viver',
      cnes: '1234567',
    });
    expect(sheet?.header.contactLines[0]).toBe('Clínica Bem Viver · CNES 1234567');
  });

  it('puts controlled medicines on their own Receituário de Controle Especial, in two copies', () => {
    const sheets = buildReceitaSheets(
      prescription({
        patientAddress: 'Av. Paulista, 1000 — São Paulo/SP',
        medications: [
          { name: 'Paracetamol', dosage: '750mg', frequency: '6/6h', quantity: '20' },
          {
            name: 'Sertralina',
            dosage: '50mg comprimido',
            frequency: '1x ao dia',
            duration: 'Uso contínuo',
            quantity: '30',
            dispenseQuantity: { amount: 30, unit: 'comprimidos', text: '30 (trinta) comprimidos' },
            control: C1,
          },
        ],
      }),
      settings,
    );
    expect(sheets.map((sheet) => [sheet.kind, sheet.title, sheet.copies])).toEqual([
      ['simple', 'Receituário', []],
      [
        'controlled',
        'Receituário de Controle Especial',
        ['1ª via — Farmácia', '2ª via — Paciente'],
      ],
    ]);
    expect(sheets[0]?.groups[0]?.items.map((item) => item.title)).toEqual(['Paracetamol 750mg']);
    const controlled = sheets[1];
    expect(controlled?.patient).toEqual({
      nameLine: 'Paciente: Maria Silva',
      ageLine: 'Idade: 45 anos',
      addressLine: 'Endereço: Av. Paulista, 1000 — São Paulo/SP',
    });
    expect(controlled?.groups).toEqual([
      {
        heading: 'Uso oral',
        items: [
          {
            number: 1,
            title: 'Sertralina 50mg comprimido',
            quantity: '30 (trinta) comprimidos',
            instructions: 'Tomar por via oral uma vez ao dia, em uso contínuo.',
          },
        ],
      },
    ]);
    expect(controlled?.identification).toEqual([
      {
        title: 'Identificação do Comprador',
        fields: ['Nome:', 'CPF ou passaporte:', 'Endereço:', 'Cidade:', 'UF:', 'Telefone:'],
      },
      {
        title: 'Identificação do Fornecedor',
        fields: ['Carimbo, nome legível e assinatura:', 'Data: ____/____/______'],
      },
    ]);
    expect(controlled?.signature).toEqual({
      name: 'Dra. Ana M. Souza',
      registration: 'CRM/SP 123456',
    });
  });

  it('prints an antimicrobial on a receita of its own: age, sex, two vias, valid 10 days', () => {
    const { sheets, notices } = buildReceitaDocument(
      prescription({
        patientSex: 'feminino',
        medications: [
          { name: 'Dipirona', dosage: '500mg', quantity: '3' },
          { name: 'Amoxicilina', dosage: '500mg', quantity: '7', control: ANTIMICROBIAL },
        ],
      }),
      settings,
    );
    expect(notices).toEqual([]);
    expect(sheets.map((sheet) => [sheet.kind, sheet.title, sheet.copies])).toEqual([
      ['simple', 'Receituário', []],
      ['retention', 'Receita de Antimicrobiano', ['1ª via — Farmácia', '2ª via — Paciente']],
    ]);
    const antimicrobial = sheets[1];
    expect(antimicrobial?.patient).toEqual({
      nameLine: 'Paciente: Maria Silva',
      ageLine: 'Idade: 45 anos',
      sexLine: 'Sexo: Feminino',
    });
    expect(antimicrobial?.validityLine).toBe('Válida por 10 dias a partir da data de emissão.');
    expect(antimicrobial?.identification).toBeUndefined();
    expect(antimicrobial?.groups.flatMap((group) => group.items.map((item) => item.title))).toEqual(
      ['Amoxicilina 500mg'],
    );
    // The vias print as the two halves of one page.
    expect(paginateSheets(sheets.slice(1), 2)).toEqual([
      {
        perPage: 2,
        slots: [
          { sheet: antimicrobial, copy: '1ª via — Farmácia' },
          { sheet: antimicrobial, copy: '2ª via — Paciente' },
        ],
      },
    ]);
  });

  it('leaves the age and sex of an antimicrobial receita to fill by hand when not known', () => {
    const [sheet] = buildReceitaSheets(
      prescription({
        patientAge: '',
        medications: [{ name: 'Azitromicina', dosage: '500mg', control: ANTIMICROBIAL }],
      }),
      settings,
    );
    expect(sheet?.patient.ageLine).toBe('Idade: __________');
    expect(sheet?.patient.sexLine).toBe('Sexo: __________');
  });

  it('never puts an antimicrobial and a controlled medicine on one receita, and says so', () => {
    const { sheets, notices } = buildReceitaDocument(
      prescription({
        medications: [
          { name: 'Sertralina', dosage: '50mg', control: { ...C1, validDays: 30 } },
          { name: 'Amoxicilina', dosage: '500mg', control: ANTIMICROBIAL },
          { name: 'Clonazepam', dosage: '2mg', control: B1 },
        ],
      }),
      settings,
    );
    expect(
      sheets.map((sheet) => [
        sheet.title,
        sheet.groups.flatMap((group) => group.items.map((item) => item.title)),
        sheet.validityLine,
      ]),
    ).toEqual([
      [
        'Receituário de Controle Especial',
        ['Sertralina 50mg', 'Clonazepam 2mg'],
        'Válida por 30 dias a partir da data de emissão.',
      ],
      [
        'Receita de Antimicrobiano',
        ['Amoxicilina 500mg'],
        'Válida por 10 dias a partir da data de emissão.',
      ],
    ]);
    expect(notices).toContain(SPLIT_NOTICE);
    expect(SPLIT_NOTICE).toBe(
      'Antimicrobianos (RDC 471/2021) e medicamentos de controle especial (Portaria 344/98) não podem estar na mesma receita: foram separados em receitas distintas.',
    );
  });

  it('leaves the address to fill by hand when the patient has none', () => {
    const [sheet] = buildReceitaSheets(
      prescription({ medications: [{ name: 'Sertralina', quantity: '30', control: C1 }] }),
      settings,
    );
    expect(sheet?.kind).toBe('controlled');
    expect(sheet?.patient.addressLine).toBe(`Endereço: ${FILL_IN_BLANK}`);
  });

  it('names medicines that need an official notification instead of printing them', () => {
    const document = buildReceitaDocument(
      prescription({
        medications: [
          { name: 'Paracetamol', dosage: '750mg', quantity: '20' },
          { name: 'morfina', dosage: '10mg', quantity: '30', control: A1 },
        ],
      }),
      settings,
    );
    expect(document.notices).toEqual([
      'Morfina exige Notificação de Receita A (talonário oficial); não incluído nesta impressão.',
    ]);
    expect(document.sheets).toHaveLength(1);
    expect(document.sheets[0]?.groups[0]?.items.map((item) => item.title)).toEqual([
      'Paracetamol 750mg',
    ]);
  });

  it('prints a B1 medicine in two vias and says the Notificação de Receita B goes with it', () => {
    const document = buildReceitaDocument(
      prescription({
        medications: [{ name: 'clonazepam', dosage: '2mg', quantity: '30', control: B1 }],
      }),
      settings,
    );
    expect(document.notices).toEqual([
      'Clonazepam exige também a Notificação de Receita B (talonário oficial), que acompanha esta receita.',
    ]);
    expect(document.sheets.map((sheet) => sheet.kind)).toEqual(['controlled']);
  });

  it('prints no sheet when every medicine needs a notification', () => {
    const document = buildReceitaDocument(
      prescription({ medications: [{ name: 'Morfina', control: A1 }] }),
      settings,
    );
    expect(document.sheets).toEqual([]);
    expect(document.notices).toHaveLength(1);
  });

  it('still prints the sheet of a prescription without medicines', () => {
    const sheets = buildReceitaSheets(
      prescription({ medications: [], notes: 'Repouso por 3 dias.' }),
      settings,
    );
    expect(sheets).toHaveLength(1);
    expect(sheets[0]?.groups).toEqual([]);
    expect(sheets[0]?.notesLine).toBe('Observações: Repouso por 3 dias.');
  });

  it('says a receita of a teleconsulta was one, agreeing with the patient', () => {
    const consentAt = new Date(2026, 10, 27, 8, 58).toISOString();
    const [sheet] = buildReceitaSheets(
      prescription({ teleconsultaConsentAt: consentAt, patientSex: 'feminino' }),
      settings,
    );
    expect(sheet?.teleconsultaLine).toBe(
      'Atendimento por teleconsulta (CFM 2.314/2022), com consentimento da paciente registrado em 27/11/2026 às 08:58.',
    );
    expect(buildReceitaSheets(prescription({}), settings)[0]?.teleconsultaLine).toBeUndefined();
  });
});

describe('fillPrescriptionTemplate', () => {
  it('fills every template variable from the prescription and the settings', () => {
    const text = fillPrescriptionTemplate(prescription({ notes: 'Retornar se febre.' }), settings);
    expect(text).toBe(`RECEITUÁRIO
Data: 01/03/2026

Paciente: Maria Silva    Idade: 45 anos

Uso oral
1. Amoxicilina 500mg ——— 21 (vinte e uma) cápsulas
   Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.

Observações: Retornar se febre.

_______________________________________
Dra. Ana M. Souza — CRM/SP 123456
Rua das Flores, 100 — São Paulo/SP · (11) 3456-7890 · ana@clinica.com.br`);
    // The default goes to the pharmacy without the diagnosis; a doctor's own template may ask.
    expect(
      fillPrescriptionTemplate(prescription({}), {
        ...settings,
        prescriptionTemplate: 'Diagnóstico: {{diagnostico}}',
      }),
    ).toBe('Diagnóstico: Amigdalite bacteriana');
  });

  it('keeps the variables it cannot fill visible', () => {
    const text = fillPrescriptionTemplate(prescription({ diagnosis: '', patientAge: '' }), {
      ...settings,
      clinicPhone: '',
      prescriptionTemplate:
        '{{nome_paciente}} ({{idade_paciente}}) {{diagnostico}} {{telefone_clinica}} {{desconhecida}}',
    });
    expect(text).toBe(
      'Maria Silva ({{idade_paciente}}) {{diagnostico}} {{telefone_clinica}} {{desconhecida}}',
    );
  });

  it('writes quantities in figures and words in {{medicamentos}}, never the days', () => {
    expect(
      medicationsAsText([
        {
          name: 'Sertralina',
          dosage: '50mg',
          quantity: '30',
          dispenseQuantity: { amount: 30, unit: 'comprimidos', text: '30 (trinta) comprimidos' },
          control: C1,
        },
        {
          name: 'Colírio de tobramicina',
          quantity: '7',
          dispenseQuantity: { amount: 1, unit: 'frasco', text: '1 (um) frasco' },
          frequency: '4/4h',
        },
        { name: 'Novalgina', genericName: 'dipirona', quantity: '5' },
      ]),
    ).toBe(`Uso oral
1. Sertralina 50mg ——— 30 (trinta) comprimidos
2. Novalgina (dipirona)

Uso oftálmico
3. Colírio de tobramicina ——— 1 (um) frasco
   Pingar por via oftálmica de 4 em 4 horas.`);
  });
});
