/*
 * The offline unlock form before the app's code has run (issue 25: the offline start after a browser
 * restart). When this page is sure to end on the device's offline unlock — the browser is offline, this
 * tab holds no session or lock screen, the page is one the sign-in guard sends to Login, and the device
 * knows exactly one user who may try a password now — it paints the same form at once, while the app's
 * entry (about 0.5 MB) is still being fetched, compiled and run. It checks nothing and stores nothing:
 * it only keeps what is typed, and on "Openen" starts the slow hash (PBKDF2, with the stored verifier's
 * salt and iteration count) so its result is ready when the app checks the password. The app takes the
 * form over (src/features/auth/device-unlock/boot-unlock.ts: the typed password, the focus, a pending
 * submit) and decides everything as before: the count of wrong tries, the delays, the lock-out.
 * Texts: the same as src/i18n/nl.json and en.json (offline-unlock-boot.test.ts compares them).
 * An external file, not an inline script, so a strict Content-Security-Policy (script-src 'self') allows it.
 */
(function () {
  var TEXTS = {
    nl: {
      skip: 'Direct naar de inhoud',
      title: 'Offline openen',
      intro:
        'Er is geen verbinding met de server. Voer uw wachtwoord in om Werkpad te openen met de gegevens op dit apparaat. Wat u wijzigt wordt verstuurd zodra er weer verbinding is en u opnieuw bent aangemeld.',
      pinIntro:
        'Er is geen verbinding met de server. Voer de pincode van dit apparaat in om Werkpad te openen met de gegevens op dit apparaat. Wat u wijzigt wordt verstuurd zodra er weer verbinding is en u opnieuw bent aangemeld.',
      user: 'Gebruiker: {{name}} ({{username}})',
      password: 'Wachtwoord',
      pin: 'Pincode',
      submit: 'Openen',
      checking: 'Bezig met controleren…',
      onlineSignIn: 'Online inloggen',
      showPassword: 'Wachtwoord tonen',
      hidePassword: 'Wachtwoord verbergen',
      show: 'Tonen',
      hide: 'Verbergen',
    },
    en: {
      skip: 'Skip to content',
      title: 'Open offline',
      intro:
        'The server cannot be reached. Enter your password to open Werkpad with the data on this device. What you change is sent once the connection is back and you are signed in again.',
      pinIntro:
        "The server cannot be reached. Enter this device's PIN to open Werkpad with the data on this device. What you change is sent once the connection is back and you are signed in again.",
      user: 'User: {{name}} ({{username}})',
      password: 'Password',
      pin: 'PIN',
      submit: 'Open',
      checking: 'Checking…',
      onlineSignIn: 'Sign in online',
      showPassword: 'Show password',
      hidePassword: 'Hide password',
      show: 'Show',
      hide: 'Hide',
    },
  };
  /* Pages outside the sign-in guard (src/routes: everything but _app and the catch-all): they do not end on the unlock. */
  var PUBLIC = /^\/(?:aanmelden|cms|development|e-mail-herstellen|error|oauth|offline|registration|sso)(?:\/|$)|^\/login\/./;
  /* The first three wrong tries are free (src/features/auth/device-unlock/attempts.ts): with fewer the form is ready now. */
  var FREE_FAILURES = 3;

  function storedJson(storage, key) {
    try {
      var raw = storage && storage.getItem(key);
      return raw ? JSON.parse(raw) : null;
    } catch (e) {
      return null;
    }
  }

  /* The one user the app's unlock form will show, ready for a try; null when the app should decide alone. */
  function readyUser() {
    if (navigator.onLine !== false || PUBLIC.test(location.pathname)) return null;
    if (storedJson(window.sessionStorage, 'werkpad.session') !== null || storedJson(window.sessionStorage, 'werkpad.lock') !== null) return null;
    var users = storedJson(window.localStorage, 'werkpad.deviceUsers');
    if (!Array.isArray(users) || users.length !== 1) return null;
    var entry = users[0];
    var verifier = entry && entry.verifier;
    if (!entry.user || typeof entry.user.id !== 'number' || typeof entry.user.companyId !== 'number' || typeof entry.user.username !== 'string') return null;
    if (!verifier || verifier.algorithm !== 'PBKDF2-SHA-256' || typeof verifier.iterations !== 'number' || typeof verifier.salt !== 'string' || typeof verifier.hash !== 'string') return null;
    if (typeof entry.failures !== 'number' || entry.failures >= FREE_FAILURES) return null;
    if (entry.secret !== undefined && entry.secret !== 'password' && entry.secret !== 'pin') return null;
    return entry;
  }

  function el(tag, props, children) {
    var node = document.createElement(tag);
    for (var key in props) {
      if (key === 'text') node.textContent = props[key];
      else if (key === 'className') node.className = props[key];
      else node.setAttribute(key, props[key]);
    }
    for (var i = 0; children && i < children.length; i++) node.appendChild(children[i]);
    return node;
  }

  function logo() {
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('class', 'logo__mark');
    svg.setAttribute('viewBox', '0 0 32 32');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    var rect = document.createElementNS(ns, 'rect');
    var attrs = { width: '32', height: '32', rx: '7', fill: 'currentColor', opacity: '0.16' };
    for (var a in attrs) rect.setAttribute(a, attrs[a]);
    var path = document.createElementNS(ns, 'path');
    var pathAttrs = { d: 'M6 10l4.5 13L16 12l5.5 11L26 10', fill: 'none', stroke: 'currentColor', 'stroke-width': '3', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
    for (var p in pathAttrs) path.setAttribute(p, pathAttrs[p]);
    svg.appendChild(rect);
    svg.appendChild(path);
    return el('span', { className: 'logo' }, [svg, el('span', { className: 'logo__name', text: 'Werkpad' })]);
  }

  function fromBase64(text) {
    var raw = atob(text);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  /* The slow part of the app's check (verifier.ts derive), started at once; the app compares and counts. */
  function startDerivation(password, verifier) {
    try {
      var subtle = window.crypto && window.crypto.subtle;
      if (!subtle) return null;
      var bits = subtle
        .importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits'])
        .then(function (key) {
          return subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(verifier.salt), iterations: verifier.iterations }, key, 256);
        });
      bits.catch(function () {});
      return { password: password, salt: verifier.salt, iterations: verifier.iterations, bits: bits };
    } catch (e) {
      return null;
    }
  }

  function paint(entry) {
    var root = document.getElementById('root');
    if (!root || !root.parentNode) return;
    var language = 'nl';
    try {
      if (window.localStorage.getItem('werkpad.language') === 'en') language = 'en';
    } catch (e) {
      language = 'nl';
    }
    var t = TEXTS[language];
    var pin = entry.secret === 'pin';
    var name = ((entry.user.givenName || '') + ' ' + (entry.user.surname || '')).trim() || entry.user.username;
    var label = pin ? t.pin : t.password;

    var input = el('input', { id: 'boot-unlock-password', type: 'password', className: 'input password-input__field', autocomplete: 'current-password' });
    var toggle = el('button', { type: 'button', className: 'password-input__toggle', 'aria-controls': 'boot-unlock-password', 'aria-pressed': 'false', 'aria-label': t.showPassword, text: t.show });
    var submit = el('button', { type: 'submit', className: 'button button--primary button--block', text: t.submit });
    var online = el('button', { type: 'button', className: 'link-button', text: t.onlineSignIn });
    var username = el('input', { type: 'text', hidden: '', readonly: '', autocomplete: 'username' });
    username.value = entry.user.username;
    var form = el('form', { className: 'login__form', novalidate: '' }, [
      username,
      el('div', { className: 'field' }, [el('label', { className: 'field__label', for: 'boot-unlock-password', text: label }), el('div', { className: 'password-input' }, [input, toggle])]),
      submit,
    ]);
    var frame = el('div', { id: 'boot-unlock', className: 'public-frame' }, [
      el('a', { className: 'skip-link', href: '#boot-main', text: t.skip }),
      el('header', { className: 'public-frame__header' }, [logo()]),
      el('main', { id: 'boot-main', tabindex: '-1', className: 'public-frame__main' }, [
        el('section', { className: 'login card', 'aria-labelledby': 'boot-unlock-title', 'data-testid': 'offline-unlock' }, [
          el('h1', { id: 'boot-unlock-title', className: 'login__title', text: t.title }),
          el('p', { className: 'login__intro', text: pin ? t.pinIntro : t.intro }),
          el('p', { 'data-testid': 'offline-unlock-user', text: t.user.replace('{{name}}', name).replace('{{username}}', entry.user.username) }),
          el('div', { 'aria-live': 'polite' }),
          form,
          el('ul', { className: 'login__links' }, [el('li', {}, [online])]),
        ]),
      ]),
    ]);

    /* What the app takes over (boot-unlock.ts): whose form, a submit or the online sign-in asked for. */
    var state = { userId: entry.user.id, submitted: false, onlineSignIn: false, derivation: null };
    window.werkpadBootUnlock = state;
    toggle.addEventListener('click', function () {
      var visible = input.type === 'password';
      input.type = visible ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', visible ? 'true' : 'false');
      toggle.setAttribute('aria-label', visible ? t.hidePassword : t.showPassword);
      toggle.textContent = visible ? t.hide : t.show;
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (state.submitted) return;
      state.submitted = true;
      if (input.value !== '') state.derivation = startDerivation(input.value, entry.verifier);
      submit.disabled = true;
      submit.textContent = t.checking;
    });
    online.addEventListener('click', function () {
      state.onlineSignIn = true;
      online.disabled = true;
    });

    document.documentElement.lang = language;
    document.title = t.title + ' – Werkpad';
    root.hidden = true;
    root.parentNode.insertBefore(frame, root);
    input.focus();
  }

  try {
    var entry = readyUser();
    if (entry) paint(entry);
  } catch (e) {
    /* Anything unexpected: the app shows its own form as before. */
  }
})();
