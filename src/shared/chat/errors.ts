import { API_ERRORS } from '../api/errors';
import { isApiError } from '../api/client';

/** Why a chat answer failed, as far as the person using Prontu cares. */
export type ChatErrorKind = 'auth' | 'quota' | 'rate-limit' | 'network' | 'other';

/**
 * docs/product.md, "Erros do chat e do provedor de IA": chat errors shown as assistant messages,
 * word for word. One copy for the server (the provider's failures) and the browser (a request that
 * never got an answer).
 */
export const CHAT_ERROR_MESSAGES: Readonly<Record<ChatErrorKind, string>> = {
  auth: 'Erro de configuração: Chave da API não configurada ou inválida.',
  quota: 'Limite de uso da API excedido. Tente novamente mais tarde.',
  'rate-limit': 'Muitas requisições. Aguarde alguns segundos e tente novamente.',
  network: 'Erro de conexão. Verifique sua internet e tente novamente.',
  other:
    'Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente em alguns instantes.',
};

/** Shown when the connection drops in the middle of a reply, after what arrived of it. */
export const ANSWER_CUT_ERROR = `A resposta foi interrompida. ${API_ERRORS.unreachable.message}`;

/**
 * The text of a failed reply: the API's Portuguese message; when the connection dropped after
 * the first words, that the reply was cut; the generic error for anything without a message.
 * @param answered - whether some of the reply had arrived
 */
export function chatErrorText(error: unknown, answered: boolean): string {
  if (answered && isApiError(error, 'unreachable')) return ANSWER_CUT_ERROR;
  return error instanceof Error && error.message ? error.message : CHAT_ERROR_MESSAGES.other;
}
