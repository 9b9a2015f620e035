/**
 * The browser's language as `Intl` accepts it. A Chromium started under LANG=C or C.UTF-8 reports
 * `navigator.language` as 'en-US@posix', a tag `Intl` refuses with a RangeError; uPlot builds an
 * `Intl.NumberFormat` from that language as its module loads, so the chart's chunk would fail to
 * load. Imported before uPlot (line-chart.tsx), this puts the page's own language in its place.
 * The charts' labels are formatted by the app itself, so nothing they show depends on it.
 */

/** Whether `Intl` accepts `language` as a locale. */
export function isIntlLanguage(language: string): boolean {
  try {
    return Intl.getCanonicalLocales(language).length === 1;
  } catch {
    return false;
  }
}

if (typeof navigator !== 'undefined' && !isIntlLanguage(navigator.language)) {
  const pageLanguage = document.documentElement.lang;
  Object.defineProperty(navigator, 'language', {
    value: isIntlLanguage(pageLanguage) ? pageLanguage : 'pt-BR',
    configurable: true,
  });
}
