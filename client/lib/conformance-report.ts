/**
 * The accessibility conformance report (issue 26), in the form of the ITI VPAT 2.5 (WCAG edition): one shared source
 * for docs/accessibility-conformance-report.md (written by `conformanceMarkdown()`, kept equal by
 * client/lib/conformance-report.spec.ts) and the /accessibility page. Every WCAG 2.2 level A and AA success
 * criterion is listed. "Supports" is claimed only where a test backs it: each names its tests (file and test
 * title), and the spec checks that the file holds that title. Where tests do not back a criterion the report says
 * "Partially supports", even when no failure is known.
 */

export type Conformance = 'Supports' | 'Partially supports' | 'Does not support' | 'Not applicable';

export interface BackingTest {
  file: string;
  /** Text of the test's title (or of its it.each template) as written in the file. */
  title: string;
}

export interface Criterion {
  id: string;
  name: string;
  level: 'A' | 'AA';
  conformance: Conformance;
  remarks: string;
  tests: BackingTest[];
  /** 4.1.1 Parsing: obsolete in WCAG 2.2 and, by the W3C's errata, always satisfied for 2.0 and 2.1. */
  obsolete?: boolean;
}

export const REPORT = {
  product: 'Okay Bike (web shop, customer and staff dashboard, embeddable booking widget)',
  version: 'the version of this repository at the report date',
  date: 'November 2026',
  description:
    'A bike-rental web shop: browsing and searching bikes, booking a window on an availability calendar, paying the booking fee on a hosted payment page, managing rentals; staff screens for the fleet, returns, counter sales, payments, webhooks, exports and shop settings; a booking widget other sites embed.',
  contact: 'The contact form at /contact (choose the subject "Accessibility barrier" in your message).',
  evaluation:
    'Automated checks with axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules, plus heading order and landmarks) on every route for anonymous visitors, customers and admins, in the light and the dark theme, at 1280 and 390 CSS pixels wide, in headless Chromium; keyboard-only browser tests of the calendar, the booking and the widget with their accessible names and live announcements asserted; unit tests of the announcement rules. No assistive-technology user testing yet: screen-reader behaviour is inferred from the accessibility tree.',
  standards: 'Web Content Accessibility Guidelines 2.2, levels A and AA (Level AAA not evaluated).',
} as const;

const SWEEP: BackingTest = { file: 'test/browser/accessibility.test.ts', title: 'axe: every route × role × theme at 1280 and 390 px' };
const OPEN_STATES: BackingTest = { file: 'test/browser/accessibility.test.ts', title: 'issue 20 item 21: the axe findings in dialogs, menus, phone tables and headings, light and dark' };
const CALENDAR_KEYS: BackingTest = { file: 'test/browser/calendar.test.ts', title: 'Book Now: the days are picked with the keyboard alone, read with their availability (%s)' };
const WIDGET_KEYS: BackingTest = { file: 'test/browser/widget.test.ts', title: 'books end to end with the keyboard alone, pays at the top level and comes back to the host page (%s, %d px)' };
const FOCUS: BackingTest = { file: 'test/browser/storefront-ux.test.ts', title: '8. focus: the new heading after a route change, the account menu by keyboard, visible rings, quick-fill' };
const COUNTDOWN: BackingTest = { file: 'test/browser/accessibility.test.ts', title: 'the hold countdown is heard at 10, 5 and 1 minutes, not every second' };
const COUNTDOWN_RULES: BackingTest = { file: 'client/lib/hold-countdown.spec.ts', title: 'announces at the start, at 10, 5 and 1 minutes and at the end, and stays silent in between' };

const c = (id: string, name: string, level: 'A' | 'AA', conformance: Conformance, remarks: string, tests: BackingTest[] = [], obsolete = false): Criterion => ({
  id,
  name,
  level,
  conformance,
  remarks,
  tests,
  ...(obsolete ? { obsolete } : {}),
});

const UNTESTED = 'No failure is known, but no test backs this yet (reviewed by hand only).';

export const CRITERIA: Criterion[] = [
  c('1.1.1', 'Non-text Content', 'A', 'Supports', 'Bike photos carry the bike name as alternative text; icons next to a text label are hidden from assistive technology; icon-only buttons have names. Checked by axe (image-alt, svg-img-alt, button-name, role-img-alt) on every route.', [SWEEP]),
  c('1.2.1', 'Audio-only and Video-only (Prerecorded)', 'A', 'Not applicable', 'The product has no audio or video.'),
  c('1.2.2', 'Captions (Prerecorded)', 'A', 'Not applicable', 'The product has no video.'),
  c('1.2.3', 'Audio Description or Media Alternative (Prerecorded)', 'A', 'Not applicable', 'The product has no video.'),
  c('1.3.1', 'Info and Relationships', 'A', 'Partially supports', 'Headings, lists, tables with headers, labelled fields and landmarks are checked by axe on every route (heading order and landmarks included). Open dialogs and menus are checked on some screens only (the return and cancel dialogs, the account menu).', [SWEEP, OPEN_STATES]),
  c('1.3.2', 'Meaningful Sequence', 'A', 'Partially supports', `The reading order is the source order; layouts reorder nothing visually. ${UNTESTED}`),
  c('1.3.3', 'Sensory Characteristics', 'A', 'Partially supports', `Instructions name controls by their text, not by shape, colour or position. ${UNTESTED}`),
  c('1.4.1', 'Use of Color', 'A', 'Supports', 'Availability is said in words as well as colour: calendar days read as "Friday 27 November 2026, 3 of 5 bikes free"; links in text are underlined (axe link-in-text-block).', [CALENDAR_KEYS, SWEEP]),
  c('1.4.2', 'Audio Control', 'A', 'Not applicable', 'The product plays no audio.'),
  c('2.1.1', 'Keyboard', 'A', 'Partially supports', 'The calendar, the booking, the payment and the widget on another site are used with the keyboard alone in browser tests; scrollable tables are focusable regions (Payment Attention on a phone, by axe). The admin screens are not all driven by keyboard-only tests.', [CALENDAR_KEYS, WIDGET_KEYS, SWEEP, OPEN_STATES]),
  c('2.1.2', 'No Keyboard Trap', 'A', 'Partially supports', "Dialogs close with Escape and give focus back (the widget's dialog returns focus to its button, tested); other dialogs rely on the component library's behaviour.", [WIDGET_KEYS]),
  c('2.1.4', 'Character Key Shortcuts', 'A', 'Not applicable', 'There are no single-character shortcuts; the calendar reacts to arrow keys only while it has focus.'),
  c('2.2.1', 'Timing Adjustable', 'A', 'Partially supports', 'An unpaid booking holds its bikes for HOLD_MINUTES (15 by default), which the customer cannot extend (other customers wait for the bikes); a live countdown says how long is left, heard at 10, 5 and 1 minutes, and a lapsed booking can simply be made again. Sessions last 7 days.', [COUNTDOWN, COUNTDOWN_RULES]),
  c('2.2.2', 'Pause, Stop, Hide', 'A', 'Supports', 'The testimonials advance by themselves and stop with Pause; scroll animations are off under reduced motion. The hold countdown is essential information and is not a live region.', [
    { file: 'test/browser/public-pages.test.ts', title: 'advances the testimonials by itself, and stops them with Pause' },
    { file: 'test/browser/public-pages.test.ts', title: 'animates sections on scroll (800 ms, ease-in-out, repeating) only after hydration and never under reduced motion' },
  ]),
  c('2.3.1', 'Three Flashes or Below Threshold', 'A', 'Not applicable', 'Nothing flashes.'),
  c('2.4.1', 'Bypass Blocks', 'A', 'Supports', 'Every page starts with "Skip to main content" and has landmarks (axe bypass, region).', [SWEEP]),
  c('2.4.2', 'Page Titled', 'A', 'Supports', 'Every page has its own title ("<page> | Okay Bike").', [{ file: 'test/browser/seo.test.ts', title: 'gives every public page its own title, description, canonical URL and Open Graph tags' }, SWEEP]),
  c('2.4.3', 'Focus Order', 'A', 'Partially supports', 'After a route change focus moves to the new heading; closing a dialog returns focus to what opened it (tested on the account menu, Cancel and Reschedule, and the widget). Not every screen is covered.', [FOCUS, WIDGET_KEYS]),
  c('2.4.4', 'Link Purpose (In Context)', 'A', 'Partially supports', 'Links have names (axe link-name); repeated "Pay Now" links carry the bike in their accessible name. Whether each name is clear is judged by hand.', [SWEEP]),
  c('2.5.1', 'Pointer Gestures', 'A', 'Not applicable', 'Nothing is operated by a path-based or multipoint gesture.'),
  c('2.5.2', 'Pointer Cancellation', 'A', 'Partially supports', `Controls act on the up event (click). ${UNTESTED}`),
  c('2.5.3', 'Label in Name', 'A', 'Partially supports', 'Accessible names start with the visible label (e.g. "Send test" is the start of its name on Webhooks). axe checks it where its rule applies; not every control is covered.', [SWEEP, OPEN_STATES]),
  c('2.5.4', 'Motion Actuation', 'A', 'Not applicable', 'Nothing reacts to device motion.'),
  c('3.1.1', 'Language of Page', 'A', 'Supports', 'Every page declares its language: lang="en", lang="de" on German pages, lang="bn" on Bangla pages (axe html-has-lang, html-lang-valid).', [SWEEP]),
  c('3.2.1', 'On Focus', 'A', 'Partially supports', `Focus never submits, navigates or opens anything. ${UNTESTED}`),
  c('3.2.2', 'On Input', 'A', 'Partially supports', 'Changing a field never navigates; filters on All Bikes update the list in place and are announced. Not every form is tested for it.'),
  c('3.2.6', 'Consistent Help', 'A', 'Partially supports', "Contact and the accessibility page are linked from the same place in the footer of every public page (tested); the dashboard and the widget's frame have no footer.", [{ file: 'test/browser/site-chrome.test.ts', title: 'shows the footer texts, the three social links and the copyright year, and its links navigate' }]),
  c('3.3.1', 'Error Identification', 'A', 'Partially supports', 'Field errors are shown on their fields, named, and the server names the field in every 400. Tested on the contact, signup and booking forms, not on every admin form.', [
    { file: 'test/browser/public-pages.test.ts', title: 'sends the contact form, and shows the server field errors on their fields' },
    { file: 'test/browser/booking-journey.test.ts', title: '13, 20: Login to Rent and signup come back to the booking with the window; signup errors say what is wrong' },
  ]),
  c('3.3.2', 'Labels or Instructions', 'A', 'Supports', 'Every field has a visible label (axe label, select-name, aria-input-field-name); the booking says the times are the shop\'s local time.', [SWEEP]),
  c('3.3.7', 'Redundant Entry', 'A', 'Supports', 'The chosen bike, window and quantity survive Login to Rent and signup; closing Book Now keeps the times.', [{ file: 'test/browser/booking-journey.test.ts', title: '13, 20: Login to Rent and signup come back to the booking with the window; signup errors say what is wrong' }]),
  c('4.1.1', 'Parsing', 'A', 'Supports', 'Obsolete in WCAG 2.2; for WCAG 2.0 and 2.1 the W3C errata treat it as always satisfied. The pages are rendered by React (well-formed, unique ids).', [], true),
  c('4.1.2', 'Name, Role, Value', 'A', 'Partially supports', 'Controls expose names, roles and states (axe aria-* rules, button-name, nested-interactive); the calendar\'s days, the quantity and the widget\'s dialog are asserted by name. Custom component states in admin screens are not all asserted.', [SWEEP, CALENDAR_KEYS, WIDGET_KEYS]),

  c('1.2.4', 'Captions (Live)', 'AA', 'Not applicable', 'The product has no live media.'),
  c('1.2.5', 'Audio Description (Prerecorded)', 'AA', 'Not applicable', 'The product has no video.'),
  c('1.3.4', 'Orientation', 'AA', 'Supports', 'No page locks its orientation (axe css-orientation-lock); every route is checked at 390 px portrait and 1280 px landscape.', [SWEEP]),
  c('1.3.5', 'Identify Input Purpose', 'AA', 'Partially supports', 'Name, email, phone, address and password fields carry autocomplete tokens (axe autocomplete-valid); not every personal field of the admin screens has one.', [SWEEP]),
  c('1.4.3', 'Contrast (Minimum)', 'AA', 'Supports', 'Text meets 4.5:1 (3:1 for large text) in the light and the dark theme (axe color-contrast on every route × role × theme × width, and in open dialogs and menus: the return and cancel dialogs, the account menu). Text over photos is not used.', [SWEEP, OPEN_STATES]),
  c('1.4.4', 'Resize Text', 'AA', 'Partially supports', 'Sizes are relative and layouts reflow; no test zooms to 200 % yet.'),
  c('1.4.5', 'Images of Text', 'AA', 'Partially supports', `Text is text; the logo is the only styled word. ${UNTESTED}`),
  c('1.4.10', 'Reflow', 'AA', 'Partially supports', 'Every route is checked at 390 px for horizontal scrolling of the page (wide tables scroll inside a focusable region); 320 px is not tested yet.', [SWEEP]),
  c('1.4.11', 'Non-text Contrast', 'AA', 'Partially supports', 'Field borders, focus rings and the calendar\'s day states use theme colours chosen for 3:1; axe does not check non-text contrast and no test measures it.'),
  c('1.4.12', 'Text Spacing', 'AA', 'Partially supports', `Nothing clips text with fixed heights. ${UNTESTED}`),
  c('1.4.13', 'Content on Hover or Focus', 'AA', 'Partially supports', `Tooltips stay while hovered and close with Escape (component library behaviour). ${UNTESTED}`),
  c('2.4.5', 'Multiple Ways', 'AA', 'Supports', 'Pages are reached by the header navigation, search and the sitemap.', [
    { file: 'test/browser/public-pages.test.ts', title: 'searches from Home only with a non-blank term' },
    { file: 'test/browser/seo.test.ts', title: 'lists the public pages and every bike that is not deleted in /sitemap.xml' },
  ]),
  c('2.4.6', 'Headings and Labels', 'AA', 'Supports', 'Each page has one h1 and headings in order (axe heading-order, page-has-heading-one, empty-heading); fields are labelled by what they ask.', [SWEEP]),
  c('2.4.7', 'Focus Visible', 'AA', 'Supports', 'A visible focus ring on every control, in both themes; the widget\'s button and close button have their own.', [FOCUS]),
  c('2.4.11', 'Focus Not Obscured (Minimum)', 'AA', 'Partially supports', `The sticky header is short and the page scrolls focused controls into view with a margin. ${UNTESTED}`),
  c('2.5.7', 'Dragging Movements', 'AA', 'Not applicable', 'Nothing is operated by dragging; the calendar picks days by click or keys.'),
  c('2.5.8', 'Target Size (Minimum)', 'AA', 'Supports', 'Targets are at least 24 × 24 CSS pixels or spaced (axe target-size) on every route at both widths.', [SWEEP]),
  c('3.1.2', 'Language of Parts', 'AA', 'Partially supports', 'Each page is in one language; the language switcher names each language in itself with its own lang, and the test titles quoted in this report stay English, marked lang="en". Texts the shop wrote in one language only (bike descriptions, add-on names) are shown as written on the other languages\' pages without a lang of their own.'),
  c('3.2.3', 'Consistent Navigation', 'AA', 'Supports', 'The header links come in the same order on every page, by sign-in state.', [{ file: 'test/browser/site-chrome.test.ts', title: 'lists the header links by auth state and marks the current page with aria-current' }]),
  c('3.2.4', 'Consistent Identification', 'AA', 'Partially supports', `The same functions carry the same names throughout ("Pay Now", "Cancel", "Reschedule"). ${UNTESTED}`),
  c('3.3.3', 'Error Suggestion', 'AA', 'Partially supports', 'Messages say how to fix the input ("the shop is open 09:00-18:00 on Wednesdays", "Please select a start time in the future"); tested on some forms only.', [{ file: 'test/browser/booking-journey.test.ts', title: '13, 20: Login to Rent and signup come back to the booking with the window; signup errors say what is wrong' }]),
  c('3.3.4', 'Error Prevention (Legal, Financial, Data)', 'AA', 'Supports', 'The itemised price and the terms are shown before the booking fee is paid, the price fixed is the price shown (409 PRICE_CHANGED otherwise), and cancelling asks for confirmation and says whether the fee comes back.', [
    { file: 'test/browser/booking-journey.test.ts', title: '14, 17: a declined fee keeps the booking; Pay booking fee again books it; the confirmation shows the booking' },
  ]),
  c('3.3.8', 'Accessible Authentication (Minimum)', 'AA', 'Supports', 'Login asks only for email and password, accepts paste and password managers (autocomplete), and has no puzzle.', [{ file: 'test/browser/auth-journey.test.ts', title: 'keeps what was typed (or autofilled) into the login form before the page became interactive' }]),
  c('4.1.3', 'Status Messages', 'AA', 'Partially supports', 'The calendar\'s picks, the hold countdown and payment outcomes are announced through live regions (tested); toasts use the component library\'s alert role. Not every status message is asserted.', [CALENDAR_KEYS, COUNTDOWN]),
];

const row = (cr: Criterion) => {
  const backed = cr.tests.length ? ` Backed by: ${cr.tests.map((t) => `\`${t.file}\` "${t.title}"`).join('; ')}.` : '';
  return `| ${cr.id} ${cr.name} (Level ${cr.level}) | ${cr.conformance} | ${(cr.remarks + backed).replace(/\|/g, '\\|')} |`;
};

/** docs/accessibility-conformance-report.md, written from this source. */
export function conformanceMarkdown(): string {
  const table = (level: 'A' | 'AA') =>
    ['| Criteria | Conformance Level | Remarks and Explanations |', '|---|---|---|', ...CRITERIA.filter((cr) => cr.level === level).map(row)].join('\n');
  return `# Okay Bike Accessibility Conformance Report

WCAG edition, based on the ITI VPAT® Version 2.5 (WCAG). This file is generated from \`client/lib/conformance-report.ts\`
(the same source as the shop's /accessibility page); \`client/lib/conformance-report.spec.ts\` fails when they differ.

- **Name of Product/Version:** ${REPORT.product}, ${REPORT.version}
- **Report Date:** ${REPORT.date}
- **Product Description:** ${REPORT.description}
- **Contact Information:** ${REPORT.contact}
- **Notes:** "Supports" is claimed only where a named test backs it; where tests do not, the report says "Partially supports" even when no failure is known.
- **Evaluation Methods Used:** ${REPORT.evaluation}

## Applicable Standards/Guidelines

| Standard/Guideline | Included In Report |
|---|---|
| Web Content Accessibility Guidelines 2.0, 2.1 and 2.2 | Level A (Yes), Level AA (Yes), Level AAA (No) |

## Terms

- **Supports:** the functionality of the product has at least one method that meets the criterion without known defects or meets with equivalent facilitation.
- **Partially Supports:** some functionality of the product does not meet the criterion, or tests do not yet back it.
- **Does Not Support:** the majority of product functionality does not meet the criterion.
- **Not Applicable:** the criterion is not relevant to the product.

## WCAG 2.2 Report

### Table 1: Success Criteria, Level A

${table('A')}

### Table 2: Success Criteria, Level AA

${table('AA')}

### Table 3: Success Criteria, Level AAA

Not evaluated.

## Report a barrier

Tell us about anything on the site that is hard or impossible to use: ${REPORT.contact} We answer within 2 business days.
`;
}
