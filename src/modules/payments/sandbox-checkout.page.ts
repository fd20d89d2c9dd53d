import { PaymentStatus } from '../../database/schema/payments.js';
import { SANDBOX_CARDS } from './sandbox-deposits.js';
import { translate } from '../../common/i18n/i18n.js';
import type { Locale, MessageId } from '../../../locales/index.js';

/** What the hosted sandbox page shows. */
export interface SandboxPageModel {
  sessionRef: string;
  merchant: string;
  description: string;
  reference: string;
  amount: string;
  status: PaymentStatus;
  /** Past its expiry while still pending: can no longer be paid. */
  lapsed: boolean;
  resultUrl: string;
  /** The client's return URL the page was opened with; the form carries it to the outcome. */
  returnUrl?: string;
  /** The payer's language (issue 27): the page the booking was made on, else their chosen language; English by default. */
  locale?: Locale;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE = `
:root{color-scheme:light;--ink:#1d2433;--muted:#5b6475;--line:#dfe3ea;--brand:#4b3fd6;--brand-ink:#fff;--bg:#f3f4f8;--warn:#7a4b00;--warn-bg:#fff4dc}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
.gw{display:flex;align-items:center;gap:.5rem;padding:1rem 1.5rem;background:#15123a;color:#fff;font-weight:600}
.gw .mark{display:inline-grid;place-items:center;width:1.75rem;height:1.75rem;border-radius:50%;background:var(--brand);font-size:.9rem}
.badge{margin-left:.25rem;padding:.1rem .5rem;border-radius:999px;background:#ffcf5c;color:#3b2a00;font-size:.75rem;letter-spacing:.03em;text-transform:uppercase}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:1.5rem;box-shadow:0 6px 24px rgba(21,18,58,.08)}
h1{margin:0 0 .25rem;font-size:1.25rem}
.amount{margin:0 0 1rem;font-size:2rem;font-weight:700;letter-spacing:-.01em}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0 0 1rem}
dt{color:var(--muted)}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.notice{margin:0 0 1rem;padding:.75rem;border-radius:8px;background:var(--warn-bg);color:var(--warn);font-size:.9rem}
fieldset{border:0;margin:1.25rem 0 0;padding:0;display:grid;gap:.6rem}
legend{margin-bottom:.6rem;font-weight:600}
label{display:block;font-size:.9rem;color:var(--muted);margin-bottom:.25rem}
input,select{width:100%;padding:.6rem .75rem;border:1px solid var(--line);border-radius:8px;font:inherit;background:#f8f9fc;color:var(--ink)}
button,.link{display:block;width:100%;padding:.75rem 1rem;border-radius:8px;border:1px solid transparent;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:var(--brand);color:var(--brand-ink)}
.fail{background:#fff;color:#a1131f;border-color:#e7b3b8}
.cancel{background:#fff;color:var(--ink);border-color:var(--line)}
.link{background:var(--brand);color:var(--brand-ink)}
button:hover{filter:brightness(.95)}
button:focus-visible,.link:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #ffb000;outline-offset:2px}
.state{font-size:1.1rem;margin:0 0 1rem}
.saved{margin:.5rem 0 0;color:var(--muted);font-size:.85rem}
footer{max-width:28rem;margin:0 auto 2rem;padding:0 1rem;color:var(--muted);font-size:.8rem;text-align:center}
@media (prefers-reduced-motion:no-preference){button{transition:filter .15s}}
`;

function layout(title: string, body: string, locale: Locale = 'en'): string {
  const say = (id: MessageId) => translate(locale, id);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="gw"><span class="mark" aria-hidden="true">OP</span><span>Okay Pay</span><span class="badge">${escapeHtml(say('sandbox.badge'))}</span></header>
<main>
${body}
</main>
<footer>${escapeHtml(say('sandbox.footer'))}</footer>
</body>
</html>`;
}

const FINAL_TEXT: Record<PaymentStatus, MessageId> = {
  pending: 'sandbox.state.pending',
  succeeded: 'sandbox.state.succeeded',
  failed: 'sandbox.state.failed',
  cancelled: 'sandbox.state.cancelled',
  expired: 'sandbox.state.expired',
  refunded: 'sandbox.state.refunded',
};

/** The test cards' descriptions (SANDBOX_CARDS' English labels) in the catalogues. */
const CARD_LABELS: Record<string, MessageId> = {
  visa: 'sandbox.card.visa',
  visa_extended: 'sandbox.card.visa_extended',
  mastercard: 'sandbox.card.mastercard',
  amex: 'sandbox.card.amex',
  declined: 'sandbox.card.declined',
  confirm: 'sandbox.card.confirm',
  one_hold: 'sandbox.card.one_hold',
};

function details(m: SandboxPageModel, say: (id: MessageId) => string): string {
  return `<dl>
<dt>${escapeHtml(say('sandbox.merchant'))}</dt><dd>${escapeHtml(m.merchant)}</dd>
<dt>${escapeHtml(say('sandbox.for'))}</dt><dd>${escapeHtml(m.description)}</dd>
<dt>${escapeHtml(say('sandbox.reference'))}</dt><dd>${escapeHtml(m.reference)}</dd>
</dl>`;
}

/** The hosted checkout: Pay / Fail / Cancel while pending, the final state otherwise. No scripts (CSP). */
export function renderSandboxCheckout(m: SandboxPageModel): string {
  const locale = m.locale ?? 'en';
  const say = (id: MessageId, values?: Record<string, string>) => translate(locale, id, values);
  const merchant = { merchant: m.merchant };
  const header = `<h1 id="checkout-title">${escapeHtml(say('sandbox.payMerchant', merchant))}</h1>
<p class="amount">${escapeHtml(m.amount)}</p>
${details(m, say)}`;
  if (m.status !== 'pending' || m.lapsed) {
    const text = say(m.status === 'pending' ? FINAL_TEXT.expired : FINAL_TEXT[m.status]);
    return layout(
      `${text} · Okay Pay Sandbox`,
      `<section class="card" aria-labelledby="checkout-title">
${header}
<p class="state" role="status">${escapeHtml(text)}</p>
<a class="link" href="${escapeHtml(m.resultUrl)}">${escapeHtml(say('sandbox.returnTo', merchant))}</a>
</section>`,
      locale,
    );
  }
  const action = `/api/payments/sandbox/checkout/${encodeURIComponent(m.sessionRef)}${m.returnUrl ? `?return=${encodeURIComponent(m.returnUrl)}` : ''}`;
  return layout(
    `${say('sandbox.pageTitle', { amount: m.amount, merchant: m.merchant })} · Okay Pay Sandbox`,
    `<section class="card" aria-labelledby="checkout-title">
${header}
<p class="notice" id="test-mode"><strong>${escapeHtml(say('sandbox.testMode'))}</strong> ${escapeHtml(say('sandbox.testModeText', merchant))}</p>
<form method="post" action="${escapeHtml(action)}">
<label for="card">${escapeHtml(say('sandbox.testCard'))}</label>
<select id="card" name="card" aria-describedby="test-mode card-saved">
${SANDBOX_CARDS.map((c) => `<option value="${escapeHtml(c.id)}"${c.id === 'visa' ? ' selected' : ''}>${escapeHtml(`${c.number} · ${CARD_LABELS[c.id] ? say(CARD_LABELS[c.id]) : c.label}`)}</option>`).join('\n')}
</select>
<p class="saved" id="card-saved">${escapeHtml(say('sandbox.cardSaved', merchant))}</p>
<fieldset>
<legend>${escapeHtml(say('sandbox.outcomeLegend'))}</legend>
<button type="submit" name="outcome" value="pay" class="pay">${escapeHtml(say('sandbox.payAmount', { amount: m.amount }))}</button>
<button type="submit" name="outcome" value="fail" class="fail">${escapeHtml(say('sandbox.simulateFail'))}</button>
<button type="submit" name="outcome" value="cancel" class="cancel">${escapeHtml(say('sandbox.cancelReturn', merchant))}</button>
</fieldset>
</form>
</section>`,
    locale,
  );
}

/** A page for a missing session or a notification that could not be delivered. */
export function renderSandboxMessage(title: string, text: string, link?: { href: string; label: string }, locale: Locale = 'en'): string {
  return layout(
    `${title} · Okay Pay Sandbox`,
    `<section class="card" aria-labelledby="message-title">
<h1 id="message-title">${escapeHtml(title)}</h1>
<p class="state" role="status">${escapeHtml(text)}</p>
${link ? `<a class="link" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}
</section>`,
    locale,
  );
}

/** The hold a bank asked the customer to confirm (requires_action): one Confirm button, in the customer's language. */
export function renderSandboxDepositConfirmation(m: { ref: string; merchant: string; amount: string; locale?: Locale }): string {
  const locale = m.locale ?? 'en';
  const say = (id: MessageId, values?: Record<string, string>) => translate(locale, id, values);
  return layout(
    `${say('cust.deposit.pageTitle', { amount: m.amount })} · Okay Pay Sandbox`,
    `<section class="card" aria-labelledby="confirm-title">
<h1 id="confirm-title">${escapeHtml(say('cust.deposit.title'))}</h1>
<p class="amount">${escapeHtml(m.amount)}</p>
<p class="notice"><strong>${escapeHtml(say('sandbox.testMode'))}</strong> ${escapeHtml(say('cust.deposit.notice', { merchant: m.merchant }))}</p>
<form method="post" action="/api/payments/sandbox/deposit/${encodeURIComponent(m.ref)}">
<button type="submit" class="pay">${escapeHtml(say('cust.deposit.confirm', { amount: m.amount }))}</button>
</form>
</section>`,
    locale,
  );
}
