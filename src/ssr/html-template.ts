import type { RenderResult } from './render-contract.js';

const HEAD = '<!--okb-head-->';
const HTML = '<!--okb-html-->';
const SCRIPTS = '<!--okb-scripts-->';
const ROUTE_ASSETS = '<!--okb-route-assets-->';

export interface PageAssets {
  /** Module script of the browser entry. */
  entry: string;
  /** Stylesheets linked in the head. */
  styles: string[];
  /** Chunks the entry imports, preloaded in parallel with it. */
  preloads: string[];
}

/** Stylesheets and chunks of one page's lazily loaded routes (beyond those of the entry). */
export interface RouteAssets {
  styles: string[];
  preloads: string[];
}

export const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const assetLinks = (assets: RouteAssets): string =>
  [
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}">`),
  ].join('\n    ');

/**
 * The document skeleton around the rendered app. Placeholders are HTML comments so that Vite's
 * transformIndexHtml (development) can inject its client and the React refresh preamble around them.
 */
export function documentTemplate(assets: PageAssets): string {
  const links = assetLinks(assets);
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
    <script type="module" src="${escapeAttr(assets.entry)}" nonce="%OKB_NONCE%"></script>
  </body>
</html>
`;
}

/** Fills a (possibly Vite-transformed) template with one render result and the assets of its routes. */
export function fillTemplate(template: string, result: RenderResult, nonce: string, routeAssets: RouteAssets = { styles: [], preloads: [] }): string {
  const attrs = Object.entries(result.htmlAttributes)
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  // split/join instead of String.replace: rendered markup may contain `$&`-style sequences.
  const fill = (source: string, marker: string, value: string) => source.split(marker).join(value);
  let page = template.replace('<html>', `<html${attrs}>`);
  page = fill(page, '%OKB_NONCE%', escapeAttr(nonce));
  page = fill(page, HEAD, result.head);
  page = fill(page, SCRIPTS, result.scripts);
  page = fill(page, ROUTE_ASSETS, assetLinks(routeAssets));
  return fill(page, HTML, result.html);
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
