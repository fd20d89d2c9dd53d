import type { RenderResult } from './render-contract.js';

const HEAD = '<!--okb-head-->';
const HTML = '<!--okb-html-->';
const SCRIPTS = '<!--okb-scripts-->';
const ROUTE_ASSETS = '<!--okb-route-assets-->';
const BOOT = '<!--okb-boot-->';

export interface PageAssets {
  /** Module script of the browser entry. */
  entry: string;
  /** Stylesheets linked in the head. */
  styles: string[];
  /** Chunks the entry imports, preloaded in parallel with it. */
  preloads: string[];
  /**
   * Production: start the scripts after the first paint (see `bootScript`). Development: a plain module script,
   * which Vite's HTML transform expects.
   */
  afterPaint?: boolean;
  /** Production: the built boot module (client/boot.ts), inlined by `bootScript`. */
  bootCode?: string;
  /**
   * The entry's chunks in dependency order (a chunk after those it imports). The boot script evaluates each in a
   * task of its own before the entry: one module graph otherwise evaluates in one long task.
   */
  evaluationOrder?: string[];
}

/** Stylesheets and chunks of one page's lazily loaded routes (beyond those of the entry). */
export interface RouteAssets {
  styles: string[];
  preloads: string[];
}

export const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const assetLinks = (assets: RouteAssets, preload: boolean): string =>
  [
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    ...(preload ? assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}">`) : []),
  ].join('\n    ');

/**
 * Starts the page's scripts after the first paint: the boot module (client/boot.ts, built by Vite; `code` is its
 * built text, inlined so the first paint waits on no script request) and the data it reads, the page's entry, every
 * chunk to preload and the shared chunks to evaluate one task each before the entry (see client/boot.ts).
 */
export function bootScript(code: string, entry: string, preloads: string[], nonce: string, order: string[] = []): string {
  const data = JSON.stringify({ entry, preloads, order }).replace(/</g, '\\u003c');
  const module = code.replace(/<\/script/gi, '<\\/script');
  return `<script type="application/json" id="okb-boot">${data}</script><script type="module" nonce="${escapeAttr(nonce)}">${module}</script>`;
}

export function documentTemplate(assets: PageAssets): string {
  const afterPaint = assets.afterPaint === true;
  const links = assetLinks(assets, !afterPaint);
  const entryScript = afterPaint
    ? BOOT
    : `<script type="module" src="${escapeAttr(assets.entry)}" nonce="%OKB_NONCE%"></script>`;
  return `<!doctype html>
<html>
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <meta name="theme-color" content="#0f766e">
    ${HEAD}
    ${links}
    ${ROUTE_ASSETS}
  </head>
  <body>
    <div id="root">${HTML}</div>
    ${SCRIPTS}
    ${entryScript}
  </body>
</html>
`;
}

/** Fills a (possibly Vite-transformed) template with one render result and the assets of its routes. */
export function fillTemplate(
  template: string,
  result: RenderResult,
  nonce: string,
  routeAssets: RouteAssets = { styles: [], preloads: [] },
  page: PageAssets | null = null,
): string {
  const attrs = Object.entries(result.htmlAttributes)
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  // split/join instead of String.replace: rendered markup may contain `$&`-style sequences.
  const fill = (source: string, marker: string, value: string) => source.split(marker).join(value);
  const afterPaint = page?.afterPaint === true;
  let html = template.replace('<html>', `<html${attrs}>`);
  html = fill(html, '%OKB_NONCE%', escapeAttr(nonce));
  html = fill(html, HEAD, result.head);
  html = fill(html, SCRIPTS, result.scripts);
  html = fill(html, ROUTE_ASSETS, assetLinks(routeAssets, !afterPaint));
  if (page && afterPaint) {
    html = fill(
      html,
      BOOT,
      bootScript(page.bootCode ?? '', page.entry, [...page.preloads, ...routeAssets.preloads], nonce, page.evaluationOrder),
    );
  }
  return fill(html, HTML, result.html);
}

/** Shown when rendering itself failed; plain markup, no scripts. */
export const ERROR_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Something went wrong | Okay Bike</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; color: #1f2937; background: #f8fafc; }
      main { max-width: 28rem; padding: 2rem; text-align: center; }
      a { color: #0f766e; font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      <h1>Something went wrong</h1>
      <p>We could not show this page. Please try again in a moment.</p>
      <p><a href="/">Go to Homepage</a></p>
    </main>
  </body>
</html>
`;
