import { CATALOGUES, LOCALES } from '../../../locales/index.js';

/**
 * The booking widget's loader (issue 26): `<script src="https://<shop>/widget.js" data-bike="<id>"></script>` on any
 * page of a site listed in WIDGET_ORIGINS adds a "Book now" button right after the tag (`data-bikes="id1,id2"` for
 * a choice of bikes, `data-category="<brand>"` for a brand, `data-label` for the button's text, `data-lang="de"` or
 * `"bn"` for the button's and the frame's language, English without it). The button opens
 * the shop's /embed page in a modal <dialog> with an iframe; the page inside books with a Bearer token of its own
 * (no third-party cookies needed) and talks to this script only by postMessage, origin-checked both ways:
 *
 * - frame -> host: `{ source: 'okay-bike', type }` with type `okb:close`, `okb:navigate` (the payment page: this
 *   script opens it at the top level, only on the shop's origin or Stripe's checkout), `booking.created` and
 *   `booking.paid` (with `booking`). The two booking events are also dispatched on the button as DOM events
 *   `okaybike:booking.created` / `okaybike:booking.paid` (bubbling, `detail` = the booking).
 * - The payment gateway sends the payer back to the host page with `okb_widget=1&payment=&status=`: this script
 *   takes those out of the address and opens the dialog on /embed/result, which shows the outcome and announces
 *   `booking.paid`.
 *
 * Plain ES2017, no dependencies, under 10 KB gzipped (checked by widget-script.spec.ts); no branding of its own:
 * the shop's colour, radius and font (WIDGET_THEME, kept equal to client/app/theme.ts by the spec).
 */

export const WIDGET_THEME = {
  primary: '#0f766e',
  primaryHover: '#13897f',
  onPrimary: '#ffffff',
  /** The dialog around the frame: the shop's page background in each scheme (the frame follows the visitor's). */
  surface: '#f5f7f6',
  text: '#0f1f1c',
  surfaceDark: '#0c1211',
  textDark: '#e6edeb',
  radius: 10,
  font: "Inter, 'Segoe UI Variable', 'Segoe UI', system-ui, -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

/** The loader's own words (its button, the dialog's close button, the frame's title) in each language (data-lang). */
const WIDGET_WORDS = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    { book: CATALOGUES[locale]['cust.widget.book'], close: CATALOGUES[locale]['cust.widget.close'], frame: CATALOGUES[locale]['cust.widget.frame'] },
  ]),
);

/** JSON with every non-ASCII character escaped: the loader reads the same whatever charset the host page decodes it in. */
const asciiJson = (value: unknown): string => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Payment pages the widget may open at the top level besides the shop's own origin. */
export const WIDGET_PAYMENT_ORIGINS = ['https://checkout.stripe.com'] as const;

const SOURCE = String.raw`(function () {
  'use strict';
  var THEME = __THEME__;
  var PAYMENT_ORIGINS = __PAYMENT_ORIGINS__;
  var WORDS = __WORDS__;
  var me = document.currentScript;
  if (!me || !me.src || me.getAttribute('data-okb-widget') === 'ready') return;
  me.setAttribute('data-okb-widget', 'ready');
  var shop = new URL(me.src, location.href).origin;

  if (!document.getElementById('okb-widget-style')) {
    var style = document.createElement('style');
    style.id = 'okb-widget-style';
    style.textContent =
      '.okb-w-button{all:revert;display:inline-flex;align-items:center;gap:.4em;min-height:44px;padding:.6em 1.3em;border:0;' +
      'border-radius:' + THEME.radius + 'px;background:' + THEME.primary + ';color:' + THEME.onPrimary + ';font:600 1rem/1.2 ' + THEME.font + ';cursor:pointer}' +
      '.okb-w-button:hover{background:' + THEME.primaryHover + '}' +
      '.okb-w-button:focus-visible{outline:3px solid ' + THEME.primary + ';outline-offset:3px}' +
      '.okb-w-dialog{padding:0;border:0;border-radius:' + THEME.radius + 'px;width:min(640px,calc(100vw - 16px));height:min(880px,calc(100dvh - 16px));' +
      'max-width:none;max-height:none;overflow:hidden;background:' + THEME.surface + ';color:' + THEME.text + ';box-shadow:0 12px 48px rgba(0,0,0,.35)}' +
      '@media (prefers-color-scheme:dark){.okb-w-dialog{background:' + THEME.surfaceDark + ';color:' + THEME.textDark + '}}' +
      '.okb-w-dialog::backdrop{background:rgba(0,0,0,.55)}' +
      '.okb-w-bar{display:flex;justify-content:flex-end;padding:4px}' +
      '.okb-w-close{all:revert;min-width:44px;min-height:44px;border:0;border-radius:' + THEME.radius + 'px;background:transparent;color:inherit;font:1.6rem/1 ' + THEME.font + ';cursor:pointer}' +
      '.okb-w-close:focus-visible{outline:3px solid ' + THEME.primary + ';outline-offset:-3px}' +
      '.okb-w-frame{display:block;border:0;width:100%;height:calc(100% - 52px)}' +
      '@media (prefers-reduced-motion:no-preference){.okb-w-dialog[open]{animation:okb-w-in .15s ease-out}}' +
      '@keyframes okb-w-in{from{opacity:0;transform:translateY(8px)}}';
    document.head.appendChild(style);
  }

  function attr(name) {
    var value = me.getAttribute('data-' + name);
    return value ? value.trim() : '';
  }

  /** The host page's address without a finished payment's outcome, marked so the way back is recognised. */
  function returnAddress() {
    var url = new URL(location.href);
    ['payment', 'status', 'okb_widget'].forEach(function (key) { url.searchParams.delete(key); });
    url.searchParams.set('okb_widget', '1');
    return url.toString();
  }

  function embedUrl(path, extra) {
    var url = new URL(path, shop);
    var pick = { bike: attr('bike'), bikes: attr('bikes'), category: attr('category'), lang: attr('lang') };
    Object.keys(pick).forEach(function (key) { if (pick[key]) url.searchParams.set(key, pick[key]); });
    url.searchParams.set('host', location.origin);
    url.searchParams.set('return', returnAddress());
    Object.keys(extra || {}).forEach(function (key) { url.searchParams.set(key, extra[key]); });
    return url.toString();
  }

  var words = WORDS[attr('lang')] || WORDS.en;
  var button = document.createElement('button');
  button.type = 'button';
  button.className = 'okb-w-button';
  button.textContent = attr('label') || words.book;
  button.setAttribute('aria-haspopup', 'dialog');
  me.parentNode.insertBefore(button, me.nextSibling);

  var dialog = null;
  var frame = null;

  // Closing tidies up at once (a dialog's close event comes a task later): the dialog leaves the page and focus
  // is back on the button in the same task, whether the frame asked (okb:close), the x was pressed or Escape.
  function close() {
    var done = dialog;
    if (!done) return;
    dialog = null;
    frame = null;
    if (done.open) done.close();
    done.remove();
    button.focus();
  }

  function open(path, extra) {
    if (dialog) dialog.remove();
    dialog = document.createElement('dialog');
    dialog.className = 'okb-w-dialog';
    dialog.setAttribute('aria-label', button.textContent);
    var bar = document.createElement('div');
    bar.className = 'okb-w-bar';
    var closeButton = document.createElement('button');
    closeButton.type = 'button';
    closeButton.className = 'okb-w-close';
    closeButton.setAttribute('aria-label', words.close);
    closeButton.textContent = '\u00d7';
    closeButton.addEventListener('click', close);
    bar.appendChild(closeButton);
    frame = document.createElement('iframe');
    frame.className = 'okb-w-frame';
    frame.title = words.frame;
    frame.src = embedUrl(path, extra);
    dialog.appendChild(bar);
    dialog.appendChild(frame);
    var mine = dialog;
    // Escape on the host page closes the dialog natively; tidy up as close() does.
    dialog.addEventListener('close', function () { if (dialog === mine) close(); });
    document.body.appendChild(dialog);
    dialog.showModal();
  }

  button.addEventListener('click', function () { open('/embed'); });

  window.addEventListener('message', function (event) {
    if (event.origin !== shop || !frame || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.source !== 'okay-bike' || typeof data.type !== 'string') return;
    if (data.type === 'okb:ready') {
      frame.focus();
    } else if (data.type === 'okb:close') {
      close();
    } else if (data.type === 'okb:navigate') {
      var target;
      try { target = new URL(String(data.url)); } catch (e) { return; }
      if ((target.origin === shop || PAYMENT_ORIGINS.indexOf(target.origin) >= 0) && /^https?:$/.test(target.protocol)) location.assign(target.toString());
    } else if (data.type === 'booking.created' || data.type === 'booking.paid') {
      button.dispatchEvent(new CustomEvent('okaybike:' + data.type, { bubbles: true, detail: data.booking }));
    }
  });

  // Back from the payment page: show the outcome in the dialog, once per page, and tidy the address.
  var params = new URLSearchParams(location.search);
  if (params.get('okb_widget') === '1' && params.get('payment') && !window.__okbWidgetReturned) {
    window.__okbWidgetReturned = true;
    var payment = params.get('payment');
    var status = params.get('status') || '';
    var clean = new URL(location.href);
    ['payment', 'status', 'okb_widget'].forEach(function (key) { clean.searchParams.delete(key); });
    history.replaceState(history.state, '', clean.toString());
    var show = function () { open('/embed/result', { payment: payment, status: status }); };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
    else show();
  }
})();
`;

/** The loader as served at /widget.js, with the shop's theme filled in. */
export function widgetScript(theme: typeof WIDGET_THEME = WIDGET_THEME): string {
  return SOURCE.replace('__THEME__', JSON.stringify(theme))
    .replace('__PAYMENT_ORIGINS__', JSON.stringify(WIDGET_PAYMENT_ORIGINS))
    .replace('__WORDS__', asciiJson(WIDGET_WORDS));
}
