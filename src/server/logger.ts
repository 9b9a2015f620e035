import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Patient text never goes into a log line at info level: request logs
 * carry the method, the route path (never the query string) and the status.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'prontu' },
    redact: {
      // Belt and braces: query parameters and bodies may hold patient text.
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        '*.password',
        '*.apiKey',
        // Cloud-certificate signing (docs/assinatura-nuvem.md): a PSC's token, the one-time code
        // and the application's secret at the PSC are never logged; these catch a slip.
        '*.accessToken',
        '*.otp',
        '*.clientSecret',
        'err.params',
        'err.query',
        'err.detail',
      ],
      censor: '[oculto]',
    },
  });
}
