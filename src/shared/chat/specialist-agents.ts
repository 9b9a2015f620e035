/**
 * The 20 specialist agents a doctor can consult in the chat
 * (docs/product.md, "Modos do chat e agentes especialistas"), how the picker groups them and the
 * system prompt that makes the model speak as one of them.
 */

/**
 * docs/product.md, "Modos do chat e agentes especialistas": the fixed agent ids, in the order the
 * original specification listed them.
 */
export const SPECIALIST_AGENT_IDS = [
  'general-practitioner',
  'cardiologist',
  'pediatrician',
  'gynecologist',
  'orthopedist',
  'dermatologist',
  'psychiatrist',
  'ophthalmologist',
  'gastroenterologist',
  'endocrinologist',
  'neurologist',
  'pulmonologist',
  'urologist',
  'otolaryngologist',
  'rheumatologist',
  'infectiologist',
  'oncologist',
  'geriatrician',
  'anesthesiologist',
  'emergency-physician',
] as const;
export type SpecialistAgentId = (typeof SPECIALIST_AGENT_IDS)[number];

/** One specialist the doctor can talk to, as the chips and the picker show it. */
export interface SpecialistAgent {
  id: SpecialistAgentId;
  /** 'Agente Cardiologista'. */
  name: string;
  /** The medical specialty: 'Cardiologia'. */
  specialty: string;
  /** An emoji. */
  avatar: string;
  /** '#rrggbb', with at least 3:1 contrast on both the light and the dark surface. */
  color: string;
  /** A Portuguese one-liner on what the agent covers. */
  description: string;
}

/**
 * The agents of docs/product.md, "Modos do chat e agentes especialistas". The colours are Tailwind
 * 500–700 shades spread around the hue circle, each chosen to keep 3:1 contrast (WCAG, non-text) on
 * the white surface and on the dark one (#111827), so a chip or avatar ring reads in both themes;
 * the test checks it.
 */
export const SPECIALIST_AGENTS: readonly SpecialistAgent[] = [
  {
    id: 'general-practitioner',
    name: 'Agente Clínico Geral',
    specialty: 'Clínica Geral',
    avatar: '🩺',
    color: '#0d9488',
    description: 'Atenção primária, prevenção e condução de queixas gerais do adulto',
  },
  {
    id: 'cardiologist',
    name: 'Agente Cardiologista',
    specialty: 'Cardiologia',
    avatar: '❤️',
    color: '#e11d48',
    description:
      'Hipertensão, dor torácica, arritmias, insuficiência cardíaca e risco cardiovascular',
  },
  {
    id: 'pediatrician',
    name: 'Agente Pediatra',
    specialty: 'Pediatria',
    avatar: '👶',
    color: '#ea580c',
    description: 'Saúde da criança e do adolescente: crescimento, vacinação e doses por peso',
  },
  {
    id: 'gynecologist',
    name: 'Agente Ginecologista',
    specialty: 'Ginecologia',
    avatar: '🤰',
    color: '#db2777',
    description: 'Saúde da mulher, contracepção, pré-natal e climatério',
  },
  {
    id: 'orthopedist',
    name: 'Agente Ortopedista',
    specialty: 'Ortopedia',
    avatar: '🦴',
    color: '#64748b',
    description: 'Traumas, fraturas, lombalgia e doenças da coluna e das articulações',
  },
  {
    id: 'dermatologist',
    name: 'Agente Dermatologista',
    specialty: 'Dermatologia',
    avatar: '🧴',
    color: '#c026d3',
    description: 'Lesões de pele, dermatites, acne, micoses e lesões suspeitas',
  },
  {
    id: 'psychiatrist',
    name: 'Agente Psiquiatra',
    specialty: 'Psiquiatria',
    avatar: '💭',
    color: '#7c3aed',
    description: 'Depressão, ansiedade, insônia e uso de psicofármacos',
  },
  {
    id: 'ophthalmologist',
    name: 'Agente Oftalmologista',
    specialty: 'Oftalmologia',
    avatar: '👁️',
    color: '#0891b2',
    description: 'Olho vermelho, baixa visual, conjuntivites e urgências oculares',
  },
  {
    id: 'gastroenterologist',
    name: 'Agente Gastroenterologista',
    specialty: 'Gastroenterologia',
    avatar: '🍽️',
    color: '#a16207',
    description: 'Refluxo, dispepsia, diarreia, doenças do fígado e do intestino',
  },
  {
    id: 'endocrinologist',
    name: 'Agente Endocrinologista',
    specialty: 'Endocrinologia',
    avatar: '🧪',
    color: '#16a34a',
    description: 'Diabetes, tireoide, obesidade e distúrbios hormonais',
  },
  {
    id: 'neurologist',
    name: 'Agente Neurologista',
    specialty: 'Neurologia',
    avatar: '🧠',
    color: '#0284c7',
    description: 'Cefaleias, tontura, epilepsia, AVC e doenças neurodegenerativas',
  },
  {
    id: 'pulmonologist',
    name: 'Agente Pneumologista',
    specialty: 'Pneumologia',
    avatar: '🫁',
    color: '#059669',
    description: 'Asma, DPOC, pneumonias, tosse crônica e dispneia',
  },
  {
    id: 'urologist',
    name: 'Agente Urologista',
    specialty: 'Urologia',
    avatar: '💧',
    color: '#2563eb',
    description: 'Infecção urinária, litíase renal, próstata e saúde do homem',
  },
  {
    id: 'otolaryngologist',
    name: 'Agente Otorrinolaringologista',
    specialty: 'Otorrinolaringologia',
    avatar: '👂',
    color: '#d97706',
    description: 'Otites, sinusites, amigdalites, rinites e zumbido',
  },
  {
    id: 'rheumatologist',
    name: 'Agente Reumatologista',
    specialty: 'Reumatologia',
    avatar: '🦵',
    color: '#9333ea',
    description: 'Artrites, gota, lúpus, fibromialgia e dores articulares',
  },
  {
    id: 'infectiologist',
    name: 'Agente Infectologista',
    specialty: 'Infectologia',
    avatar: '🦠',
    color: '#65a30d',
    description: 'Antibioticoterapia, arboviroses, ISTs, HIV e doenças tropicais',
  },
  {
    id: 'oncologist',
    name: 'Agente Oncologista',
    specialty: 'Oncologia',
    avatar: '🎗️',
    color: '#8d6e63',
    description: 'Rastreamento, sinais de alerta e acompanhamento do paciente com câncer',
  },
  {
    id: 'geriatrician',
    name: 'Agente Geriatra',
    specialty: 'Geriatria',
    avatar: '👴',
    color: '#78716c',
    description: 'Saúde do idoso, polifarmácia, quedas e declínio cognitivo',
  },
  {
    id: 'anesthesiologist',
    name: 'Agente Anestesiologista',
    specialty: 'Anestesiologia',
    avatar: '😴',
    color: '#6366f1',
    description: 'Avaliação pré-anestésica, sedação e controle da dor',
  },
  {
    id: 'emergency-physician',
    name: 'Agente de Emergência',
    specialty: 'Medicina de Emergência',
    avatar: '🚑',
    color: '#dc2626',
    description: 'Urgências e emergências: estabilização, sinais de alarme e encaminhamento',
  },
];

const AGENTS_BY_ID: ReadonlyMap<string, SpecialistAgent> = new Map(
  SPECIALIST_AGENTS.map((agent) => [agent.id, agent]),
);

/**
 * The agent with this id.
 * @param id - an agent id, e.g. from a request or local storage
 * @returns undefined for an id that is not one of the 20
 */
export function findSpecialistAgent(id: string): SpecialistAgent | undefined {
  return AGENTS_BY_ID.get(id);
}

/**
 * The category that takes any agent no other category lists
 * (docs/product.md, "Modos do chat e agentes especialistas").
 */
const CATCH_ALL_CATEGORY = 'Outras Especialidades';

/**
 * docs/product.md, "Modos do chat e agentes especialistas": the picker's categories, in display
 * order, each with its agents in order.
 */
export const SPECIALIST_CATEGORIES: readonly {
  name: string;
  agentIds: readonly SpecialistAgentId[];
}[] = [
  { name: 'Clínica Geral', agentIds: ['general-practitioner'] },
  {
    name: 'Especialidades Básicas',
    agentIds: ['pediatrician', 'gynecologist', 'cardiologist', 'dermatologist'],
  },
  {
    name: 'Especialidades Clínicas',
    agentIds: [
      'endocrinologist',
      'gastroenterologist',
      'neurologist',
      'psychiatrist',
      'pulmonologist',
    ],
  },
  {
    name: 'Cirúrgicas',
    agentIds: ['orthopedist', 'urologist', 'ophthalmologist', 'otolaryngologist'],
  },
  {
    name: CATCH_ALL_CATEGORY,
    agentIds: [
      'rheumatologist',
      'infectiologist',
      'oncologist',
      'geriatrician',
      'anesthesiologist',
      'emergency-physician',
    ],
  },
];

/**
 * The agents by picker category (docs/product.md, "Modos do chat e agentes especialistas"),
 * categories and agents in the category's order. An agent no category lists goes last in 'Outras
 * Especialidades'; categories left without agents are omitted.
 * @param agents - the agents to group; all 20 by default
 */
export function groupAgentsByCategory(
  agents: readonly SpecialistAgent[] = SPECIALIST_AGENTS,
): { name: string; agents: SpecialistAgent[] }[] {
  const byId = new Map<string, SpecialistAgent>(agents.map((agent) => [agent.id, agent]));
  const listed = new Set<string>(SPECIALIST_CATEGORIES.flatMap((category) => category.agentIds));
  const unlisted = agents.filter((agent) => !listed.has(agent.id));
  return SPECIALIST_CATEGORIES.map((category) => ({
    name: category.name,
    agents: [
      ...category.agentIds.flatMap((id) => byId.get(id) ?? []),
      ...(category.name === CATCH_ALL_CATEGORY ? unlisted : []),
    ],
  })).filter((group) => group.agents.length > 0);
}

/**
 * docs/product.md, "Modos do chat e agentes especialistas": the header of the chat in general mode.
 */
export const GENERAL_CHAT_TITLE = 'Chat Médico Geral';
export const GENERAL_CHAT_DESCRIPTION =
  'Assistente médico com conhecimento em todas as especialidades médicas';

/** What every mode shares: the colleague's tone, the limits and the way out in an emergency. */
const SHARED_RULES = [
  'Você conversa com um médico, como um colega: use linguagem técnica e vá direto ao ponto.',
  'Responda sempre em português do Brasil, de forma concisa e informativa; use listas curtas ' +
    'quando ajudarem a leitura.',
  'Suas respostas apoiam, mas não substituem, o julgamento clínico do médico, que conhece o ' +
    'paciente e decide a conduta. Quando faltar informação para responder com segurança, diga ' +
    'o que falta.',
  'Não invente doses, códigos CID-10 ou referências; se não tiver certeza, diga.',
  'Diante de sinais de emergência, oriente atendimento imediato: acionar o SAMU 192 ou ' +
    'encaminhar ao pronto-socorro mais próximo.',
].join('\n');

/**
 * The system prompt that sets who the model is in the doctor's chat.
 * @param agent - the chosen specialist; undefined for the general mode (Prontu, all specialties)
 */
export function specialistSystemPrompt(agent: SpecialistAgent | undefined): string {
  const role = agent
    ? `Você é o ${agent.name} do Prontu, especialista em ${agent.specialty} ` +
      `(${agent.description}). Responda com o olhar dessa especialidade; se a pergunta for de ` +
      'outra área, dê o essencial e indique a especialidade mais adequada.'
    : 'Você é o Prontu, um assistente clínico para médicos brasileiros, com conhecimento em ' +
      'todas as especialidades médicas.';
  return `${role}\n${SHARED_RULES}`;
}
