import { quickPrescriptionQuality } from '@shared/prescriptions/prescription';
import { describe, expect, it } from 'vitest';
import { parseQuickPrescription, prescriptionConfidence } from './quick-prescription';

describe('parseQuickPrescription: the brief example', () => {
  it('reads patient, age and one complete medicine', () => {
    expect(parseQuickPrescription('Maria 45 anos amoxicilina 500mg 8/8h por 7 dias')).toEqual({
      patientName: 'Maria',
      patientAge: '45',
      diagnosis: '',
      medications: [
        {
          name: 'Amoxicilina',
          dosage: '500mg',
          dosePerIntake: '1 cápsula',
          frequency: 'A cada 8 horas',
          duration: '7 dias',
          quantity: '7',
          dispenseQuantity: { amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' },
        },
      ],
      notes: '',
      confidence: 0.9,
      extractedSections: ['patientName', 'patientAge', 'medications'],
    });
  });
});

describe('parseQuickPrescription: patient name and age', () => {
  it.each([
    ['Maria Souza 32 anos amoxicilina 500mg', 'Maria Souza', '32'],
    ['maria souza 32 anos amoxicilina 500mg', 'Maria Souza', '32'],
    ['Maria Aparecida dos Santos 70 anos losartana 50mg', 'Maria Aparecida dos Santos', '70'],
    ['para Ana, 27 anos, dipirona 500mg', 'Ana', '27'],
    ['Paciente José Carlos, 61 anos, losartana 50mg', 'José Carlos', '61'],
    ['Receita para Beatriz Nunes 19 anos azitromicina 500mg', 'Beatriz Nunes', '19'],
    ['Dona Rosa 82 anos paracetamol 500mg', 'Rosa', '82'],
    ['João com sinusite amoxicilina 875mg 12/12h por 10 dias', 'João', ''],
    ['Pedro precisa de omeprazol 20mg em jejum', 'Pedro', ''],
    ['Lúcia para hipertensão losartana 50mg 1x ao dia', 'Lúcia', ''],
    ['Heitor, 4 anos, amoxicilina 250mg/5ml 8/8h por 10 dias', 'Heitor', '4'],
    ['Antônio 58a losartana 50mg', 'Antônio', '58'],
    ['Marcos quarenta e cinco anos dipirona 1g', 'Marcos', '45'],
    ['Clara, idade: 33, cefalexina 500mg', 'Clara', '33'],
  ])('%s → %s, %s', (text, name, age) => {
    const result = parseQuickPrescription(text);
    expect(result.patientName).toBe(name);
    expect(result.patientAge).toBe(age);
  });

  it.each([
    'paciente com dor de garganta precisa de ibuprofeno 400mg de 8/8h por 5 dias',
    'amoxicilina 500mg 8/8h por 7 dias',
    'gestante 25 anos cefalexina 500mg 6/6h por 7 dias',
    'mulher com cistite nitrofurantoína 100mg 6/6h por 7 dias',
  ])("defaults to 'Paciente': %s", (text) => {
    const result = parseQuickPrescription(text);
    expect(result.patientName).toBe('Paciente');
    expect(result.extractedSections).not.toContain('patientName');
  });

  it('finds a name given after the medicine', () => {
    const result = parseQuickPrescription(
      'receita de amoxicilina 500mg 8/8h por 7 dias para Ana Lima, 30 anos',
    );
    expect(result.patientName).toBe('Ana Lima');
    expect(result.patientAge).toBe('30');
    expect(result.medications.map((m) => m.name)).toEqual(['Amoxicilina']);
  });

  it('does not read a duration as the age', () => {
    const result = parseQuickPrescription('Carlos hipertenso há 10 anos losartana 50mg 1x ao dia');
    expect(result.patientAge).toBe('');
  });

  it('keeps the gestante age when it is stated', () => {
    expect(parseQuickPrescription('gestante 25 anos cefalexina 500mg').patientAge).toBe('25');
  });
});

describe('parseQuickPrescription: medicines', () => {
  it.each([
    ['Ana 30 anos dipirona 1g 6/6h', ['Dipirona']],
    ['Ana 30 anos DIPIRONA 1G', ['Dipirona']],
    ['Ana 30 anos acido folico 5mg 1x ao dia', ['Ácido fólico']],
    ['Ana 30 anos rivaroxabana 20mg 1x ao dia', ['Rivaroxabana']],
    ['Ana 30 anos vitamina D 50.000 UI 1x por semana', ['Vitamina D']],
    ['Ana 30 anos insulina NPH 10 UI à noite', ['Insulina NPH']],
    ['Ana 30 anos AAS 100mg após o almoço', ['AAS']],
    ['Ana 30 anos Novalgina 1g se dor', ['Novalgina']],
    ['Ana 30 anos amoxicilina com clavulanato 875mg 12/12h', ['Amoxicilina + clavulanato']],
    ['Ana 30 anos losartana e sinvastatina', ['Losartana', 'Sinvastatina']],
    ['Ana 30 anos omeprazol em jejum por 30 dias', ['Omeprazol']],
    ['Ana 30 anos dipirona 500mg se dor e dipirona 1g se febre', ['Dipirona']],
    ['Ana 30 anos Losartana 50mg e losartana 50mg', ['Losartana']],
    [
      'Ana 30 anos metformina 850mg 2x ao dia, glibenclamida 5mg antes do café',
      ['Metformina', 'Glibenclamida'],
    ],
    ['Ana 30 anos prednisolona 3mg/ml 5ml 1x ao dia por 5 dias', ['Prednisolona']],
  ])('%s → %j', (text, names) => {
    expect(parseQuickPrescription(text).medications.map((m) => m.name)).toEqual(names);
  });

  it.each([
    ['Ana 30 anos dipirona 1g', '1g'],
    ['Ana 30 anos dipirona 500 MG', '500 mg'],
    ['Ana 30 anos amoxicilina 250mg/5ml', '250mg/5mL'],
    ['Ana 30 anos amoxicilina suspensão 250mg/5ml', '250mg/5mL'],
    ['Ana 30 anos salbutamol 100mcg/dose 2 jatos se falta de ar', '100mcg/dose'],
    ['Ana 30 anos colecalciferol 50.000 UI', '50.000 UI'],
    ['Ana 30 anos clonazepam 2,5 mg/ml 5 gotas à noite', '2,5 mg/mL'],
  ])('dosage of %s is %s', (text, dosage) => {
    expect(parseQuickPrescription(text).medications[0]?.dosage).toBe(dosage);
  });

  it('leaves the dosage out when none is written', () => {
    expect(
      parseQuickPrescription('Ana 30 anos losartana 1x ao dia').medications[0],
    ).not.toHaveProperty('dosage');
  });

  it('gives the placeholder when no medicine is found', () => {
    const result = parseQuickPrescription('Maria 45 anos tomar o remédio de sempre');
    expect(result.medications).toEqual([
      {
        name: 'Medicamento mencionado',
        frequency: 'Conforme prescrição',
        duration: '30 dias',
        quantity: '30',
      },
    ]);
    expect(result.extractedSections).not.toContain('medications');
  });

  it('does not read the patient name as a medicine', () => {
    const result = parseQuickPrescription('Valéria Lima 40 anos dipirona 500mg');
    expect(result.medications.map((m) => m.name)).toEqual(['Dipirona']);
  });
});

describe('parseQuickPrescription: frequency', () => {
  it.each([
    ['dipirona 500mg 8/8h', 'A cada 8 horas'],
    ['dipirona 500mg de 6/6h', 'A cada 6 horas'],
    ['dipirona 500mg 6/6 horas', 'A cada 6 horas'],
    ['enalapril 10mg 12/12h', 'A cada 12 horas'],
    ['losartana 50mg 24/24h', 'A cada 24 horas'],
    ['amoxicilina 500mg de oito em oito horas', 'A cada 8 horas'],
    ['amoxicilina 500mg de 8 em 8 horas', 'A cada 8 horas'],
    ['amoxicilina 500mg a cada 8 horas', 'A cada 8 horas'],
    ['losartana 50mg 1x ao dia', 'Uma vez ao dia'],
    ['losartana 50mg 1x', 'Uma vez ao dia'],
    ['metformina 850mg 2x ao dia', 'Duas vezes ao dia'],
    ['metformina 850mg 2x/dia', 'Duas vezes ao dia'],
    ['metformina 850mg duas vezes ao dia', 'Duas vezes ao dia'],
    ['cefalexina 500mg três vezes por dia', 'Três vezes ao dia'],
    ['cefalexina 500mg 3x', 'Três vezes ao dia'],
    ['cefalexina 500mg 4x ao dia', 'Quatro vezes ao dia'],
    ['colecalciferol 50.000 UI 1x por semana', 'Uma vez por semana'],
    ['omeprazol 20mg em jejum', 'Em jejum'],
    ['omeprazol 20mg 1x ao dia em jejum', 'Uma vez ao dia, em jejum'],
    ['prednisona 20mg pela manhã', 'Pela manhã'],
    ['sinvastatina 20mg à noite', 'À noite'],
    ['sinvastatina 20mg a noite', 'À noite'],
    ['metformina 500mg de manhã e à noite', 'Pela manhã e à noite'],
    ['furosemida 40mg à tarde', 'À tarde'],
    ['dipirona 1g se dor', 'Em caso de dor'],
    ['paracetamol 750mg se febre', 'Em caso de febre'],
    ['dipirona 1g 6/6h se dor ou febre', 'A cada 6 horas, em caso de dor ou febre'],
    ['ondansetrona 8mg SOS', 'Se necessário'],
    ['azitromicina 1g dose única', 'Dose única'],
    ['losartana 50mg', 'Conforme orientação médica'],
  ])('%s → %s', (text, frequency) => {
    expect(parseQuickPrescription(`Ana 30 anos ${text}`).medications[0]?.frequency).toBe(frequency);
  });
});

describe('parseQuickPrescription: duration and quantity', () => {
  it.each([
    ['por 7 dias', '7 dias', '7'],
    ['por 1 dia', '1 dia', '1'],
    ['durante 10 dias', '10 dias', '10'],
    ['por sete dias', '7 dias', '7'],
    ['por 7d', '7 dias', '7'],
    ['por 2 semanas', '2 semanas', '14'],
    ['por uma semana', '1 semana', '7'],
    ['por 4 semanas', '4 semanas', '28'],
    ['por 3 meses', '3 meses', '90'],
    ['por 1 mês', '1 mês', '30'],
    ['por um mês', '1 mês', '30'],
    ['por seis meses', '6 meses', '180'],
    ['uso contínuo', 'Uso contínuo', '30'],
    ['', '30 dias', '30'],
  ])('losartana 50mg 1x ao dia %s → %s, %s', (tail, duration, quantity) => {
    const [medication] = parseQuickPrescription(
      `Ana 30 anos losartana 50mg 1x ao dia ${tail}`,
    ).medications;
    expect(medication?.duration).toBe(duration);
    expect(medication?.quantity).toBe(quantity);
  });

  it('gives each medicine its own duration', () => {
    const result = parseQuickPrescription(
      'Fernanda Lima 35 anos loratadina 10mg 1x ao dia por 10 dias e prednisona 20mg pela manhã por 5 dias',
    );
    expect(result.medications.map((m) => [m.name, m.duration, m.quantity])).toEqual([
      ['Loratadina', '10 dias', '10'],
      ['Prednisona', '5 dias', '5'],
    ]);
  });

  it('does not read 2x ao dia as a duration', () => {
    const [medication] = parseQuickPrescription(
      'Ana 30 anos metformina 850mg 2x ao dia',
    ).medications;
    expect(medication?.duration).toBe('30 dias');
  });
});

describe('parseQuickPrescription: diagnosis', () => {
  it.each([
    ['paciente com dor de garganta precisa de ibuprofeno 400mg', 'Dor de garganta'],
    ['João com sinusite amoxicilina 875mg 12/12h', 'Sinusite'],
    ['Lúcia para hipertensão losartana 50mg 1x ao dia', 'Hipertensão'],
    [
      'Maria 45 anos com infecção urinária, nitrofurantoína 100mg 6/6h por 7 dias',
      'Infecção urinária',
    ],
    ['Carlos 50 anos diagnóstico: gastrite, omeprazol 20mg em jejum', 'Gastrite'],
    ['Maria 45 anos amoxicilina 500mg 8/8h por 7 dias', ''],
    ['Maria 45 anos para tomar amoxicilina 500mg', ''],
  ])('%s → %j', (text, diagnosis) => {
    const result = parseQuickPrescription(text);
    expect(result.diagnosis).toBe(diagnosis);
    expect(result.extractedSections.includes('diagnosis')).toBe(diagnosis !== '');
  });
});

describe('confidence (name 0.2, medicines up to 0.7, diagnosis 0.1)', () => {
  it.each([
    // name 0.2 + complete medicine 0.7
    ['Maria 45 anos amoxicilina 500mg 8/8h por 7 dias', 0.9],
    // + diagnosis 0.1
    ['Maria com sinusite amoxicilina 500mg 8/8h por 7 dias', 1],
    // no name: medicine 0.7 + diagnosis 0.1
    ['paciente com dor de garganta precisa de ibuprofeno 400mg de 8/8h por 5 dias', 0.8],
    // name + a medicine with name only (0.4)
    ['Maria 45 anos losartana', 0.6],
    // a stated '30 dias' counts although it is the default
    ['João Pereira 58 anos losartana 50mg 1x ao dia por 30 dias', 0.9],
    // placeholder: only the name
    ['Maria 45 anos o de sempre', 0.2],
    ['', 0],
  ])('%s → %d', (text, confidence) => {
    expect(parseQuickPrescription(text).confidence).toBe(confidence);
  });

  it('averages the medicines', () => {
    // amoxicilina 0.7, dipirona 0.6 (dosage and frequency, no duration): mean 0.65
    expect(
      parseQuickPrescription('amoxicilina 500mg 8/8h por 7 dias e dipirona 1g se dor').confidence,
    ).toBe(0.65);
  });

  it('weighs any extraction, such as a model answer', () => {
    expect(
      prescriptionConfidence({
        patientName: 'Maria',
        diagnosis: 'Sinusite',
        medications: [
          {
            name: 'Amoxicilina',
            dosage: '500 mg',
            frequency: 'A cada 8 horas',
            duration: '7 dias',
          },
        ],
      }),
    ).toBe(1);
    expect(
      prescriptionConfidence({
        patientName: 'Paciente',
        diagnosis: '',
        medications: [
          { name: 'Medicamento mencionado', frequency: 'Conforme prescrição', duration: '30 dias' },
        ],
      }),
    ).toBe(0);
  });
});

describe('quickPrescriptionQuality', () => {
  it('is 85 for the rule parser, whatever its confidence', () => {
    expect(quickPrescriptionQuality({ confidence: 0.2 }, true)).toBe(85);
    expect(quickPrescriptionQuality({ confidence: 1 }, true)).toBe(85);
  });

  it("is the model's confidence in percent", () => {
    expect(quickPrescriptionQuality({ confidence: 0.92 }, false)).toBe(92);
    expect(quickPrescriptionQuality({ confidence: 0.555 }, false)).toBe(56);
    expect(quickPrescriptionQuality({ confidence: 1.4 }, false)).toBe(100);
  });

  it('is 80 when the confidence is missing', () => {
    expect(quickPrescriptionQuality({}, false)).toBe(80);
    expect(quickPrescriptionQuality({ confidence: null }, false)).toBe(80);
    expect(quickPrescriptionQuality({ confidence: 0 }, false)).toBe(80);
    expect(quickPrescriptionQuality({ confidence: Number.NaN }, false)).toBe(80);
  });
});

describe('the eval dev cases', () => {
  it.each([
    [
      'Maria Souza 32 anos amoxicilina 500mg de 8/8h por 7 dias',
      'Maria Souza',
      '32',
      [['Amoxicilina', '500mg', '7 dias', '7']],
    ],
    [
      'João Pereira 58 anos losartana 50mg 1x ao dia por 30 dias',
      'João Pereira',
      '58',
      [['Losartana', '50mg', '30 dias', '30']],
    ],
    [
      'para Ana, 27 anos, dipirona 500mg de 6/6h se dor por 3 dias',
      'Ana',
      '27',
      [['Dipirona', '500mg', '3 dias', '3']],
    ],
    [
      'Pedro Alves 40 anos omeprazol 20mg em jejum por 4 semanas',
      'Pedro Alves',
      '40',
      [['Omeprazol', '20mg', '4 semanas', '28']],
    ],
    [
      'Carla Mendes 51 anos metformina 850mg 2x ao dia por 3 meses e sinvastatina 20mg à noite por 3 meses',
      'Carla Mendes',
      '51',
      [
        ['Metformina', '850mg', '3 meses', '90'],
        ['Sinvastatina', '20mg', '3 meses', '90'],
      ],
    ],
    [
      'Juliana Castro 29 anos cefalexina 500mg de 6/6h por 7 dias e paracetamol 750mg se febre',
      'Juliana Castro',
      '29',
      [
        ['Cefalexina', '500mg', '7 dias', '7'],
        ['Paracetamol', '750mg', '30 dias', '30'],
      ],
    ],
  ])('%s', (text, name, age, medications) => {
    const result = parseQuickPrescription(text);
    expect(result.patientName).toBe(name);
    expect(result.patientAge).toBe(age);
    expect(result.medications.map((m) => [m.name, m.dosage, m.duration, m.quantity])).toEqual(
      medications,
    );
  });
});

describe('parseQuickPrescription: dose per intake and quantity to dispense', () => {
  it('keeps the dose the doctor wrote: clonazepam 1 comprimido à noite', () => {
    const [medication] = parseQuickPrescription(
      'Maria 45 anos clonazepam 2mg 1 comprimido à noite por 30 dias',
    ).medications;
    expect(medication).toMatchObject({
      dosage: '2mg',
      dosePerIntake: '1 comprimido',
      frequency: 'À noite',
      dispenseQuantity: { amount: 30, unit: 'comprimidos', text: '30 (trinta) comprimidos' },
    });
  });

  it('counts units, not days: ibuprofeno 600 mg 8/8h por 5 dias is 15 comprimidos', () => {
    const [medication] = parseQuickPrescription(
      'João 30 anos ibuprofeno 600mg 8/8h por 5 dias',
    ).medications;
    expect(medication?.quantity).toBe('5');
    expect(medication?.dispenseQuantity?.text).toBe('15 (quinze) comprimidos');
  });

  it('reads mL, drops and half tablets, and leaves the quantity out without a duration', () => {
    const result = parseQuickPrescription(
      'Pedro amoxicilina 250mg/5ml 7ml 8/8h por 10 dias e dipirona 500mg/ml 40 gotas 6/6h se dor por 5 dias e losartana 50mg meio comprimido 1x ao dia uso contínuo e omeprazol 20mg 1x ao dia',
    );
    expect(
      result.medications.map((m) => [m.name, m.dosePerIntake, m.dispenseQuantity?.text]),
    ).toEqual([
      ['Amoxicilina', '7 mL', '2 (dois) frascos'],
      ['Dipirona', '40 gotas', '2 (dois) frascos'],
      ['Losartana', 'meio comprimido', '15 (quinze) comprimidos'],
      ['Omeprazol', '1 cápsula', undefined],
    ]);
  });
});
