/**
 * The calendar day of an instant on this machine's clock, as the API writes days: '2026-03-01'.
 * Local, not UTC: a receita signed at 22:00 in Brasília is dated that evening's day.
 * @param instant - the moment
 */
export function localDay(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** Today on this machine's calendar, as `yyyy-MM-dd`. */
export function localToday(): string {
  return localDay(new Date());
}
