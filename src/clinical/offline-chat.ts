import { foldForMatching } from '@shared/lib/text-folding';

/**
 * The offline engine's answers in the landing page's demo chat: what a visitor gets when this
 * server has no language model configured. Deterministic keyword matching, honest about being
 * offline, and always sending emergencies to SAMU 192 first
 * (docs/product.md, "Modo offline do chat").
 */

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the visitor's last message is about, as far as the offline demo can tell. */
export type OfflineTopic =
  | 'emergency'
  | 'privacy'
  | 'voice'
  | 'prescriptions'
  | 'cid10'
  | 'medical-record'
  | 'about'
  | 'greeting'
  | 'other';

/**
 * A pattern matching any of the (already normalized) terms at the start of a word. A term
 * ending in `*` is a stem ("convuls*" matches convulsão, convulsionando); the others must end
 * at a word boundary, so "oi" does not match "oito".
 */
function anyTerm(terms: readonly string[]): RegExp {
  const alternatives = terms.map((term) =>
    term.endsWith('*') ? `${term.slice(0, -1)}[a-z0-9]*` : term,
  );
  return new RegExp(`(?:^| )(?:${alternatives.join('|')})(?= |$)`);
}

/**
 * The emergencies of docs/product.md, "Modo offline do chat", in the words a Brazilian would type
 * them.
 */
const EMERGENCY = anyTerm([
  'dor no peito',
  'dor forte no peito',
  'dor toracica',
  'infart*',
  'ataque cardiaco',
  'nao consigo respirar',
  'nao consegue respirar',
  'falta de ar intensa',
  'sangramento intenso',
  'hemorragi*',
  'desmai*',
  'overdose',
  'envenenad*',
  'envenenament*',
  'intoxicad*',
  'intoxicacao',
  'acidente grave',
  'fratura exposta',
  'queimadura grave',
  'convuls*',
]);

/**
 * Whether a message names one of the emergencies of docs/product.md, "Modo offline do chat"
 * (accents and case ignored); every offline chat answers these first, with SAMU 192.
 * @param text - the message as typed
 */
export function mentionsEmergency(text: string): boolean {
  return EMERGENCY.test(foldForMatching(text));
}

/** Greetings, as typed by a Brazilian; test against `foldForMatching(text)`. */
export const GREETING = anyTerm([
  'ola',
  'oi',
  'oie',
  'opa',
  'bom dia',
  'boa tarde',
  'boa noite',
  'e ai',
  'tudo bem',
]);

/** Ways to say "this app" in a question about it. */
const THIS_APP =
  'isso|isto|aqui|(?:o|este|esse) (?:app|aplicativo|sistema|site)|(?:a|esta|essa) plataforma';

/**
 * The topics in the order they are tried: the more specific first, so "Meus dados do prontuário
 * ficam seguros?" is about privacy and "Olá, o que é o Prontu?" is about Prontu, not a greeting.
 */
const TOPICS: readonly (readonly [OfflineTopic, RegExp])[] = [
  [
    'privacy',
    anyTerm([
      'privacidade',
      'privad*',
      'lgpd',
      'seguranca',
      'segur[oa]s?',
      'sigilo*',
      'confidencia*',
      'vazamento',
      'vazar',
      'criptograf*',
      'protecao de dados',
      'onde ficam (?:os|meus) dados',
      'quem (?:ve|pode ver|tem acesso)',
      'armazena*',
    ]),
  ],
  ['voice', anyTerm(['voz', 'transcri*', 'audio', 'grava*', 'ditar', 'ditado', 'microfone'])],
  ['prescriptions', anyTerm(['receit*', 'prescri*'])],
  ['cid10', anyTerm(['cid', 'cid ?10', 'cids', 'icd', 'cid10'])],
  ['medical-record', anyTerm(['prontuario*', 'soap', 'anamnese', 'etapas', 'registro clinico'])],
  [
    'about',
    // Not "o que é …" alone: "o que é hipertensão?" is a clinical question, not about Prontu.
    anyTerm([
      'prontu',
      'o que voce (?:e|faz)',
      'quem (?:e|sao) voces?',
      `(?:o que e|o que faz|como funciona|para que serve) (?:${THIS_APP})`,
      // The whole message "Como funciona?" asks about the app.
      '(?:como funciona|para que serve)$',
      'funcionalidades',
      'recursos',
      'ajuda',
    ]),
  ],
  ['greeting', GREETING],
];

const REPLIES: Record<OfflineTopic, string> = {
  emergency:
    'Atenção: isto pode ser uma emergência. Ligue agora para o SAMU 192 ou vá à unidade de ' +
    'emergência (pronto-socorro) mais próxima. Não espere por uma resposta online: enquanto o ' +
    'atendimento não chega, mantenha a pessoa em local seguro e não a deixe sozinha.',
  privacy:
    'Os dados dos pacientes ficam no banco de dados da própria clínica, no servidor onde o ' +
    'Prontu está instalado, e cada médico vê apenas os seus pacientes: os prontuários de outro ' +
    'médico não aparecem para você. A chave do provedor de IA fica no servidor e nunca vai ao ' +
    'navegador, e a clínica pode escolher um modelo de IA na nuvem ou instalado localmente. ' +
    'Esta demonstração não guarda as mensagens que você escreve.',
  voice:
    'Na consulta por voz, você grava a conversa com o paciente; o áudio é transcrito e o Prontu ' +
    'extrai os dados clínicos (idade, sexo, queixa principal e duração, sinais vitais, alergias, ' +
    'medicamentos em uso) para preencher o prontuário e montar uma anamnese estruturada. Você ' +
    'revisa e corrige tudo antes de finalizar.',
  prescriptions:
    'As receitas são feitas no chat com comandos: /iniciar-receita, /adicionar-medicamento e ' +
    '/finalizar-receita para uma receita, /iniciar-lote para várias de uma vez, e ' +
    '/receita-rapida, que entende a prescrição escrita em texto livre. Antes de imprimir você ' +
    'vê a prévia com seu nome e CRM e escolhe de 1 a 4 receitas por página. A IA também pode ' +
    'sugerir medicamentos e exames, sempre para a sua revisão.',
  cid10:
    'Na etapa de avaliação do prontuário, o painel "Adicionar CIDs" busca códigos CID-10 pelo ' +
    'código (por exemplo, I10) ou pela descrição (por exemplo, hipertensão) e mostra categoria e ' +
    'relevância de cada resultado; um clique adiciona o código ao prontuário. A IA também pode ' +
    'sugerir CIDs a partir do texto da sua avaliação.',
  'medical-record':
    'O prontuário do Prontu segue o modelo SOAP em sete etapas: 1) dados do paciente, ' +
    '2) sintomas, 3) exame físico, 4) avaliação, 5) prescrições e exames, 6) plano e 7) resumo ' +
    'para impressão. Você navega livremente entre as etapas, acompanha o progresso numa barra e ' +
    'o rascunho é salvo automaticamente. No fim, o prontuário é finalizado e pode ser impresso ' +
    'ou baixado.',
  about:
    'O Prontu é um assistente clínico para médicos brasileiros. Com ele você conversa com uma IA ' +
    'que fala como um colega (no modo geral ou com um de 20 especialistas), monta o prontuário ' +
    'SOAP em sete etapas, dita a consulta por voz, busca códigos CID-10, recebe sugestões de ' +
    'medicamentos, exames e plano, e imprime receitas. As sugestões apoiam, mas não substituem, ' +
    'o seu julgamento clínico.',
  greeting:
    'Olá! Esta é a demonstração do Prontu, o assistente clínico para médicos. Posso explicar ' +
    'como funcionam o prontuário SOAP em sete etapas, as receitas, a busca de CID-10, a ' +
    'consulta por voz e a privacidade dos dados. Sobre o que você quer saber?',
  other:
    'Esta demonstração está no modo offline: este servidor não tem um modelo de IA configurado, ' +
    'então não consigo discutir casos clínicos livremente. Posso explicar o que o Prontu faz: ' +
    'prontuário SOAP, receitas, CID-10, consulta por voz e privacidade. Para usar o prontuário, ' +
    'a busca de CID-10 e as receitas, clique em Cadastrar e crie sua conta.',
};

/**
 * What a visitor's message is about. An emergency always wins over any other topic.
 * @param text - the message as typed
 */
export function detectOfflineTopic(text: string): OfflineTopic {
  if (mentionsEmergency(text)) return 'emergency';
  const normalized = foldForMatching(text);
  for (const [topic, pattern] of TOPICS) {
    if (pattern.test(normalized)) return topic;
  }
  return 'other';
}

/**
 * The offline demo's reply to the conversation: it answers the last message from the visitor.
 * @param messages - the conversation so far, oldest first
 */
export function composeOfflineReply(messages: readonly ChatTurn[]): string {
  const lastUserMessage = messages.findLast((message) => message.role === 'user');
  return REPLIES[lastUserMessage ? detectOfflineTopic(lastUserMessage.content) : 'greeting'];
}
