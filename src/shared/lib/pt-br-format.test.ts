import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatDecimal,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatRelativeTime,
  formatTime,
  INVALID_DATE_TEXT,
  listInWords,
} from './pt-br-format';

// Local-time constructors, so the expected text holds in every time zone.
const NOW = new Date(2026, 10, 21, 9, 5);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The moment `ms` before NOW; counted in milliseconds so no DST change can shift it. */
const before = (ms: number) => new Date(NOW.getTime() - ms);

const INVALID_INPUTS: [string, Date | string | number][] = [
  ['an unparsable string', 'ontem à tarde'],
  ['an empty string', ''],
  ['an impossible ISO date', '2026-02-30'],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['an Invalid Date', new Date('x')],
];

describe('formatDateTime', () => {
  it('shows dd/MM/yyyy HH:mm in local time', () => {
    expect(formatDateTime(NOW)).toBe('21/11/2026 09:05');
  });

  it('zero-pads a single-digit day, month, hour and minute', () => {
    expect(formatDateTime(new Date(2026, 2, 1, 7, 3))).toBe('01/03/2026 07:03');
  });

  it('uses the 24-hour clock from 00:00 to 23:59', () => {
    expect(formatDateTime(new Date(2026, 0, 1, 0, 0))).toBe('01/01/2026 00:00');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59))).toBe('31/12/2026 23:59');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDateTime(NOW.getTime())).toBe('21/11/2026 09:05');
  });

  it('accepts an ISO string, with or without an offset', () => {
    expect(formatDateTime('2026-11-21T09:05:00')).toBe('21/11/2026 09:05');
    expect(formatDateTime('2026-11-21T12:05:00.000Z')).toBe(
      formatDateTime(new Date(Date.UTC(2026, 10, 21, 12, 5))),
    );
  });
});

describe('formatDate', () => {
  it('shows dd/MM/yyyy with zero-padding', () => {
    expect(formatDate(NOW)).toBe('21/11/2026');
    expect(formatDate(new Date(2026, 2, 1, 23, 59))).toBe('01/03/2026');
  });

  it('reads a date-only ISO string as that local day', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(new Date(2026, 0, 9).getTime())).toBe('09/01/2026');
  });
});

describe('formatTime', () => {
  it('shows HH:mm with zero-padding', () => {
    expect(formatTime(NOW)).toBe('09:05');
    expect(formatTime(new Date(2026, 10, 21, 0, 0))).toBe('00:00');
    expect(formatTime(new Date(2026, 10, 21, 23, 59))).toBe('23:59');
  });

  it('accepts strings and epoch milliseconds', () => {
    expect(formatTime('2026-11-21T18:30')).toBe('18:30');
    expect(formatTime(NOW.getTime())).toBe('09:05');
  });
});

describe('formatLongDate', () => {
  it('writes the day without padding and the month in lower case', () => {
    expect(formatLongDate(new Date(2026, 2, 1))).toBe('1 de março de 2026');
    expect(formatLongDate(NOW)).toBe('21 de novembro de 2026');
  });

  it.each([
    [0, 'janeiro'],
    [1, 'fevereiro'],
    [2, 'março'],
    [3, 'abril'],
    [4, 'maio'],
    [5, 'junho'],
    [6, 'julho'],
    [7, 'agosto'],
    [8, 'setembro'],
    [9, 'outubro'],
    [10, 'novembro'],
    [11, 'dezembro'],
  ])('names month %i %s', (month, name) => {
    expect(formatLongDate(new Date(2026, month, 15))).toBe(`15 de ${name} de 2026`);
  });

  it('accepts strings and epoch milliseconds', () => {
    expect(formatLongDate('2026-03-01')).toBe('1 de março de 2026');
    expect(formatLongDate(new Date(2026, 6, 4).getTime())).toBe('4 de julho de 2026');
  });
});

describe('formatRelativeTime', () => {
  it.each([
    ['0 s', 0, 'agora mesmo'],
    ['59 s', 59 * SECOND, 'agora mesmo'],
    ['60 s', 60 * SECOND, 'há 1 minuto'],
    ['1 min 59 s', 119 * SECOND, 'há 1 minuto'],
    ['2 min', 2 * MINUTE, 'há 2 minutos'],
    ['59 min 59 s', 59 * MINUTE + 59 * SECOND, 'há 59 minutos'],
    ['60 min', 60 * MINUTE, 'há 1 hora'],
    ['1 h 59 min 59 s', 2 * HOUR - SECOND, 'há 1 hora'],
    ['2 h', 2 * HOUR, 'há 2 horas'],
    ['23 h 59 min', 23 * HOUR + 59 * MINUTE, 'há 23 horas'],
    ['24 h', 24 * HOUR, 'há 1 dia'],
    ['2 days', 2 * DAY, 'há 2 dias'],
    ['6 days', 6 * DAY, 'há 6 dias'],
    ['6 days 23 h 59 min', 7 * DAY - MINUTE, 'há 6 dias'],
    ['7 days', 7 * DAY, 'há 1 semana'],
    ['13 days', 13 * DAY, 'há 1 semana'],
    ['14 days', 14 * DAY, 'há 2 semanas'],
    ['27 days', 27 * DAY, 'há 3 semanas'],
    ['28 days', 28 * DAY, 'há 1 mês'],
    ['59 days', 59 * DAY, 'há 1 mês'],
    ['60 days', 60 * DAY, 'há 2 meses'],
    ['359 days', 359 * DAY, 'há 11 meses'],
    ['360 days', 360 * DAY, 'há 1 ano'],
    ['364 days', 364 * DAY, 'há 1 ano'],
    ['365 days', 365 * DAY, 'há 1 ano'],
    ['729 days', 729 * DAY, 'há 1 ano'],
    ['730 days', 730 * DAY, 'há 2 anos'],
    ['3650 days', 3650 * DAY, 'há 10 anos'],
  ])('%s ago reads "%s"', (_label, elapsed, expected) => {
    expect(formatRelativeTime(before(elapsed), NOW)).toBe(expected);
  });

  it('reads a future date as agora mesmo', () => {
    expect(formatRelativeTime(before(-SECOND), NOW)).toBe('agora mesmo');
    expect(formatRelativeTime(before(-3 * DAY), NOW)).toBe('agora mesmo');
  });

  it('accepts an ISO string and epoch milliseconds', () => {
    expect(formatRelativeTime(before(5 * MINUTE).toISOString(), NOW)).toBe('há 5 minutos');
    expect(formatRelativeTime(before(3 * HOUR).getTime(), NOW)).toBe('há 3 horas');
  });

  it('measures from the current time when no now is given', () => {
    expect(formatRelativeTime(Date.now() - 5 * MINUTE)).toBe('há 5 minutos');
  });

  it('returns Data inválida when now itself is invalid', () => {
    expect(formatRelativeTime(NOW, new Date(Number.NaN))).toBe(INVALID_DATE_TEXT);
  });
});

describe('invalid input', () => {
  it('is the Portuguese text Data inválida', () => {
    expect(INVALID_DATE_TEXT).toBe('Data inválida');
  });

  it.each(INVALID_INPUTS)('%s gives Data inválida in every formatter', (_label, value) => {
    expect(formatDateTime(value)).toBe(INVALID_DATE_TEXT);
    expect(formatDate(value)).toBe(INVALID_DATE_TEXT);
    expect(formatTime(value)).toBe(INVALID_DATE_TEXT);
    expect(formatLongDate(value)).toBe(INVALID_DATE_TEXT);
    expect(formatRelativeTime(value, NOW)).toBe(INVALID_DATE_TEXT);
  });
});

describe('formatDecimal', () => {
  it('writes the decimal comma', () => {
    expect(formatDecimal(37.8)).toBe('37,8');
    expect(formatDecimal(88)).toBe('88');
    expect(formatDecimal(22.857, 1)).toBe('22,9');
    expect(formatDecimal(30, 1)).toBe('30,0');
  });
});

describe('formatCep', () => {
  it('puts the hyphen after the fifth digit', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131010')).toBe('0131010');
  });
});

describe('listInWords', () => {
  it('joins the Portuguese way', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['Febre'])).toBe('Febre');
    expect(listInWords(['Febre', 'Tosse'])).toBe('Febre e Tosse');
    expect(listInWords(['Febre', 'Tosse', 'Coriza'])).toBe('Febre, Tosse e Coriza');
  });

  it('lists missing fields as a sentence says them', () => {
    expect(listInWords(['nome'])).toBe('nome');
    expect(listInWords(['nome', 'endereço'])).toBe('nome e endereço');
    expect(listInWords(['nome', 'CRM e UF', 'endereço'])).toBe('nome, CRM e UF e endereço');
  });
});

describe('formatDecimal with at most some decimals', () => {
  it('writes a decimal comma and rounds', () => {
    expect(formatDecimal(37.8, { atMost: 1 })).toBe('37,8');
    expect(formatDecimal(72, { atMost: 1 })).toBe('72');
    expect(formatDecimal(25.4567, { atMost: 1 })).toBe('25,5');
    expect(formatDecimal(1.755, { atMost: 2 })).toBe('1,76');
  });
});
