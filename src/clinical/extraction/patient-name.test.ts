import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { extractPatientName, readNameAt } from './patient-name';

const nameOf = (text: string) => extractPatientName(parseConsultation(text));

describe('extractPatientName', () => {
  it('reads a self-introduction', () => {
    expect(nameOf('Paciente: Bom dia. Meu nome é Rosângela de Souza Prado e vim pela tosse.')).toBe(
      'Rosângela de Souza Prado',
    );
    expect(nameOf('Médico: Pois não?\nPaciente: Oi, me chamo Téo Vasconcelos.')).toBe(
      'Téo Vasconcelos',
    );
  });

  it('reads the answer to the name question, skipping greetings', () => {
    const text =
      'Médico: Qual é o seu nome completo?\nPaciente: Boa tarde, doutor. Edson Ramos Filho.';
    expect(nameOf(text)).toBe('Edson Ramos Filho');
  });

  it('reads a carer naming the patient', () => {
    const text = 'Médica: Como ela se chama?\nMãe: É a Lívia Nogueira, doutora. Tem 4 anos.';
    expect(nameOf(text)).toBe('Lívia Nogueira');
  });

  it('reads a note or dictation header', () => {
    expect(nameOf('Paciente Iracema dos Anjos, 77 anos, viúva.')).toBe('Iracema dos Anjos');
    expect(nameOf('Paciente: Otávio Brandão, sexo masculino.\nQP: febre.')).toBe('Otávio Brandão');
    expect(nameOf('Nome: Wanda Ferraz\nIdade: 58')).toBe('Wanda Ferraz');
  });

  it('falls back to how the doctor addresses the patient', () => {
    expect(nameOf('Médico: E a pressão, seu Januário?\nPaciente: Tá boa.')).toBe('Januário');
    expect(nameOf('Médico: Pode sentar, Cleide.\nPaciente: Obrigada.')).toBe('Cleide');
  });

  it('does not take the doctor introducing themself, a verb or a title', () => {
    expect(nameOf('Médico: Eu sou o Dr. Rubens.\nPaciente: Prazer, doutor.')).toBeUndefined();
    expect(nameOf('Paciente Refere dor lombar há dias.')).toBeUndefined();
    expect(nameOf('Paciente do sexo feminino, 30 anos, refere tosse.')).toBeUndefined();
  });
});

describe('readNameAt', () => {
  it('stops at punctuation and drops a trailing particle', () => {
    const text = 'Ana Maria da Costa, 30 anos';
    expect(readNameAt(text, 0)).toBe('Ana Maria da Costa');
    expect(readNameAt('Ana de', 0)).toBe('Ana');
    expect(readNameAt('JOÃO DA SILVA.', 0)).toBe('JOÃO DA SILVA');
  });

  it("takes the patient's name, not the carer's own", () => {
    expect(
      nameOf(
        'Médico: Quem é a paciente?\nFilho: Minha avó, doutor. Helena Prado Costa. Eu sou o Rui, neto dela.',
      ),
    ).toBe('Helena Prado Costa');
  });

  it("still reads a patient's self-introduction", () => {
    expect(nameOf('Médico: Bom dia.\nPaciente: Bom dia, eu sou a Joana Reis.')).toBe('Joana Reis');
  });

  it("reads a SOAP note's 'S:' header", () => {
    expect(nameOf('S: Otávio Lima Brandão, 31 anos, masculino.\nQP: tosse.')).toBe(
      'Otávio Lima Brandão',
    );
    expect(nameOf('S: Refere tosse há 2 dias.')).toBeUndefined();
  });
});

describe('extractPatientName: speaker labels', () => {
  it("never reads 'Paciente: <verb> <medicine>' as a name", () => {
    expect(nameOf('Paciente: Tomo Losartana 50mg todo dia.')).toBeUndefined();
    expect(nameOf('Paciente: Uso Losartana.')).toBeUndefined();
  });

  it('near miss: a header with a name and an age', () => {
    expect(nameOf('Paciente Maria Souza, 45 anos, refere tosse.')).toBe('Maria Souza');
    expect(nameOf('Paciente Ana Lima 45 anos, refere dor.')).toBe('Ana Lima');
  });
});

describe('a doctor writing about the patient being seen', () => {
  it.each([
    ['Atendendo Marcos Pereira, 47 anos, com dor de cabeça há 3 dias.', 'Marcos Pereira'],
    ['Estou atendendo a paciente Ana Lima, 30 anos.', 'Ana Lima'],
    ['Examinando o paciente João Alves, 60 anos.', 'João Alves'],
  ])('%s → %s', (text, name) => {
    expect(extractPatientName(parseConsultation(text))).toBe(name);
  });
});

describe('extractPatientName: transcribed speech, lower case and unpunctuated', () => {
  it.each([
    [
      'boa tarde pode entrar qual é o nome do senhor é antônio carlos ribeiro e o que traz o senhor aqui',
      'Antônio Carlos Ribeiro',
    ],
    [
      'como a senhora se chama luciana prado de oliveira e quantos anos a senhora tem quarenta e quatro',
      'Luciana Prado de Oliveira',
    ],
    [
      'sebastião ferreira de souza setenta e um anos aposentado vem com falta de ar há uma semana',
      'Sebastião Ferreira de Souza',
    ],
    [
      'atendendo agora o paciente otávio nunes cinquenta e oito anos com dor no peito',
      'Otávio Nunes',
    ],
    ['boa tarde doutora meu nome é rosimeire tenho cinquenta anos', 'Rosimeire'],
    // A relative brought to the consultation is the patient.
    [
      'bom dia doutor eu trouxe meu pai ele se chama josé antônio ribeiro e tá com falta de ar',
      'José Antônio Ribeiro',
    ],
    // An unknown first name needs a known surname after a question.
    ['me fala seu nome completo por favor jucilene batista alves', 'Jucilene Batista Alves'],
    [
      'médico: qual o seu nome\npaciente: bom dia doutor thiago nunes da silva',
      'Thiago Nunes da Silva',
    ],
  ])('%s → %s', (text, name) => {
    expect(nameOf(text)).toBe(name);
  });

  it.each([
    'paciente refere dor lombar há três dias sem febre',
    'qual o nome da senhora é importante pro cadastro',
    'qual o nome do remédio que a senhora toma',
    'qual o nome da sua mãe maria das dores',
    'minha esposa se chama helena costa ela que me trouxe hoje',
    'bom dia eu sou o doutor ricardo qual o seu nome',
    'meu nome é fernando sou o médico que vai atender a senhora hoje',
    'tosse seca há vinte dias piora à noite',
    'dona maria da farmácia me indicou esse xarope',
    'e o seu cardiologista como se chama doutor paulo rezende',
    'bom dia me chamo joana sou enfermeira e vou medir sua pressão',
    'e a sua mãe como ela se chama tereza cristina',
    'paciente tabagista quarenta anos-maço refere tosse',
  ])('no name in: %s', (text) => {
    expect(nameOf(text)).toBeUndefined();
  });

  it('capitalises particles in lower case', () => {
    expect(nameOf('paciente maria das graças dos anjos sessenta anos')).toBe(
      'Maria das Graças dos Anjos',
    );
  });
});
