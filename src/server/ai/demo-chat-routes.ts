import { Hono } from 'hono';
import { composeOfflineReply } from '@clinical/offline-chat';
import { demoChatRequestSchema } from '@shared/chat/demo-chat';
import { DEMO_CHAT_MODE_HEADER, type DemoChatModeAnswer } from '@shared/chat/demo-chat-protocol';
import type { Config } from '../config';
import type { AppDatabase } from '../db/database';
import type { AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/json-body';
import { rateLimit } from '../http/rate-limit';
import { CLIENT_IP_HEADER } from '../http/security';
import { CHAT_TIMEOUT_MS, createAiModels } from './chat-model';
import { offlineReply, startModelReply } from './model-stream';

/** Demo messages per client address and window: a real visitor never gets near it. */
export const DEMO_CHAT_RATE_LIMIT = {
  max: 20,
  windowMs: 10 * 60 * 1000,
  message: 'Muitas mensagens em pouco tempo. Aguarde alguns minutos e tente novamente.',
} as const;

/** The model's instructions for the landing page's demo (Portuguese, as it answers in it). */
export const DEMO_SYSTEM_PROMPT = [
  'Você é a demonstração do Prontu, um assistente clínico para médicos brasileiros, na página',
  'inicial do produto. Quem escreve é um médico: fale com ele como um colega, em português do',
  'Brasil, de forma concisa (poucos parágrafos curtos). Suas respostas são informativas e não',
  'substituem o julgamento clínico nem a avaliação do paciente. Se a mensagem descrever uma',
  'emergência (dor no peito, falta de ar intensa, convulsão, sangramento intenso, desmaio,',
  'intoxicação, acidente grave), oriente a ligar imediatamente para o SAMU 192 ou procurar a',
  'unidade de emergência mais próxima. Se perguntarem sobre o Prontu: ele oferece chat com IA',
  '(geral ou com 20 especialistas), prontuário SOAP em sete etapas, consulta por voz com',
  'transcrição, busca de CID-10, sugestões de medicamentos, exames e plano, e receitas para',
  'imprimir; os dados ficam no banco de dados da clínica e cada médico vê apenas os seus',
  'pacientes. Para usar tudo isso, o médico clica em Cadastrar e cria sua conta.',
].join(' ');

/**
 * `POST /api/ai/demo-chat`: the landing page's demo chat, for signed-out visitors. Answers the
 * conversation with a streamed `text/plain` reply and `X-Prontu-AI-Mode: offline | model`.
 * Rate-limited per client address (the `clientAddress` middleware must run before it).
 */
export function demoChatRoutes(deps: { config: Config; db: AppDatabase }): Hono<AppEnv> {
  const model = deps.config.ai ? createAiModels(deps.config.ai).chat : undefined;
  const routes = new Hono<AppEnv>();

  // Who will answer, so the landing can say "Modo offline" before the first message. Only the
  // kind: the model's name is for signed-in doctors (`/api/health`).
  routes.get('/', (c) => {
    const body: DemoChatModeAnswer = { mode: model ? 'model' : 'offline' };
    return c.json(body);
  });

  routes.post(
    '/',
    rateLimit({
      db: deps.db,
      name: 'demo-chat',
      ...DEMO_CHAT_RATE_LIMIT,
      keyOf: (c) => c.req.header(CLIENT_IP_HEADER) ?? 'unknown',
    }),
    async (c) => {
      const { messages } = await readJsonBody(c, demoChatRequestSchema);
      const log = c.get('log').child({
        component: 'demo-chat',
        mode: model ? 'model' : 'offline',
        // Sizes only: what visitors write may describe a patient.
        messages: messages.length,
        chars: messages.reduce((total, message) => total + message.content.length, 0),
      });
      const reply = model
        ? await startModelReply({
            model,
            system: DEMO_SYSTEM_PROMPT,
            messages,
            requestSignal: c.req.raw.signal,
            timeoutMs: CHAT_TIMEOUT_MS,
            // No retries in the demo: a visitor is waiting, the SDK's back-off (2 s, then 4 s)
            // would eat most of the 30 s, and retrying a rate-limited public demo only adds load.
            maxRetries: 0,
            log,
            breakResponse: () => c.env.outgoing.destroy(),
          })
        : offlineReply(composeOfflineReply(messages), log);
      return new Response(reply.body, {
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          [DEMO_CHAT_MODE_HEADER]: reply.mode,
          // A reverse proxy must pass each piece on as it comes, not the whole answer at the end.
          'X-Accel-Buffering': 'no',
        },
      });
    },
  );
  return routes;
}
