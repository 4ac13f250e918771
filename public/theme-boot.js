/*
 * Paints the user's theme before the first frame (no flash): the app keeps the user's choice in
 * localStorage under "werkpad.display" (src/lib/ui/display-settings.ts). An external file, not an
 * inline script, so a strict Content-Security-Policy (script-src 'self') allows it.
 */
(function () {
  var theme = 'automatic';
  try {
    var stored = JSON.parse(localStorage.getItem('werkpad.display') || '{}');
    if (stored && (stored.theme === 'dark' || stored.theme === 'light' || stored.theme === 'automatic')) theme = stored.theme;
  } catch (e) {
    theme = 'automatic';
  }
  if (theme === 'automatic') theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
})();
