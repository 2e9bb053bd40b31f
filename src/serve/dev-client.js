// sahel serve's dev client (never in `build` output): reloads the page when it is re-rendered,
// shows content errors over the page until they are fixed, and warnings (lint findings that
// stop nothing) in a panel at the bottom that the editor can dismiss. Served as /__sahel/dev.js from
// the site's origin, so the production Content-Security-Policy (script-src 'self',
// connect-src 'self') allows it and its event stream.
const OVERLAY_ID = 'sahel-error-overlay';
const WARNINGS_ID = 'sahel-warnings';
// The warnings last dismissed (their reports), so a reload does not show them again.
const DISMISSED_KEY = 'sahel-dismissed-warnings';
let run = null; // which run of `serve` this page was loaded from
let version = 0; // the newest event seen

function here() {
  let path = location.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep it encoded
  }
  return path.endsWith('/') || path.endsWith('.html') ? path : `${path}/`;
}

function el(tag, css, text) {
  const node = document.createElement(tag);
  node.style.cssText = css;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// The overlay speaks the page's language when sahel's messages have it (its primary subtag:
// `ar` for `ar-AE`), else English; right to left for a right-to-left page.
function pageLanguage(available) {
  const lang = (document.documentElement.lang || 'en').toLowerCase().split('-')[0];
  return available && Object.prototype.hasOwnProperty.call(available, lang) ? lang : 'en';
}

function direction() {
  return document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}

// One report's words in `lang` (sent in every language of sahel's messages).
function textsOf(error, lang) {
  const t = error.texts && (error.texts[lang] || error.texts.en);
  if (t) return t;
  const label = error.severity === 'warning' ? `warning${error.rule ? `[${error.rule}]` : ''}: ` : '';
  return { message: error.message, help: error.help, label };
}

function removeOverlay() {
  document.getElementById(OVERLAY_ID)?.remove();
}

function showErrors(errors, allWords) {
  if (errors.length === 0) {
    removeOverlay();
    return;
  }
  const lang = pageLanguage(allWords);
  const words = (allWords && allWords[lang]) || {};
  let overlay = document.getElementById(OVERLAY_ID);
  if (!overlay) {
    overlay = el(
      'div',
      'position:fixed;inset:0;z-index:2147483647;overflow:auto;box-sizing:border-box;' +
        'background:rgba(15,23,42,.95);color:#f8fafc;padding:24px;text-align:start;' +
        'font:14px/1.5 ui-monospace,Menlo,Consolas,monospace',
    );
    overlay.id = OVERLAY_ID;
    overlay.setAttribute('role', 'alertdialog');
    document.body.append(overlay);
  }
  overlay.lang = lang;
  overlay.dir = lang === 'en' ? 'ltr' : direction();
  overlay.setAttribute('aria-label', words.label || 'Content errors');
  overlay.replaceChildren();
  const shown = errors.filter((e) => e.severity !== 'warning').length;
  const count = words.heading || `${shown} content error${shown === 1 ? '' : 's'}`;
  overlay.append(
    el('h2', 'font:bold 18px system-ui,sans-serif;margin:0 0 4px;color:#fca5a5', count),
    el(
      'p',
      'font:14px system-ui,sans-serif;margin:0 0 16px;color:#cbd5e1',
      words.lead || 'The last good version of the page is under this overlay; it goes away when the file is fixed.',
    ),
  );
  for (const error of errors) overlay.append(report(error, lang, words));
}

// One error or warning: where, what (labelled `warning[rule]` for a warning), the line, the fix.
function report(error, lang, words) {
  const warning = error.severity === 'warning';
  const texts = textsOf(error, lang);
  const box = el('section', 'margin:0 0 16px;padding:12px 16px;background:#1e293b;border-radius:8px');
  box.className = warning ? 'sahel-warning' : 'sahel-error';
  const where = [error.file, error.line, error.column].filter((x) => x !== null && x !== undefined).join(':');
  // A path reads left to right in any language.
  const place = el('div', 'font-weight:bold;color:#93c5fd;text-align:start', where);
  place.dir = 'ltr';
  box.append(place);
  const color = warning ? '#fde68a' : '#fecaca';
  // Each message its own paragraph: the words of the other direction in it (a path, a key)
  // take their order from the message, not from the page.
  const message = el('div', `margin:4px 0;color:${color};white-space:pre-wrap;unicode-bidi:plaintext`, texts.label + texts.message);
  box.append(message);
  if (error.source_line !== null && error.source_line !== undefined) {
    const code = el('pre', 'margin:8px 0 0;white-space:pre;overflow:auto;color:#e2e8f0;text-align:left');
    code.dir = 'ltr';
    code.append(el('span', 'color:#64748b', `${String(error.line).padStart(4)} │ `), error.source_line);
    // A long line comes cut around the error, with the error's column in it.
    const caret = error.source_column ?? error.column;
    if (caret) {
      const pad = ' '.repeat(7 + Math.max(0, caret - 1));
      code.append('\n', el('span', 'color:#f87171', `${pad}^`));
    }
    box.append(code);
  }
  if (texts.help) {
    const help = el('div', 'margin-top:8px;color:#86efac;white-space:pre-wrap;unicode-bidi:plaintext', `${words.help || 'help'}: ${texts.help}`);
    box.append(help);
  }
  return box;
}

function dismissedKey(warnings) {
  return JSON.stringify(warnings.map((w) => w.rendered));
}

function showWarnings(warnings, allWords) {
  const lang = pageLanguage(allWords);
  const words = (allWords && allWords[lang]) || {};
  document.getElementById(WARNINGS_ID)?.remove();
  let dismissed = null;
  try {
    dismissed = sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    // no storage: shown again after a reload
  }
  if (warnings.length === 0 || dismissed === dismissedKey(warnings)) return;
  const panel = el(
    'div',
    'position:fixed;left:0;right:0;bottom:0;z-index:2147483646;max-height:40vh;overflow:auto;' +
      'box-sizing:border-box;background:rgba(15,23,42,.95);color:#f8fafc;padding:12px 24px;text-align:start;' +
      'border-top:3px solid #f59e0b;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace',
  );
  panel.id = WARNINGS_ID;
  panel.lang = lang;
  panel.dir = lang === 'en' ? 'ltr' : direction();
  panel.setAttribute('role', 'region');
  panel.setAttribute('aria-label', words.label || 'Content warnings');
  const head = el('div', 'display:flex;align-items:center;gap:16px;margin:0 0 8px');
  const count =
    words.heading || `${warnings.length} content warning${warnings.length === 1 ? '' : 's'} (the page is built; fix them when you can)`;
  head.append(el('h2', 'font:bold 16px system-ui,sans-serif;margin:0;color:#fcd34d;flex:1', count));
  const close = el('button', 'font:14px system-ui,sans-serif;padding:4px 12px;cursor:pointer', words.dismiss || 'Dismiss');
  close.type = 'button';
  close.className = 'sahel-dismiss';
  close.addEventListener('click', () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, dismissedKey(warnings));
    } catch {
      // dismissed until the next reload only
    }
    panel.remove();
  });
  head.append(close);
  panel.append(head);
  for (const warning of warnings) panel.append(report(warning, lang, words));
  document.body.append(panel);
}

function seen(data) {
  if (typeof data.version === 'number' && data.version > version) version = data.version;
}

// The first wait before connecting again after the stream failed; it doubles on each failure
// in a row (with some jitter, so many tabs do not come back at once), up to RETRY_MAX.
const RETRY_FIRST = 1000;
const RETRY_MAX = 30000;
let retry = RETRY_FIRST;

function listen() {
  const events = new EventSource('/__sahel/events');
  events.addEventListener('hello', (e) => {
    retry = RETRY_FIRST;
    const data = JSON.parse(e.data);
    // A reconnection to another run of serve, or after missing events: the page may be stale.
    if (run !== null && (data.run !== run || data.version > version)) {
      location.reload();
      return;
    }
    run = data.run;
    seen(data);
  });
  events.addEventListener('content-error', (e) => {
    const data = JSON.parse(e.data);
    seen(data);
    showErrors(data.errors, data.words);
  });
  events.addEventListener('content-warning', (e) => {
    const data = JSON.parse(e.data);
    seen(data);
    showWarnings(data.warnings, data.words);
  });
  events.addEventListener('reload', (e) => {
    const data = JSON.parse(e.data);
    seen(data);
    removeOverlay();
    if (data.paths.includes('*') || data.paths.includes(here())) location.reload();
  });
  // Refused (503: too many pages listen at once), or serve is gone: the browser would give up
  // on a refusal, or retry every few seconds while serve is down. Close it and try again later,
  // waiting longer after each failure.
  events.addEventListener('error', () => {
    events.close();
    setTimeout(listen, retry * (1 + Math.random() / 2));
    retry = Math.min(retry * 2, RETRY_MAX);
  });
}

listen();
