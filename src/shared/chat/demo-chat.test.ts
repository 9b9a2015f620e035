import { describe, expect, it } from 'vitest';
import { demoChatRequestSchema, demoChatTextSchema } from './demo-chat';
import { DEMO_CHAT_MAX_LENGTH } from './demo-chat-protocol';

/** The sentence the demo form shows under its input. */
function formMessage(
  schema: typeof demoChatTextSchema | typeof demoChatRequestSchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('demo chat schemas', () => {
  it('limits the input to 500 characters, trimmed', () => {
    expect(DEMO_CHAT_MAX_LENGTH).toBe(500);
    expect(demoChatTextSchema.parse(`  ${'a'.repeat(500)}  `)).toHaveLength(500);
    expect(formMessage(demoChatTextSchema, 'a'.repeat(501))).toBe(
      'A mensagem pode ter no máximo 500 caracteres.',
    );
    expect(formMessage(demoChatTextSchema, '   ')).toBe('A mensagem não pode ficar vazia.');
  });

  it('takes a conversation of user and assistant messages ending with the user', () => {
    const conversation = [
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá!' },
      { role: 'user', content: ' E as receitas? ' },
    ];
    expect(demoChatRequestSchema.parse({ messages: conversation }).messages[2]).toEqual({
      role: 'user',
      content: 'E as receitas?',
    });
    expect(formMessage(demoChatRequestSchema, { messages: conversation.slice(0, 2) })).toBe(
      'A última mensagem deve ser do usuário.',
    );
    expect(formMessage(demoChatRequestSchema, { messages: [] })).toBe(
      'Envie ao menos uma mensagem.',
    );
    const tooMany = Array.from({ length: 21 }, () => ({ role: 'user', content: 'Oi' }));
    expect(formMessage(demoChatRequestSchema, { messages: tooMany })).toMatch(/no máximo 20/);
    expect(
      formMessage(demoChatRequestSchema, { messages: [{ role: 'system', content: 'x' }] }),
    ).toMatch(/"user" ou "assistant"/);
    expect(
      formMessage(demoChatRequestSchema, {
        messages: [
          { role: 'assistant', content: 'a'.repeat(4001) },
          { role: 'user', content: 'Oi' },
        ],
      }),
    ).toBe('Cada resposta do assistente pode ter no máximo 4000 caracteres.');
  });
});
