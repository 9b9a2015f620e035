import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyTimeZone, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      authSecret: undefined,
      auditKey: undefined,
      ai: undefined,
      transcription: undefined,
      cid10Dir: undefined,
      logLevel: 'info',
      publicOrigin: undefined,
      trustProxy: false,
      durableWrites: true,
      session: { idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 },
    });
  });

  it('reads the session idle timeout and lifetime, the idle one never longer than the lifetime', () => {
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15', SESSION_MAX_HOURS: '8' }).session).toEqual({
      idleMs: 15 * 60_000,
      maxMs: 8 * 3_600_000,
    });
    expect(loadConfig({ SESSION_IDLE_MINUTES: '600', SESSION_MAX_HOURS: '2' }).session).toEqual({
      idleMs: 2 * 3_600_000,
      maxMs: 2 * 3_600_000,
    });
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(
      /SESSION_IDLE_MINUTES: deve estar entre 1 e 1440/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', AI_BASE_URL: ' ', PORT: '' }).port).toBe(3000);
  });

  it('derives the reasoning and transcription settings from the chat provider', () => {
    const config = loadConfig({
      AI_BASE_URL: 'https://api.groq.com/openai/v1',
      AI_API_KEY: 'k',
      AI_CHAT_MODEL: 'llama-3.1-8b-instant',
    });
    expect(config.ai).toEqual({
      baseUrl: 'https://api.groq.com/openai/v1',
      apiKey: 'k',
      chatModel: 'llama-3.1-8b-instant',
      reasoningModel: 'llama-3.1-8b-instant',
    });
    expect(config.transcription).toEqual({
      baseUrl: 'https://api.groq.com/openai/v1',
      apiKey: 'k',
      model: 'whisper-1',
      segmentMs: 30_000,
    });
  });

  it('allows transcription alone, with the offline engine for everything else', () => {
    const config = loadConfig({ AI_TRANSCRIBE_BASE_URL: 'http://localhost:8000/v1' });
    expect(config.ai).toBeUndefined();
    expect(config.transcription?.baseUrl).toBe('http://localhost:8000/v1');
  });

  it('sends a long visit for transcription in pieces of AI_TRANSCRIBE_SEGMENT_SECONDS', () => {
    const config = loadConfig({
      AI_TRANSCRIBE_BASE_URL: 'http://localhost:8000/v1',
      AI_TRANSCRIBE_SEGMENT_SECONDS: '60',
    });
    expect(config.transcription?.segmentMs).toBe(60_000);
    expect(() =>
      loadConfig({ AI_TRANSCRIBE_BASE_URL: 'http://x/v1', AI_TRANSCRIBE_SEGMENT_SECONDS: '0' }),
    ).toThrow(/AI_TRANSCRIBE_SEGMENT_SECONDS: deve estar entre 1 e 1500/);
  });

  it('names every invalid variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        AUTH_SECRET: 'curto',
        AUDIT_KEY: 'curta',
        AI_BASE_URL: 'ftp://x',
        LOG_LEVEL: 'verbose',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems } = error as ConfigError;
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'AUTH_SECRET',
      'AUDIT_KEY',
      'AI_BASE_URL',
      'LOG_LEVEL',
    ]);
    expect(problems[0]).toBe('PORT: deve ser um número de porta');
  });

  it('keeps only the origin of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://prontu.clinica.com.br/app/' }).publicOrigin).toBe(
      'https://prontu.clinica.com.br',
    );
  });

  it.each(['70000', '-1', '3.5'])('refuses PORT=%s', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
  });
});

describe('the server entry point', () => {
  it('exits with code 1 and a clear message on an invalid value', () => {
    const tsx = path.resolve('node_modules/.bin/tsx');
    const result = spawnSync(tsx, ['src/server/main.ts'], {
      env: { ...process.env, PORT: 'porta', DATA_DIR: '/tmp/prontu-config-test' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Configuração inválida:');
    expect(result.stderr).toContain('PORT: deve ser um número de porta');
    // Starting tsx takes seconds on a busy machine: the spawn has its own 30 s bound.
  }, 40_000);
});

describe('applyTimeZone', () => {
  it("prints documents in Brasília's time unless TZ names another zone", () => {
    const unset: NodeJS.ProcessEnv = {};
    applyTimeZone(unset);
    expect(unset.TZ).toBe('America/Sao_Paulo');
    const manaus: NodeJS.ProcessEnv = { TZ: 'America/Manaus' };
    applyTimeZone(manaus);
    expect(manaus.TZ).toBe('America/Manaus');
  });
});
