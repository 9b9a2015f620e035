// Runs in <head> before the first paint, so a dark-theme doctor never sees a white flash.
// An external file because the Content-Security-Policy forbids inline scripts.
// Keep in sync with src/web/app/theme.ts (storage key 'theme', classes 'light' / 'dark').
(function () {
  var theme = 'light';
  try {
    if (window.localStorage.getItem('theme') === 'dark') theme = 'dark';
  } catch {
    // Storage blocked (private mode, policy): the default theme it is.
  }
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.setAttribute('data-theme', theme);
})();
