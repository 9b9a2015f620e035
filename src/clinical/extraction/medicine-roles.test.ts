import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { findMedicineMentions } from './medicine-mentions';
import {
  classifyMedicineMentions,
  extractMedicationsInUse,
  extractPrescribedMedications,
} from './medicine-roles';

function medicinesOf(text: string) {
  const c = parseConsultation(text);
  const mentions = findMedicineMentions(c);
  const roles = classifyMedicineMentions(c, mentions);
  return {
    inUse: extractMedicationsInUse(c, mentions, roles),
    prescribed: extractPrescribedMedications(c, mentions, roles).map((m) => m.name),
  };
}

describe('medicines in use', () => {
  it('reads what the patient takes, with its dose', () => {
    expect(medicinesOf('Em uso de atenolol 25 mg 1x ao dia e AAS 100 mg.').inUse).toEqual([
      'atenolol 25 mg 1x ao dia',
      'ácido acetilsalicílico 100 mg',
    ]);
    expect(medicinesOf('Paciente: Eu tomo fluoxetina de manhã.').inUse).toEqual([
      'fluoxetina pela manhã'.replace('pela', 'de'),
    ]);
  });

  it('reads medicines named by their kind', () => {
    expect(medicinesOf('Paciente: Tomo anticoncepcional oral.').inUse).toEqual([
      'anticoncepcional oral',
    ]);
  });

  it('leaves out a dose a carer gave once', () => {
    const text = 'Médico: Toma algum remédio?\nMãe: Não, só dei dipirona ontem.';
    expect(medicinesOf(text).inUse).toEqual([]);
  });

  it('reads a short answer to "usa algum remédio?"', () => {
    const text = 'Médico: Usa algum remédio?\nPaciente: Só o omeprazol.';
    expect(medicinesOf(text).inUse).toEqual(['omeprazol']);
  });

  it("reads the doctor's question confirmed by the patient", () => {
    const text = 'Médico: A senhora toma a metformina certinho?\nPaciente: Tomo sim.';
    expect(medicinesOf(text).inUse).toEqual(['metformina']);
  });

  it("leaves out medicines stopped, taken once, or a relative's", () => {
    const text =
      'Paciente: Parei de tomar a sinvastatina. O captopril não uso mais. Tomei dipirona ontem. Minha mãe toma losartana.';
    expect(medicinesOf(text).inUse).toEqual([]);
  });

  it('keeps a medicine the doctor suspends today (it was in use until now)', () => {
    const text = 'Paciente: Uso glibenclamida.\nMédico: Vamos suspender a glibenclamida.';
    expect(medicinesOf(text).inUse).toEqual(['glibenclamida']);
  });
});

describe('prescribed medicines', () => {
  it('reads every medicine of a prescribing turn', () => {
    const text =
      'Médico: Vou receitar cefalexina 500 mg de 6/6h por 7 dias. Para a febre, paracetamol 750 mg se precisar.';
    expect(medicinesOf(text).prescribed).toEqual(['cefalexina', 'paracetamol']);
  });

  it("reads a note's plan section", () => {
    expect(
      medicinesOf('HD: sinusite.\nConduta: amoxicilina 500 mg 8/8h; loratadina 10 mg.').prescribed,
    ).toEqual(['amoxicilina', 'loratadina']);
  });

  it('leaves out medicines only considered or refused', () => {
    const text =
      'Médico: Vou passar ibuprofeno 400 mg. Se a dor não passar, talvez a gente use tramadol. Não vou passar antibiótico, nem azitromicina.';
    expect(medicinesOf(text).prescribed).toEqual(['ibuprofeno']);
  });

  it('tells a switch: the old one stops, the new one is prescribed', () => {
    const text =
      'Paciente: Tomo sinvastatina.\nMédico: Troco a sinvastatina pela atorvastatina 20 mg.';
    const result = medicinesOf(text);
    expect(result.prescribed).toEqual(['atorvastatina']);
  });

  it("keeps medicines in the patient's allergy and in exam requests out", () => {
    const text =
      'Paciente: Tenho alergia a dipirona.\nMédico: Solicito TSH e potássio. Prescrevo paracetamol.';
    expect(medicinesOf(text).prescribed).toEqual(['paracetamol']);
  });

  describe('a stop told in a later clause or sentence', () => {
    it('leaves out a medicine stopped later in the sentence', () => {
      const text =
        'Paciente: Eu usava nimesulida pras costas, sempre que doía, só que parei faz uns dias.';
      expect(medicinesOf(text).inUse).toEqual([]);
      const ongoing = 'Paciente: Tava tomando loratadina pra rinite, mas parei no mês passado.';
      expect(medicinesOf(ongoing).inUse).toEqual([]);
    });

    it("leaves out a medicine whose stop opens the speaker's next sentence", () => {
      const text = 'Paciente: Eu tomo losartana. Tomava também omeprazol. Parei faz um mês.';
      expect(medicinesOf(text).inUse).toEqual(['losartana']);
    });

    it('keeps a medicine when the next sentence stops another one', () => {
      const text = 'Em uso de enalapril 10 mg. Suspendeu por conta própria a sinvastatina.';
      expect(medicinesOf(text).inUse).toEqual(['enalapril 10 mg']);
    });

    it('keeps a medicine when what stopped is something else', () => {
      expect(medicinesOf('Paciente: Tomo metformina todo dia, mas parei de fumar.').inUse).toEqual([
        'metformina 1x ao dia',
      ]);
      const other = 'Paciente: Tomo sertralina. Médico: E o cigarro?\nPaciente: Parei faz um ano.';
      expect(medicinesOf(other).inUse).toEqual(['sertralina']);
    });
  });

  describe('trying and putting off (rules 8 and 9)', () => {
    it("reads the doctor's 'vou tentar' as a prescription, with its dose", () => {
      const c = parseConsultation(
        'Médico: Vamos tentar a sertralina 50 mg, um comprimido de manhã.',
      );
      const mentions = findMedicineMentions(c);
      const prescribed = extractPrescribedMedications(
        c,
        mentions,
        classifyMedicineMentions(c, mentions),
      );
      expect(prescribed.map((m) => [m.name, m.dosage])).toEqual([['sertralina', '50 mg']]);
    });

    it("does not read the patient's 'vou tentar' as a prescription", () => {
      const text = 'Médico: E o remédio?\nPaciente: Vou tentar o omeprazol que tenho em casa.';
      expect(medicinesOf(text).prescribed).toEqual([]);
    });

    it('leaves out a medicine only to be weighed or put off', () => {
      expect(
        medicinesOf('Conduta: dipirona 1 g se dor. Avaliar gabapentina na volta.').prescribed,
      ).toEqual(['dipirona']);
      const later =
        'Médico: Vou passar paracetamol 750 mg. A sinvastatina a gente vê no retorno, com os exames.';
      expect(medicinesOf(later).prescribed).toEqual(['paracetamol']);
    });

    it('still prescribes a medicine with a review date after it', () => {
      expect(
        medicinesOf('Conduta: amoxicilina 500 mg de 8/8h, reavaliar no retorno.').prescribed,
      ).toEqual(['amoxicilina']);
    });
  });
});

describe('conditional prescriptions', () => {
  it("a 'se / caso …' clause governs the decision after it: not prescribed", () => {
    expect(
      medicinesOf(
        'Médico: Se a febre persistir por mais de 3 dias, aí sim usaremos amoxicilina 500 mg.\nPaciente: Tá.',
      ).prescribed,
    ).toEqual([]);
    expect(
      medicinesOf('Médico: Vou pedir um hemograma. Se vier alterado, vou passar amoxicilina.')
        .prescribed,
    ).toEqual([]);
  });

  it("near miss: an as-needed order ('se tiver dor, tome') and 'nesse caso' still prescribe", () => {
    expect(
      medicinesOf('Médico: Se tiver dor, tome dipirona 1 g. Nesse caso, vou passar ibuprofeno.')
        .prescribed,
    ).toEqual(['dipirona', 'ibuprofeno']);
  });
});

describe('medicines told in a transcript with no punctuation or speakers', () => {
  it('reads a spoken strength said without "mg", in the shape of a written one', () => {
    expect(
      medicinesOf(
        'bom dia seu antônio o senhor toma algum remédio tomo sim a losartana cinquenta de manhã e a metformina quinhentos duas vezes por dia e alergia não tenho',
      ).inUse,
    ).toEqual(['losartana 50 mg de manhã', 'metformina 500 mg 2x ao dia']);
    expect(medicinesOf('uso losartana 50 mg de manhã').inUse).toEqual(['losartana 50 mg de manhã']);
  });

  it("reads 'de N' and an alias's strength", () => {
    expect(
      medicinesOf('a senhora usa algum remédio uso o enalapril de dez e o aas cem depois do almoço')
        .inUse,
    ).toEqual(['enalapril 10 mg', 'ácido acetilsalicílico 100 mg depois do almoço']);
  });

  it('does not fold the count of a frequency into the strength before it', () => {
    expect(
      medicinesOf(
        'e de remédio tomo metformina oitocentos e cinquenta duas vezes ao dia e glibenclamida cinco no café da manhã',
      ).inUse,
    ).toEqual(['metformina 850 mg 2x ao dia', 'glibenclamida 5 mg no café da manhã']);
  });

  it('near miss: a small number not sold as a strength is a count of tablets', () => {
    expect(medicinesOf('tomo losartana uma de manhã e uma à noite').inUse).toEqual([
      'losartana de manhã',
    ]);
    expect(medicinesOf('tomo a losartana dois comprimidos por dia').inUse).toEqual([
      'losartana 2 comprimidos',
    ]);
  });

  it('leaves out a medicine stopped, an allergy and a relative’s medicine', () => {
    expect(
      medicinesOf(
        'tomava sinvastatina vinte mas parei faz um mês agora só tomo a losartana cinquenta',
      ).inUse,
    ).toEqual(['losartana 50 mg']);
    expect(
      medicinesOf(
        'o senhor toma algum remédio não tomo nada minha esposa toma losartana e eu sou alérgico a dipirona',
      ).inUse,
    ).toEqual([]);
  });

  it("reads neither 'toma café' nor a medicine answered with 'não' as in use", () => {
    expect(
      medicinesOf('o senhor toma algum remédio não só tomo café de manhã e chá à noite').inUse,
    ).toEqual([]);
    expect(
      medicinesOf('você usa algum remédio todo dia anticoncepcional não não uso nada').inUse,
    ).toEqual([]);
  });

  it('prescribes after a denial or a refusal that is about something else', () => {
    const c = parseConsultation(
      'remédio não tomo nenhum saturação noventa e oito não precisa de raio x agora vou passar ibuprofeno quatrocentos de oito em oito horas',
    );
    const mentions = findMedicineMentions(c);
    const prescribed = extractPrescribedMedications(
      c,
      mentions,
      classifyMedicineMentions(c, mentions),
    );
    expect(prescribed.map((m) => [m.name, m.dosage, m.frequency])).toEqual([
      ['ibuprofeno', '400 mg', '8/8h'],
    ]);
  });

  it("near miss: a refusal right before the name still holds ('não vou passar')", () => {
    expect(
      medicinesOf('é uma virose então não vou passar antibiótico nem amoxicilina repouso e água')
        .prescribed,
    ).toEqual([]);
  });
});

/** The catalogue names of a list of 'losartana 50 mg de manhã' readings. */
const namesOf = (readings: string[]) => readings.map((reading) => reading.split(' ')[0]);

describe('a long list of medicines in use, as an elderly patient or her carer says it', () => {
  it('reads every one of eight, doses in words, with no comma nor "e" between them', () => {
    const { inUse, prescribed } = medicinesOf(
      'a senhora toma algum remédio tomo sim losartana cinquenta de manhã e de noite metformina ' +
        'oitocentos e cinquenta depois do almoço e da janta sinvastatina vinte aas cem omeprazol ' +
        'vinte em jejum levotiroxina cinquenta de manhã cedo hidroclorotiazida vinte e cinco e o ' +
        'alprazolam meio comprimido à noite',
    );
    expect(namesOf(inUse)).toEqual([
      'losartana',
      'metformina',
      'sinvastatina',
      'ácido',
      'omeprazol',
      'levotiroxina',
      'hidroclorotiazida',
      'alprazolam',
    ]);
    expect(inUse[0]).toMatch(/^losartana 50 mg/);
    expect(inUse[1]).toMatch(/^metformina 850 mg/);
    expect(inUse[7]).toBe('alprazolam 1/2 comprimido à noite');
    expect(prescribed).toEqual([]);
  });

  it('reads a list with commas and times of day, told by the wife who came with him', () => {
    const { inUse } = medicinesOf(
      'seu joaquim oitenta e dois anos veio com a esposa usa losartana de cinquenta de manhã e ' +
        'à noite, anlodipino cinco, metformina quinhentos duas vezes ao dia, glibenclamida cinco, ' +
        'atorvastatina quarenta à noite, aas cem no almoço, furosemida quarenta de manhã, ' +
        'tansulosina zero vírgula quatro à noite e o omeprazol vinte em jejum',
    );
    expect(namesOf(inUse)).toEqual([
      'losartana',
      'anlodipino',
      'metformina',
      'glibenclamida',
      'atorvastatina',
      'ácido',
      'furosemida',
      'tansulosina',
      'omeprazol',
    ]);
  });

  it('reads the list a daughter gives of her mother, the patient', () => {
    const text =
      'Médico: E os remédios da sua mãe?\nFilha: A mãe toma losartana 50, metformina 850 e ' +
      'sinvastatina 20 à noite.';
    expect(namesOf(medicinesOf(text).inUse)).toEqual(['losartana', 'metformina', 'sinvastatina']);
  });

  it('near miss: a list broken by a denial or a stop keeps only what is taken', () => {
    expect(
      namesOf(
        medicinesOf('toma losartana cinquenta metformina quinhentos e não toma mais a sinvastatina')
          .inUse,
      ),
    ).toEqual(['losartana', 'metformina']);
  });
});

describe('a prescription said in passing', () => {
  it.each([
    [
      'vou fazer um soro e dipirona na veia e ondansetrona',
      ['soro fisiológico', 'dipirona', 'ondansetrona'],
    ],
    ['leva amoxicilina de oito em oito horas por sete dias', ['amoxicilina']],
    ['receitei nitrofurantoína cem de seis em seis horas por cinco dias', ['nitrofurantoína']],
    ['vou tratar com azitromicina quinhentos por três dias', ['azitromicina']],
    [
      'medicada com dipirona e escopolamina endovenosa melhorou da dor',
      ['dipirona', 'butilbrometo de escopolamina'],
    ],
    [
      'diarreia há dois dias vou mandar soro oral e ondansetrona',
      ['sais para reidratação oral', 'ondansetrona'],
    ],
  ])('reads %j', (text, names) => {
    expect(medicinesOf(text).prescribed).toEqual(names);
  });

  it('keeps the prescription apart from the medicines in use', () => {
    const { inUse, prescribed } = medicinesOf(
      'toma losartana cinquenta e metformina quinhentos hoje tá com dor nas costas vou passar ' +
        'dipirona e ciclobenzaprina cinco à noite',
    );
    expect(namesOf(inUse)).toEqual(['losartana', 'metformina']);
    expect(prescribed).toEqual(['dipirona', 'ciclobenzaprina']);
  });

  it('reads the frequency and course of a prescription said in passing', () => {
    const c = parseConsultation('leva amoxicilina quinhentos de oito em oito horas por sete dias');
    const mentions = findMedicineMentions(c);
    const [medication] = extractPrescribedMedications(
      c,
      mentions,
      classifyMedicineMentions(c, mentions),
    );
    expect(medication).toMatchObject({
      name: 'amoxicilina',
      dosage: '500 mg',
      frequency: '8/8h',
      duration: '7 dias',
    });
  });

  it('near miss: the patient taking a medicine at home is not a prescription', () => {
    expect(medicinesOf('Paciente: Tomei dipirona na veia no posto ontem.').prescribed).toEqual([]);
  });
});

describe('a medicine stopped, said the ways people say it', () => {
  it.each([
    'toma enalapril dez e a sinvastatina ela não toma mais',
    'usa enalapril dez o atenolol tomava mas largou faz um ano',
    'toma enalapril dez o omeprazol a médica suspendeu',
    'usa enalapril dez e parou a metformina por conta própria',
    'toma enalapril dez faz tempo que não toma a losartana',
    'toma enalapril dez a glibenclamida o cardiologista tirou',
  ])('leaves out the stopped medicine of %j', (text) => {
    expect(medicinesOf(text).inUse).toEqual(['enalapril 10 mg']);
  });

  it('keeps what she still takes beside what she stopped', () => {
    const { inUse } = medicinesOf(
      'toma metformina oitocentos e cinquenta e a sinvastatina parou por conta própria',
    );
    expect(namesOf(inUse)).toEqual(['metformina']);
  });
});
