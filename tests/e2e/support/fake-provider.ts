import { afterAll, beforeAll } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '@server/testing/fake-openai-server';

/**
 * A fake OpenAI-compatible provider on loopback for the whole test file (started before the app
 * server, so its address can go into the app's environment).
 * @returns the running fake (after `beforeAll`)
 */
export function useFakeProvider(): () => FakeOpenAiServer {
  let fake: FakeOpenAiServer | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error('the fake provider is not running');
    return fake;
  };
}
