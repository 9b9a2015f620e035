// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubSpeechRecognition } from '../../testing/fake-speech-recognition';
import { DICTATION_PROBLEM_MESSAGES } from './browser-dictation';
import { ChatInput } from './chat-input';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

function renderInput() {
  const sent: string[] = [];
  render(
    <ChatInput
      label="Mensagem"
      placeholder="Digite sua mensagem"
      maxLength={2000}
      disabled={false}
      voice
      onSend={(text) => sent.push(text)}
    />,
  );
  return { sent, user: userEvent.setup() };
}

describe('ChatInput dictation', () => {
  it('writes what the browser heard into the box', async () => {
    const recognition = stubSpeechRecognition();
    const { user } = renderInput();
    await user.click(screen.getByRole('button', { name: 'Ditar mensagem por voz' }));
    act(() => recognition.last().hear(0, [['dose de amoxicilina', true]]));
    act(() => recognition.last().end());
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Mensagem' }).value).toBe(
      'dose de amoxicilina',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why, next to the box, when dictation gives no text', async () => {
    const recognition = stubSpeechRecognition();
    const { user } = renderInput();
    await user.click(screen.getByRole('button', { name: 'Ditar mensagem por voz' }));
    act(() => recognition.last().fail('not-allowed'));
    expect(screen.getByRole('alert').textContent).toBe(DICTATION_PROBLEM_MESSAGES['not-allowed']);
  });
});
