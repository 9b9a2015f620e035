/** Why a chat answer failed, as far as the person using Prontu cares. */
export type ChatErrorKind = 'auth' | 'quota' | 'rate-limit' | 'network' | 'other';

/**
 * Spec §8, chat errors shown as assistant messages, word for word. One copy for the server (the
 * provider's failures) and the browser (a request that never got an answer).
 */
export const CHAT_ERROR_MESSAGES: Readonly<Record<ChatErrorKind, string>> = {
  auth: 'Erro de configuração: Chave da API não configurada ou inválida.',
  quota: 'Limite de uso da API excedido. Tente novamente mais tarde.',
  'rate-limit': 'Muitas requisições. Aguarde alguns segundos e tente novamente.',
  network: 'Erro de conexão. Verifique sua internet e tente novamente.',
  other:
    'Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente em alguns instantes.',
};
