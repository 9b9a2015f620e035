import { foldAccents } from '../lib/text-folding';

/**
 * The chat's slash commands (docs/product.md, "Comandos de barra"): the command table, the parser
 * that finds the command in what the doctor typed, the guards that stop a command that cannot run
 * yet, the help texts and the autocomplete. Pure: the chat runs the command; this only says which
 * one and whether it may.
 */

/** Stable English ids the chat switches on; the Portuguese names are for the doctor. */
export type SlashCommandId =
  | 'start-record'
  | 'update-record'
  | 'show-record'
  | 'finalize-record'
  | 'cancel-record'
  | 'record-help'
  | 'start-prescription'
  | 'add-medication'
  | 'update-prescription'
  | 'show-prescription'
  | 'finalize-prescription'
  | 'cancel-prescription'
  | 'start-batch'
  | 'add-to-batch'
  | 'show-batch'
  | 'finalize-batch'
  | 'print-prescriptions'
  | 'quick-prescription'
  | 'prescription-help';

export type SlashCommandGroup = 'record' | 'prescription';

/**
 * The three sections of '/ajuda-receitas' (docs/product.md, "Comandos de receitas e lotes": first 6
 * basic, next 4 batch, the rest).
 */
export type PrescriptionHelpGroup = 'basic' | 'batch' | 'utility';

/** What must be open in the chat before a command can run. */
export type CommandRequirement = 'record' | 'prescription' | 'batch';

export interface SlashCommand {
  readonly id: SlashCommandId;
  /** The command as typed, with its slash: '/iniciar-prontuario'. */
  readonly name: string;
  readonly aliases: readonly string[];
  readonly group: SlashCommandGroup;
  /** Only for prescription commands. */
  readonly helpGroup?: PrescriptionHelpGroup;
  readonly description: string;
  /** What goes after the command, for the usage help: '<…>' required, '[…]' optional. */
  readonly argument?: string;
  readonly example: string;
  /** The command does nothing useful without text after it; a usage help is shown instead. */
  readonly needsText: boolean;
  /** Checked in this order; the first one missing gives the message. */
  readonly requires: readonly CommandRequirement[];
}

/** What is open in the chat right now, as far as the guards care. */
export interface CommandState {
  readonly hasRecord: boolean;
  readonly hasPrescription: boolean;
  readonly hasBatch: boolean;
}

/**
 * Every command of docs/product.md, "Comandos de barra", records first, then prescriptions in the
 * order of their help.
 */
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  {
    id: 'start-record',
    name: '/iniciar-prontuario',
    aliases: [],
    group: 'record',
    description: 'Inicia um novo prontuário com os dados do paciente e da conversa',
    argument: '[dados do paciente]',
    example: '/iniciar-prontuario Maria Souza, 45 anos, dor de cabeça há 3 dias',
    needsText: false,
    requires: [],
  },
  {
    id: 'update-record',
    name: '/atualizar-prontuario',
    aliases: [],
    group: 'record',
    description: 'Atualiza o prontuário ativo com as novas informações da conversa',
    argument: '[novas informações]',
    example: '/atualizar-prontuario pressão arterial 130/85 mmHg, sem febre',
    needsText: false,
    requires: ['record'],
  },
  {
    id: 'show-record',
    name: '/mostrar-prontuario',
    aliases: ['/prontuario'],
    group: 'record',
    description: 'Mostra o resumo do prontuário ativo',
    example: '/mostrar-prontuario',
    needsText: false,
    requires: ['record'],
  },
  {
    id: 'finalize-record',
    name: '/finalizar-prontuario',
    aliases: ['/salvar-prontuario'],
    group: 'record',
    description: 'Finaliza e salva o prontuário ativo',
    example: '/finalizar-prontuario',
    needsText: false,
    requires: ['record'],
  },
  {
    id: 'cancel-record',
    name: '/cancelar-prontuario',
    aliases: [],
    group: 'record',
    description: 'Cancela o prontuário ativo',
    example: '/cancelar-prontuario',
    needsText: false,
    requires: ['record'],
  },
  {
    id: 'record-help',
    name: '/ajuda-prontuario',
    aliases: ['/comandos'],
    group: 'record',
    description: 'Mostra os comandos do prontuário',
    example: '/ajuda-prontuario',
    needsText: false,
    requires: [],
  },
  {
    id: 'start-prescription',
    name: '/iniciar-receita',
    aliases: [],
    group: 'prescription',
    helpGroup: 'basic',
    description: 'Inicia uma nova receita para o paciente',
    argument: '<paciente, idade e diagnóstico>',
    example: '/iniciar-receita João Silva, 52 anos, hipertensão arterial',
    needsText: true,
    requires: [],
  },
  {
    id: 'add-medication',
    name: '/adicionar-medicamento',
    aliases: ['/add-med'],
    group: 'prescription',
    helpGroup: 'basic',
    description: 'Adiciona um medicamento à receita ativa',
    argument: '<medicamento, dose e posologia>',
    example: '/adicionar-medicamento losartana 50mg 1 comprimido de 12/12h por 30 dias',
    needsText: true,
    requires: ['prescription'],
  },
  {
    id: 'update-prescription',
    name: '/atualizar-receita',
    aliases: [],
    group: 'prescription',
    helpGroup: 'basic',
    description: 'Atualiza a receita ativa com as informações da conversa',
    argument: '[alterações]',
    example: '/atualizar-receita trocar para losartana 100mg 1x ao dia',
    needsText: false,
    requires: ['prescription'],
  },
  {
    id: 'show-prescription',
    name: '/mostrar-receita',
    aliases: ['/receita'],
    group: 'prescription',
    helpGroup: 'basic',
    description: 'Mostra a receita ativa',
    example: '/mostrar-receita',
    needsText: false,
    requires: ['prescription'],
  },
  {
    id: 'finalize-prescription',
    name: '/finalizar-receita',
    aliases: ['/salvar-receita'],
    group: 'prescription',
    helpGroup: 'basic',
    description: 'Finaliza e salva a receita ativa',
    example: '/finalizar-receita',
    needsText: false,
    requires: ['prescription'],
  },
  {
    id: 'cancel-prescription',
    name: '/cancelar-receita',
    aliases: [],
    group: 'prescription',
    helpGroup: 'basic',
    description: 'Cancela a receita ativa',
    example: '/cancelar-receita',
    needsText: false,
    requires: ['prescription'],
  },
  {
    id: 'start-batch',
    name: '/iniciar-lote',
    aliases: [],
    group: 'prescription',
    helpGroup: 'batch',
    description: 'Inicia um lote de receitas (sem nome, “Lote” e a data de hoje)',
    argument: '[nome do lote]',
    example: '/iniciar-lote Manhã',
    needsText: false,
    requires: [],
  },
  {
    id: 'add-to-batch',
    name: '/adicionar-ao-lote',
    aliases: [],
    group: 'prescription',
    helpGroup: 'batch',
    description: 'Adiciona a receita ativa ao lote ativo',
    example: '/adicionar-ao-lote',
    needsText: false,
    requires: ['batch', 'prescription'],
  },
  {
    id: 'show-batch',
    name: '/mostrar-lote',
    aliases: ['/lote'],
    group: 'prescription',
    helpGroup: 'batch',
    description: 'Mostra as receitas do lote ativo',
    example: '/mostrar-lote',
    needsText: false,
    requires: ['batch'],
  },
  {
    id: 'finalize-batch',
    name: '/finalizar-lote',
    aliases: [],
    group: 'prescription',
    helpGroup: 'batch',
    description: 'Finaliza o lote ativo',
    example: '/finalizar-lote',
    needsText: false,
    requires: ['batch'],
  },
  {
    id: 'print-prescriptions',
    name: '/imprimir-receitas',
    aliases: ['/imprimir'],
    group: 'prescription',
    helpGroup: 'utility',
    description: 'Abre a impressão das receitas salvas e do último lote',
    example: '/imprimir-receitas',
    needsText: false,
    requires: [],
  },
  {
    id: 'quick-prescription',
    name: '/receita-rapida',
    aliases: [],
    group: 'prescription',
    helpGroup: 'utility',
    description: 'Cria e finaliza uma receita completa a partir de uma frase',
    argument: '<paciente, idade e medicamentos>',
    example: '/receita-rapida Maria 45 anos amoxicilina 500mg 8/8h por 7 dias',
    needsText: true,
    requires: [],
  },
  {
    id: 'prescription-help',
    name: '/ajuda-receitas',
    aliases: [],
    group: 'prescription',
    helpGroup: 'utility',
    description: 'Mostra os comandos de receitas',
    example: '/ajuda-receitas',
    needsText: false,
    requires: [],
  },
];

/**
 * The command with this id.
 * @param id - one of the table's ids
 */
export function slashCommandById(id: SlashCommandId): SlashCommand {
  const command = SLASH_COMMANDS.find((candidate) => candidate.id === id);
  // Unreachable while the table has every id; the test checks that it does.
  if (!command) throw new Error(`No slash command with id ${id}`);
  return command;
}

/**
 * The messages of docs/product.md, "Como os comandos são lidos" that stop a command when what it
 * works on is not open.
 */
export const COMMAND_GUARD_MESSAGES = {
  noRecord: 'Nenhum prontuário ativo. Use /iniciar-prontuario para começar.',
  noRecordToUpdate: 'Nenhum prontuário ativo. Use /iniciar-prontuario primeiro.',
  noPrescription: 'Nenhuma receita ativa. Use /iniciar-receita para começar.',
  noBatch: 'Nenhum lote ativo. Use /iniciar-lote primeiro.',
} as const;

export type CommandErrorKind =
  | 'record-start'
  | 'record-update'
  | 'prescription-create'
  | 'prescription-process'
  | 'prescription-update';

/** docs/product.md, "Erros dos comandos": what the chat says when a command that did run failed. */
export const COMMAND_ERROR_MESSAGES: Readonly<Record<CommandErrorKind, string>> = {
  'record-start': 'Erro ao iniciar prontuário. Tente novamente ou inicie manualmente.',
  'record-update': 'Erro ao atualizar prontuário. Tente novamente.',
  'prescription-create': `Erro ao criar receita. Verifique o formato e tente novamente.\n${commandUsage(
    slashCommandById('start-prescription'),
  )}`,
  'prescription-process': 'Erro ao processar receita. Verifique as informações e tente novamente.',
  'prescription-update': 'Erro ao atualizar receita. Tente novamente.',
};

// Commands are matched without case or accents: '/Receita-Rápida' is '/receita-rapida'.
const foldWord = foldAccents;

function firstWord(text: string): string {
  return text.trim().split(/\s+/, 1)[0] ?? '';
}

function matchesWord(command: SlashCommand, folded: string): boolean {
  return [command.name, ...command.aliases, firstWord(command.example)].some(
    (word) => foldWord(word) === folded,
  );
}

/**
 * The command a typed word names, by its name, an alias or the first word of its example.
 * @param word - the first word of the chat input, slash included
 * @param commands - the table to look in (the app's own by default)
 */
export function findSlashCommand(
  word: string,
  commands: readonly SlashCommand[] = SLASH_COMMANDS,
): SlashCommand | undefined {
  const folded = foldWord(word);
  return commands.find((command) => matchesWord(command, folded));
}

/**
 * Reads a chat input as a slash command: the command and the text after it, the unknown word
 * when no command has that name, or undefined when the input is not a command at all.
 * @param input - what the doctor typed (leading blanks are ignored, as the chat trims its input)
 */
export function parseSlashCommand(
  input: string,
): { command: SlashCommand; text: string } | { unknown: string } | undefined {
  const trimmed = input.trimStart();
  if (!trimmed.startsWith('/')) return undefined;
  const word = firstWord(trimmed);
  const command = findSlashCommand(word);
  if (!command) return { unknown: word };
  return { command, text: trimmed.slice(word.length).trim() };
}

/**
 * How to use a command, with its example: shown when a command that needs text has none.
 * @param command - the command
 */
export function commandUsage(command: SlashCommand): string {
  const usage = command.argument ? `${command.name} ${command.argument}` : command.name;
  return `Uso: ${usage}\nExemplo: ${command.example}`;
}

function missingRequirementMessage(command: SlashCommand, requirement: CommandRequirement): string {
  switch (requirement) {
    case 'record':
      return command.id === 'update-record'
        ? COMMAND_GUARD_MESSAGES.noRecordToUpdate
        : COMMAND_GUARD_MESSAGES.noRecord;
    case 'prescription':
      return COMMAND_GUARD_MESSAGES.noPrescription;
    case 'batch':
      return COMMAND_GUARD_MESSAGES.noBatch;
  }
}

function isOpen(state: CommandState, requirement: CommandRequirement): boolean {
  switch (requirement) {
    case 'record':
      return state.hasRecord;
    case 'prescription':
      return state.hasPrescription;
    case 'batch':
      return state.hasBatch;
  }
}

/**
 * The message that stops a command (docs/product.md, "Como os comandos são lidos"), or undefined
 * when it may run. What must be open is checked before the text, so '/adicionar-medicamento' alone
 * without a receita says so first.
 * @param command - the parsed command
 * @param state - what is open in the chat
 * @param text - the text after the command, trimmed
 */
export function checkCommandGuards(
  command: SlashCommand,
  state: CommandState,
  text: string,
): string | undefined {
  const missing = command.requires.find((requirement) => !isOpen(state, requirement));
  if (missing) return missingRequirementMessage(command, missing);
  if (command.needsText && text.trim() === '') return commandUsage(command);
  return undefined;
}

/**
 * The reply to a command nobody knows, pointing to both helps.
 * @param word - the word as the doctor typed it
 */
export function unknownCommandMessage(word: string): string {
  return (
    `Comando ${word} não reconhecido. Digite /ajuda-prontuario ou /ajuda-receitas para ver os ` +
    'comandos disponíveis.'
  );
}

function helpLines(commands: readonly SlashCommand[]): string[] {
  return commands.map((command) => {
    const aliases =
      command.aliases.length > 0
        ? ` (${command.aliases.map((alias) => `\`${alias}\``).join(', ')})`
        : '';
    return (
      `- \`${command.name}\`${aliases} — ${command.description}\n` +
      `  Exemplo: \`${command.example}\``
    );
  });
}

/** '/ajuda-prontuario': the record commands with description and example, in Markdown. */
export function recordCommandsHelp(): string {
  const commands = SLASH_COMMANDS.filter((command) => command.group === 'record');
  return ['## Comandos do prontuário', '', ...helpLines(commands)].join('\n');
}

const PRESCRIPTION_HELP_SECTIONS: readonly { group: PrescriptionHelpGroup; heading: string }[] = [
  { group: 'basic', heading: 'Comandos básicos' },
  { group: 'batch', heading: 'Lotes de receitas' },
  { group: 'utility', heading: 'Utilitários' },
];

/** '/ajuda-receitas': the prescription commands in their three groups, in Markdown. */
export function prescriptionCommandsHelp(): string {
  const sections = PRESCRIPTION_HELP_SECTIONS.map(({ group, heading }) => {
    const commands = SLASH_COMMANDS.filter((command) => command.helpGroup === group);
    return [`### ${heading}`, '', ...helpLines(commands)].join('\n');
  });
  return ['## Comandos de receitas', ...sections].join('\n\n');
}

/** One line of the chat input's autocomplete. */
export interface SlashCommandSuggestion {
  readonly command: SlashCommand;
  /** What matched and what to put in the input: the name, or the alias the doctor is typing. */
  readonly word: string;
}

/**
 * The commands for the autocomplete while the doctor types the first word of a command: those
 * whose name starts with it, then those that only match by an alias, each command once. Nothing
 * once the input is not a command or the first word is finished.
 * @param prefix - the chat input so far, slash included
 * @param limit - at most this many suggestions
 */
export function suggestCommands(prefix: string, limit = 8): SlashCommandSuggestion[] {
  if (!prefix.startsWith('/') || /\s/.test(prefix) || limit <= 0) return [];
  const folded = foldWord(prefix);
  const startsWith = (word: string): boolean => foldWord(word).startsWith(folded);
  const byName = SLASH_COMMANDS.filter((command) => startsWith(command.name)).map((command) => ({
    command,
    word: command.name,
  }));
  const byAlias = SLASH_COMMANDS.flatMap((command) => {
    if (startsWith(command.name)) return [];
    const alias = command.aliases.find(startsWith);
    return alias ? [{ command, word: alias }] : [];
  });
  return [...byName, ...byAlias].slice(0, limit);
}

/** What the chat does with an input: run a command, or answer at once without running one. */
export type SlashCommandDispatch =
  | { kind: 'run'; command: SlashCommand; text: string }
  | { kind: 'reply'; reason: 'help' | 'guard' | 'unknown'; message: string };

/**
 * Parser, guards and help in one step, for the chat: undefined for an ordinary message; a reply
 * for the helps, a blocked command or an unknown one; otherwise the command to run.
 * @param input - what the doctor typed
 * @param state - what is open in the chat
 */
export function dispatchSlashCommand(
  input: string,
  state: CommandState,
): SlashCommandDispatch | undefined {
  const parsed = parseSlashCommand(input);
  if (!parsed) return undefined;
  if ('unknown' in parsed) {
    return { kind: 'reply', reason: 'unknown', message: unknownCommandMessage(parsed.unknown) };
  }
  const { command, text } = parsed;
  const blocked = checkCommandGuards(command, state, text);
  if (blocked) return { kind: 'reply', reason: 'guard', message: blocked };
  if (command.id === 'record-help') {
    return { kind: 'reply', reason: 'help', message: recordCommandsHelp() };
  }
  if (command.id === 'prescription-help') {
    return { kind: 'reply', reason: 'help', message: prescriptionCommandsHelp() };
  }
  return { kind: 'run', command, text };
}
