import { describe, expect, it } from 'vitest';
import {
  findSpecialistAgent,
  GENERAL_CHAT_DESCRIPTION,
  GENERAL_CHAT_TITLE,
  groupAgentsByCategory,
  SPECIALIST_AGENT_IDS,
  SPECIALIST_AGENTS,
  SPECIALIST_CATEGORIES,
  specialistSystemPrompt,
  type SpecialistAgent,
  type SpecialistAgentId,
} from './specialist-agents';

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('SPECIALIST_AGENTS', () => {
  it('has the 20 ids, unique, in the listed order', () => {
    expect(SPECIALIST_AGENTS.map((agent) => agent.id)).toEqual([...SPECIALIST_AGENT_IDS]);
    expect(new Set(SPECIALIST_AGENT_IDS).size).toBe(20);
  });

  it("names every agent 'Agente <specialty>'", () => {
    const names = SPECIALIST_AGENTS.map((agent) => agent.name);
    expect(names[0]).toBe('Agente Clínico Geral');
    expect(names.at(-1)).toBe('Agente de Emergência');
    expect(names).toEqual(
      expect.arrayContaining([
        'Agente Cardiologista',
        'Agente Pediatra',
        'Agente Pneumologista',
        'Agente Otorrinolaringologista',
        'Agente Anestesiologista',
      ]),
    );
    for (const name of names) expect(name).toMatch(/^Agente [A-ZÀ-Úa-zà-ú ]+$/u);
    expect(new Set(names).size).toBe(20);
  });

  it('gives each agent its own emoji and colour, readable on both themes', () => {
    expect(new Set(SPECIALIST_AGENTS.map((agent) => agent.avatar)).size).toBe(20);
    expect(new Set(SPECIALIST_AGENTS.map((agent) => agent.color)).size).toBe(20);
    for (const { color, avatar } of SPECIALIST_AGENTS) {
      expect(color).toMatch(/^#[0-9a-f]{6}$/);
      expect(avatar).toMatch(/\p{Extended_Pictographic}/u);
      expect(contrast(color, '#ffffff'), color).toBeGreaterThanOrEqual(3);
      expect(contrast(color, '#111827'), color).toBeGreaterThanOrEqual(3);
    }
  });

  it('describes each agent and its specialty in Portuguese', () => {
    for (const agent of SPECIALIST_AGENTS) {
      expect(agent.specialty.length).toBeGreaterThan(3);
      expect(agent.description.length).toBeGreaterThan(20);
    }
    expect(findSpecialistAgent('cardiologist')?.specialty).toBe('Cardiologia');
  });
});

describe('findSpecialistAgent', () => {
  it('finds an agent by id and nothing for another text', () => {
    expect(findSpecialistAgent('emergency-physician')?.name).toBe('Agente de Emergência');
    expect(findSpecialistAgent('pulmonologist')?.name).toBe('Agente Pneumologista');
    expect(findSpecialistAgent('Cardiologist')).toBeUndefined();
    expect(findSpecialistAgent('')).toBeUndefined();
    expect(findSpecialistAgent('toString')).toBeUndefined();
  });
});

describe('categories', () => {
  it('puts every agent in exactly one category', () => {
    const listed = SPECIALIST_CATEGORIES.flatMap((category) => category.agentIds);
    expect([...listed].sort()).toEqual([...SPECIALIST_AGENT_IDS].sort());
  });

  it('groups the agents in the listed order', () => {
    const groups = groupAgentsByCategory();
    expect(groups.map((group) => group.name)).toEqual([
      'Clínica Geral',
      'Especialidades Básicas',
      'Especialidades Clínicas',
      'Cirúrgicas',
      'Outras Especialidades',
    ]);
    expect(groups.map((group) => group.agents.map((agent) => agent.id))).toEqual([
      ['general-practitioner'],
      ['pediatrician', 'gynecologist', 'cardiologist', 'dermatologist'],
      ['endocrinologist', 'gastroenterologist', 'neurologist', 'psychiatrist', 'pulmonologist'],
      ['orthopedist', 'urologist', 'ophthalmologist', 'otolaryngologist'],
      [
        'rheumatologist',
        'infectiologist',
        'oncologist',
        'geriatrician',
        'anesthesiologist',
        'emergency-physician',
      ],
    ]);
  });

  it("sends an agent no category lists to 'Outras Especialidades' and drops empty groups", () => {
    const cardiologist = findSpecialistAgent('cardiologist');
    if (!cardiologist) throw new Error('missing cardiologist');
    // An id outside the fixed list can only come from data, hence the cast.
    const unlisted: SpecialistAgent = {
      ...cardiologist,
      id: 'sports-physician' as SpecialistAgentId,
      name: 'Agente do Esporte',
    };
    expect(groupAgentsByCategory([unlisted, cardiologist])).toEqual([
      { name: 'Especialidades Básicas', agents: [cardiologist] },
      { name: 'Outras Especialidades', agents: [unlisted] },
    ]);
  });
});

describe('specialistSystemPrompt', () => {
  it('makes the general mode Prontu, with every specialty, talking to a colleague', () => {
    const prompt = specialistSystemPrompt(undefined);
    expect(prompt).toMatch(/^Você é o Prontu/);
    expect(prompt).toContain('todas as especialidades');
    expect(prompt).toContain('colega');
    expect(prompt).toContain('português do Brasil');
    expect(prompt).toContain('não substituem');
    expect(prompt).toContain('SAMU 192');
  });

  it('makes a specialist speak as that specialist', () => {
    const agent = findSpecialistAgent('cardiologist');
    const prompt = specialistSystemPrompt(agent);
    expect(prompt).toMatch(/^Você é o Agente Cardiologista/);
    expect(prompt).toContain('Cardiologia');
    expect(prompt).toContain(agent?.description ?? '?');
    expect(prompt).toContain('SAMU 192');
    expect(prompt).toContain('concisa');
  });

  it('has the general chat header', () => {
    expect(GENERAL_CHAT_TITLE).toBe('Chat Médico Geral');
    expect(GENERAL_CHAT_DESCRIPTION).toBe(
      'Assistente médico com conhecimento em todas as especialidades médicas',
    );
  });
});
