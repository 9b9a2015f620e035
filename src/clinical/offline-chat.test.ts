import { describe, expect, it } from 'vitest';
import { composeOfflineReply, detectOfflineTopic, type ChatTurn } from './offline-chat';

const ask = (content: string) => composeOfflineReply([{ role: 'user', content }]);

describe('detectOfflineTopic', () => {
  it.each([
    'Paciente com dor no peito há 20 minutos',
    'DOR NO PEITO',
    'dor torácica irradiando para o braço',
    'DOR TORACICA',
    'acho que é um infarto',
    'teve um ataque cardíaco',
    'Não consigo respirar',
    'nao consigo respirar direito',
    'falta de ar intensa desde ontem',
    'sangramento intenso após o parto',
    'hemorragia digestiva',
    'ela desmaiou no banheiro',
    'episódio de desmaio',
    'suspeita de overdose',
    'envenenamento por chumbinho',
    'intoxicação por paracetamol',
    'INTOXICACAO exógena',
    'acidente grave na estrada',
    'fratura exposta na perna',
    'queimadura grave no braço',
    'criança com convulsão febril',
    'convulsao',
    'está convulsionando agora',
  ])('%s → emergency', (text) => {
    expect(detectOfflineTopic(text)).toBe('emergency');
  });

  it.each([
    ['Olá!', 'greeting'],
    ['oi', 'greeting'],
    ['Bom dia, tudo bem?', 'greeting'],
    ['O que é o Prontu?', 'about'],
    ['Olá, o que é o Prontu?', 'about'],
    ['Como funciona?', 'about'],
    ['o que você faz?', 'about'],
    ['Como funciona o prontuário SOAP?', 'medical-record'],
    ['Quais são as etapas?', 'medical-record'],
    ['Como faço uma receita?', 'prescriptions'],
    ['Dá para imprimir prescrições em lote?', 'prescriptions'],
    ['Vocês têm busca de CID-10?', 'cid10'],
    ['cid10 de lombalgia', 'cid10'],
    ['Posso ditar a consulta por voz?', 'voice'],
    ['Como é feita a transcrição do áudio?', 'voice'],
    ['Meus dados do prontuário ficam seguros?', 'privacy'],
    ['E a LGPD?', 'privacy'],
    ['Quem pode ver meus pacientes?', 'privacy'],
    ['Qual a dose de amoxicilina para otite?', 'other'],
    ['O que é hipertensão?', 'other'],
    ['Como funciona a metformina?', 'other'],
    ['oito anos, febre há três dias', 'other'],
  ])('%s → %s', (text, topic) => {
    expect(detectOfflineTopic(text)).toBe(topic);
  });

  it('an emergency wins over any topic', () => {
    expect(detectOfflineTopic('Olá, como faço a receita para dor no peito?')).toBe('emergency');
    expect(detectOfflineTopic('CID-10 de convulsão')).toBe('emergency');
  });
});

describe('composeOfflineReply', () => {
  it('sends emergencies to SAMU 192 and the nearest emergency unit', () => {
    for (const text of ['DOR NO PEITO', 'dor no peito', 'convulsão', 'convulsao']) {
      const reply = ask(text);
      expect(reply).toContain('SAMU 192');
      expect(reply).toMatch(/emergência.*mais próxima/);
    }
  });

  it('answers the topics a visitor asks about, in Portuguese', () => {
    expect(ask('Oi')).toMatch(/^Olá! Esta é a demonstração do Prontu/);
    expect(ask('O que é o Prontu?')).toMatch(/assistente clínico para médicos brasileiros/);
    expect(ask('Como é o prontuário?')).toMatch(
      /SOAP em sete etapas: 1\) dados do paciente, 2\) sintomas, 3\) exame físico, 4\) avaliação, 5\) prescrições e exames, 6\) plano e 7\) resumo/,
    );
    expect(ask('receitas')).toMatch(/\/iniciar-receita.*de 1 a 4 receitas por página/s);
    expect(ask('CID-10')).toMatch(/Adicionar CIDs.*I10/s);
    expect(ask('consulta por voz')).toMatch(/áudio é transcrito/);
    expect(ask('privacidade')).toMatch(
      /banco de dados da própria clínica.*cada médico vê apenas os seus pacientes/s,
    );
  });

  it('is honest about being offline and points to Cadastrar for anything else', () => {
    const reply = ask('Paciente de 45 anos com lombalgia há 3 semanas, qual conduta?');
    expect(reply).toContain('modo offline');
    expect(reply).toContain('não tem um modelo de IA configurado');
    expect(reply).toContain('Cadastrar');
    expect(reply).not.toMatch(/modelo de linguagem|sou uma IA/i);
  });

  it('answers the last message from the visitor, not earlier ones', () => {
    const conversation: ChatTurn[] = [
      { role: 'user', content: 'dor no peito' },
      { role: 'assistant', content: 'Ligue para o SAMU 192.' },
      { role: 'user', content: 'E as receitas?' },
    ];
    expect(composeOfflineReply(conversation)).toContain('/iniciar-receita');
    const endingWithReply: ChatTurn[] = [
      { role: 'user', content: 'convulsão' },
      { role: 'assistant', content: 'Olá' },
    ];
    expect(composeOfflineReply(endingWithReply)).toContain('SAMU 192');
  });

  it('greets when there is no message from the visitor', () => {
    expect(composeOfflineReply([])).toMatch(/^Olá!/);
  });

  it('is deterministic', () => {
    expect(ask('Qual a conduta?')).toBe(ask('Qual a conduta?'));
  });
});
