import { describe, expect, it } from 'vitest';
import {
  checkCommandGuards,
  COMMAND_ERROR_MESSAGES,
  commandUsage,
  dispatchSlashCommand,
  findSlashCommand,
  parseSlashCommand,
  prescriptionCommandsHelp,
  recordCommandsHelp,
  SLASH_COMMANDS,
  slashCommandById,
  suggestCommands,
  unknownCommandMessage,
  type CommandState,
  type SlashCommand,
  type SlashCommandId,
} from './slash-commands';

const NOTHING_OPEN: CommandState = { hasRecord: false, hasPrescription: false, hasBatch: false };
const ALL_OPEN: CommandState = { hasRecord: true, hasPrescription: true, hasBatch: true };

const NO_RECORD = 'Nenhum prontuário ativo. Use /iniciar-prontuario para começar.';
const NO_RECORD_TO_UPDATE = 'Nenhum prontuário ativo. Use /iniciar-prontuario primeiro.';
const NO_PRESCRIPTION = 'Nenhuma receita ativa. Use /iniciar-receita para começar.';
const NO_BATCH = 'Nenhum lote ativo. Use /iniciar-lote primeiro.';

/**
 * docs/product.md, "Comandos de barra", word for word: every command and alias, and the id it must
 * resolve to.
 */
const SPEC_WORDS: readonly [string, SlashCommandId][] = [
  ['/iniciar-prontuario', 'start-record'],
  ['/atualizar-prontuario', 'update-record'],
  ['/mostrar-prontuario', 'show-record'],
  ['/prontuario', 'show-record'],
  ['/finalizar-prontuario', 'finalize-record'],
  ['/salvar-prontuario', 'finalize-record'],
  ['/cancelar-prontuario', 'cancel-record'],
  ['/ajuda-prontuario', 'record-help'],
  ['/comandos', 'record-help'],
  ['/iniciar-receita', 'start-prescription'],
  ['/adicionar-medicamento', 'add-medication'],
  ['/add-med', 'add-medication'],
  ['/atualizar-receita', 'update-prescription'],
  ['/mostrar-receita', 'show-prescription'],
  ['/receita', 'show-prescription'],
  ['/finalizar-receita', 'finalize-prescription'],
  ['/salvar-receita', 'finalize-prescription'],
  ['/cancelar-receita', 'cancel-prescription'],
  ['/iniciar-lote', 'start-batch'],
  ['/adicionar-ao-lote', 'add-to-batch'],
  ['/mostrar-lote', 'show-batch'],
  ['/lote', 'show-batch'],
  ['/finalizar-lote', 'finalize-batch'],
  ['/imprimir-receitas', 'print-prescriptions'],
  ['/imprimir', 'print-prescriptions'],
  ['/receita-rapida', 'quick-prescription'],
  ['/ajuda-receitas', 'prescription-help'],
];

function parsedCommand(input: string): { command: SlashCommand; text: string } {
  const parsed = parseSlashCommand(input);
  if (!parsed || 'unknown' in parsed) throw new Error(`not a known command: ${input}`);
  return parsed;
}

function guard(id: SlashCommandId, state: CommandState, text = ''): string | undefined {
  return checkCommandGuards(slashCommandById(id), state, text);
}

describe('the command table', () => {
  it('holds exactly the documented commands and aliases', () => {
    const words = SLASH_COMMANDS.flatMap((command) => [command.name, ...command.aliases]);
    expect(words.sort()).toEqual(SPEC_WORDS.map(([word]) => word).sort());
  });

  it('has one command per id, and slashCommandById finds each', () => {
    const ids = SLASH_COMMANDS.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const command of SLASH_COMMANDS) expect(slashCommandById(command.id)).toBe(command);
  });

  it('gives no word to two commands', () => {
    for (const command of SLASH_COMMANDS) {
      const words = [command.name, ...command.aliases, command.example.split(' ')[0] ?? ''];
      for (const word of words) expect(findSlashCommand(word)).toBe(command);
    }
  });

  it('groups record and prescription commands, and only prescriptions have a help group', () => {
    const records = SLASH_COMMANDS.filter((command) => command.group === 'record');
    expect(records.map((command) => command.name)).toEqual([
      '/iniciar-prontuario',
      '/atualizar-prontuario',
      '/mostrar-prontuario',
      '/finalizar-prontuario',
      '/cancelar-prontuario',
      '/ajuda-prontuario',
    ]);
    for (const command of SLASH_COMMANDS) {
      expect(command.helpGroup === undefined).toBe(command.group === 'record');
    }
  });

  it('marks only start prescription, add medication and quick prescription as needing text', () => {
    const needText = SLASH_COMMANDS.filter((command) => command.needsText).map(({ id }) => id);
    expect(needText).toEqual(['start-prescription', 'add-medication', 'quick-prescription']);
  });

  it('gives every command a Portuguese description and an example that starts with it', () => {
    for (const command of SLASH_COMMANDS) {
      expect(command.description).not.toBe('');
      expect(command.example.split(' ')[0]).toBe(command.name);
    }
    expect(slashCommandById('quick-prescription').example).toBe(
      '/receita-rapida Maria 45 anos amoxicilina 500mg 8/8h por 7 dias',
    );
  });
});

describe('parseSlashCommand', () => {
  it.each(SPEC_WORDS)('resolves %s to %s', (word, id) => {
    expect(parsedCommand(word).command.id).toBe(id);
  });

  it('is undefined for an input that is not a command', () => {
    expect(parseSlashCommand('')).toBeUndefined();
    expect(parseSlashCommand('paciente com febre')).toBeUndefined();
    expect(parseSlashCommand('usar 8/8h')).toBeUndefined();
  });

  it('ignores the blanks before the slash, as the chat trims its input', () => {
    expect(parsedCommand('  /mostrar-receita').command.id).toBe('show-prescription');
  });

  it('matches without case or accents', () => {
    expect(parsedCommand('/RECEITA-RAPIDA Ana 30 anos').command.id).toBe('quick-prescription');
    expect(parsedCommand('/Add-Med dipirona').command.id).toBe('add-medication');
    expect(parsedCommand('/receita-rápida Ana 30 anos').command.id).toBe('quick-prescription');
    expect(parsedCommand('/iniciar-prontuário').command.id).toBe('start-record');
  });

  it('returns the text after the command, trimmed, line breaks inside kept', () => {
    expect(
      parsedCommand('/receita-rapida   Maria 45 anos amoxicilina 500mg 8/8h por 7 dias  '),
    ).toEqual({
      command: slashCommandById('quick-prescription'),
      text: 'Maria 45 anos amoxicilina 500mg 8/8h por 7 dias',
    });
    expect(parsedCommand('/iniciar-lote\nManhã de segunda\nsala 2').text).toBe(
      'Manhã de segunda\nsala 2',
    );
    expect(parsedCommand('/mostrar-lote').text).toBe('');
  });

  it('needs the whole first word: a longer word is unknown', () => {
    expect(parseSlashCommand('/receitas')).toEqual({ unknown: '/receitas' });
    expect(parseSlashCommand('/lote-novo')).toEqual({ unknown: '/lote-novo' });
  });

  it('returns the unknown word as typed', () => {
    expect(parseSlashCommand('/Exame hemograma')).toEqual({ unknown: '/Exame' });
    expect(parseSlashCommand('/')).toEqual({ unknown: '/' });
  });
});

describe('findSlashCommand', () => {
  const custom: SlashCommand = {
    id: 'quick-prescription',
    name: '/receita-expressa',
    aliases: ['/rx'],
    group: 'prescription',
    helpGroup: 'utility',
    description: 'teste',
    example: '/rapida Maria 45 anos dipirona 500mg',
    needsText: true,
    requires: [],
  };

  it('matches the first word of the example as well as the name and aliases', () => {
    expect(findSlashCommand('/RAPIDA', [custom])).toBe(custom);
    expect(findSlashCommand('/Receita-Expressa', [custom])).toBe(custom);
    expect(findSlashCommand('/rx', [custom])).toBe(custom);
    expect(findSlashCommand('/Maria', [custom])).toBeUndefined();
  });

  it('finds nothing for an unknown word', () => {
    expect(findSlashCommand('/nada')).toBeUndefined();
  });
});

describe('checkCommandGuards', () => {
  it.each<[SlashCommandId, string]>([
    ['update-record', NO_RECORD_TO_UPDATE],
    ['show-record', NO_RECORD],
    ['finalize-record', NO_RECORD],
    ['cancel-record', NO_RECORD],
    ['update-prescription', NO_PRESCRIPTION],
    ['add-medication', NO_PRESCRIPTION],
    ['show-prescription', NO_PRESCRIPTION],
    ['finalize-prescription', NO_PRESCRIPTION],
    ['cancel-prescription', NO_PRESCRIPTION],
    ['add-to-batch', NO_BATCH],
    ['show-batch', NO_BATCH],
    ['finalize-batch', NO_BATCH],
  ])('stops %s when nothing is open', (id, message) => {
    expect(guard(id, NOTHING_OPEN, 'algum texto')).toBe(message);
  });

  it.each<SlashCommandId>([
    'start-record',
    'record-help',
    'start-batch',
    'print-prescriptions',
    'prescription-help',
  ])('lets %s run with nothing open', (id) => {
    expect(guard(id, NOTHING_OPEN)).toBeUndefined();
  });

  it('lets every command run when everything is open and text is given', () => {
    for (const command of SLASH_COMMANDS) {
      expect(checkCommandGuards(command, ALL_OPEN, 'Maria 45 anos dipirona')).toBeUndefined();
    }
  });

  it('asks /adicionar-ao-lote for a batch first, then for a prescription', () => {
    expect(guard('add-to-batch', { ...NOTHING_OPEN, hasPrescription: true })).toBe(NO_BATCH);
    expect(guard('add-to-batch', { ...NOTHING_OPEN, hasBatch: true })).toBe(NO_PRESCRIPTION);
    expect(
      guard('add-to-batch', { ...NOTHING_OPEN, hasBatch: true, hasPrescription: true }),
    ).toBeUndefined();
  });

  it('does not ask the prescription commands for a record, nor the record ones for a receita', () => {
    const onlyPrescription = { ...NOTHING_OPEN, hasPrescription: true };
    expect(guard('finalize-prescription', onlyPrescription)).toBeUndefined();
    expect(guard('show-record', onlyPrescription)).toBe(NO_RECORD);
    expect(guard('show-batch', onlyPrescription)).toBe(NO_BATCH);
  });

  it('shows the usage with an example when a command that needs text has none', () => {
    expect(guard('quick-prescription', NOTHING_OPEN)).toBe(
      'Uso: /receita-rapida <paciente, idade e medicamentos>\n' +
        'Exemplo: /receita-rapida Maria 45 anos amoxicilina 500mg 8/8h por 7 dias',
    );
    expect(guard('start-prescription', NOTHING_OPEN, '   ')).toBe(
      'Uso: /iniciar-receita <paciente, idade e diagnóstico>\n' +
        'Exemplo: /iniciar-receita João Silva, 52 anos, hipertensão arterial',
    );
    expect(guard('add-medication', { ...NOTHING_OPEN, hasPrescription: true })).toBe(
      commandUsage(slashCommandById('add-medication')),
    );
  });

  it('checks what must be open before the text', () => {
    expect(guard('add-medication', NOTHING_OPEN)).toBe(NO_PRESCRIPTION);
  });

  it('lets a command that needs text run once it has some', () => {
    expect(guard('quick-prescription', NOTHING_OPEN, 'Maria 45 anos dipirona')).toBeUndefined();
    expect(guard('start-prescription', NOTHING_OPEN, 'João, 52 anos')).toBeUndefined();
  });
});

describe('commandUsage', () => {
  it('shows the argument when there is one, and always the example', () => {
    expect(commandUsage(slashCommandById('start-batch'))).toBe(
      'Uso: /iniciar-lote [nome do lote]\nExemplo: /iniciar-lote Manhã',
    );
    expect(commandUsage(slashCommandById('show-batch'))).toBe(
      'Uso: /mostrar-lote\nExemplo: /mostrar-lote',
    );
  });
});

describe('unknownCommandMessage', () => {
  it('names the word and points to both helps', () => {
    expect(unknownCommandMessage('/exame')).toBe(
      'Comando /exame não reconhecido. Digite /ajuda-prontuario ou /ajuda-receitas para ver ' +
        'os comandos disponíveis.',
    );
  });
});

describe('the help texts', () => {
  it('lists every record command with its description, aliases and example', () => {
    const help = recordCommandsHelp();
    expect(help.startsWith('## Comandos do prontuário\n')).toBe(true);
    for (const command of SLASH_COMMANDS.filter(({ group }) => group === 'record')) {
      expect(help).toContain(`\`${command.name}\``);
      expect(help).toContain(command.description);
      expect(help).toContain(`Exemplo: \`${command.example}\``);
      for (const alias of command.aliases) expect(help).toContain(`\`${alias}\``);
    }
    expect(help).not.toContain('/receita-rapida');
  });

  it('lists the prescription commands in three groups: 6 basic, 4 batch, 3 utilities, in order', () => {
    const help = prescriptionCommandsHelp();
    const headings = ['### Comandos básicos', '### Lotes de receitas', '### Utilitários'];
    const starts = headings.map((heading) => help.indexOf(heading));
    expect(starts.every((start) => start >= 0)).toBe(true);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);

    const sections = headings.map((heading, index) =>
      help.slice(starts[index], starts[index + 1] ?? help.length).replace(heading, ''),
    );
    const namesIn = (section: string): string[] =>
      [...section.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1] ?? '');
    expect(sections.map(namesIn)).toEqual([
      [
        '/iniciar-receita',
        '/adicionar-medicamento',
        '/atualizar-receita',
        '/mostrar-receita',
        '/finalizar-receita',
        '/cancelar-receita',
      ],
      ['/iniciar-lote', '/adicionar-ao-lote', '/mostrar-lote', '/finalizar-lote'],
      ['/imprimir-receitas', '/receita-rapida', '/ajuda-receitas'],
    ]);
    expect(help).toContain(
      'Exemplo: `/receita-rapida Maria 45 anos amoxicilina 500mg 8/8h por 7 dias`',
    );
  });
});

describe('suggestCommands', () => {
  const words = (prefix: string, limit?: number): string[] =>
    suggestCommands(prefix, limit).map((suggestion) => suggestion.word);

  it('suggests the commands whose name starts with what was typed, in table order', () => {
    expect(words('/iniciar')).toEqual(['/iniciar-prontuario', '/iniciar-receita', '/iniciar-lote']);
    expect(words('/FIN')).toEqual([
      '/finalizar-prontuario',
      '/finalizar-receita',
      '/finalizar-lote',
    ]);
  });

  it('puts names before aliases and gives each command once', () => {
    // '/receita-rapida' by name; '/mostrar-receita' only by its alias '/receita'.
    expect(suggestCommands('/receita')).toEqual([
      { command: slashCommandById('quick-prescription'), word: '/receita-rapida' },
      { command: slashCommandById('show-prescription'), word: '/receita' },
    ]);
    // '/imprimir-receitas' matches by name and by alias: once, by name.
    expect(words('/imprimir')).toEqual(['/imprimir-receitas']);
    expect(words('/add')).toEqual(['/add-med']);
    // '/add-med' is '/adicionar-medicamento' again, already suggested by its name.
    expect(words('/ad')).toEqual(['/adicionar-medicamento', '/adicionar-ao-lote']);
  });

  it('shows the first 8 commands for a bare slash, or as many as asked', () => {
    expect(words('/')).toEqual(SLASH_COMMANDS.slice(0, 8).map(({ name }) => name));
    expect(words('/', 3)).toHaveLength(3);
    expect(words('/', 100)).toHaveLength(SLASH_COMMANDS.length);
    expect(words('/', 0)).toEqual([]);
  });

  it('suggests nothing for a non-command, a finished first word or no match', () => {
    expect(words('receita')).toEqual([]);
    expect(words('/receita-rapida Maria')).toEqual([]);
    expect(words('/xyz')).toEqual([]);
  });

  it('ignores accents', () => {
    expect(words('/receita-rá')).toEqual(['/receita-rapida']);
  });
});

describe('the command errors', () => {
  it('are word for word', () => {
    expect(COMMAND_ERROR_MESSAGES['record-start']).toBe(
      'Erro ao iniciar prontuário. Tente novamente ou inicie manualmente.',
    );
    expect(COMMAND_ERROR_MESSAGES['record-update']).toBe(
      'Erro ao atualizar prontuário. Tente novamente.',
    );
    expect(COMMAND_ERROR_MESSAGES['prescription-process']).toBe(
      'Erro ao processar receita. Verifique as informações e tente novamente.',
    );
    expect(COMMAND_ERROR_MESSAGES['prescription-update']).toBe(
      'Erro ao atualizar receita. Tente novamente.',
    );
  });

  it('give the format of /iniciar-receita when a prescription cannot be created', () => {
    const message = COMMAND_ERROR_MESSAGES['prescription-create'];
    expect(message.startsWith('Erro ao criar receita.')).toBe(true);
    expect(message).toContain(commandUsage(slashCommandById('start-prescription')));
  });
});

describe('dispatchSlashCommand', () => {
  it('leaves an ordinary message alone', () => {
    expect(dispatchSlashCommand('paciente com febre há 2 dias', ALL_OPEN)).toBeUndefined();
  });

  it('runs a command that may run, with its text', () => {
    expect(dispatchSlashCommand('/iniciar-lote Manhã', NOTHING_OPEN)).toEqual({
      kind: 'run',
      command: slashCommandById('start-batch'),
      text: 'Manhã',
    });
  });

  it('answers a blocked command with its guard message', () => {
    expect(dispatchSlashCommand('/lote', NOTHING_OPEN)).toEqual({
      kind: 'reply',
      reason: 'guard',
      message: NO_BATCH,
    });
    expect(dispatchSlashCommand('/receita-rapida', NOTHING_OPEN)).toEqual({
      kind: 'reply',
      reason: 'guard',
      message: commandUsage(slashCommandById('quick-prescription')),
    });
  });

  it('answers an unknown command with the not-recognised message', () => {
    expect(dispatchSlashCommand('/exame hemograma', ALL_OPEN)).toEqual({
      kind: 'reply',
      reason: 'unknown',
      message: unknownCommandMessage('/exame'),
    });
  });

  it('answers both helps with their text', () => {
    expect(dispatchSlashCommand('/comandos', NOTHING_OPEN)).toEqual({
      kind: 'reply',
      reason: 'help',
      message: recordCommandsHelp(),
    });
    expect(dispatchSlashCommand('/Ajuda-Receitas', NOTHING_OPEN)).toEqual({
      kind: 'reply',
      reason: 'help',
      message: prescriptionCommandsHelp(),
    });
  });
});
