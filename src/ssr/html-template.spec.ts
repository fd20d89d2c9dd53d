import { bootScript, documentTemplate, fillTemplate, type PageAssets } from './html-template.js';
import type { RenderResult } from './render-contract.js';

const result: RenderResult = {
  status: 200,
  htmlAttributes: { lang: 'en' },
  head: '<title>Okay Bike</title>',
  html: '<main>Hello $& $1</main>',
  scripts: '<script nonce="n0nce">window.x=1</script>',
  modules: ['client/pages/home/HomePage.tsx'],
  antdCss: '',
};
const route = { styles: ['/assets/HomePage.css'], preloads: ['/assets/HomePage.js', '/assets/card.js'] };
const entry: PageAssets = {
  entry: '/assets/entry.js',
  styles: ['/assets/app.css'],
  preloads: ['/assets/vendor-react.js', '/assets/vendor-ui.js'],
  evaluationOrder: ['/assets/vendor-react.js', '/assets/vendor-ui.js'],
};

/** The JSON the boot module reads (`<script type="application/json" id="okb-boot">`). */
function bootData(page: string): { entry: string; preloads: string[]; order: string[] } {
  const match = /<script type="application\/json" id="okb-boot">(\{.*?\})<\/script><script type="module" nonce="n0nce">BOOT<\/script>/.exec(page);
  if (!match) throw new Error(`no boot script in ${page}`);
  return JSON.parse(match[1]!) as { entry: string; preloads: string[]; order: string[] };
}

describe('documentTemplate and fillTemplate', () => {
  it('production: links the stylesheets in the head and starts every chunk from the boot script, after the first paint', () => {
    const page = fillTemplate(documentTemplate({ ...entry, afterPaint: true }), result, 'n0nce', route, { ...entry, afterPaint: true, bootCode: 'BOOT' });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css">');
    expect(head).toContain('<link rel="stylesheet" href="/assets/HomePage.css">');
    expect(page).not.toContain('modulepreload"');
    expect(page).not.toContain('<script type="module" src=');
    // The entry's chunks and the route's, all preloaded at once (no import waterfall), then the entry imported.
    expect(bootData(page)).toEqual({
      entry: '/assets/entry.js',
      preloads: ['/assets/vendor-react.js', '/assets/vendor-ui.js', '/assets/HomePage.js', '/assets/card.js'],
      // The shared chunks evaluate one task each, dependencies first, before the entry.
      order: ['/assets/vendor-react.js', '/assets/vendor-ui.js'],
    });
    // Rendered markup is inserted as is, `$&` included.
    expect(page).toContain('<main>Hello $& $1</main>');
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
  });

  it('development: a plain module script for Vite, and modulepreload links', () => {
    const page = fillTemplate(documentTemplate(entry), result, 'n0nce', route);
    expect(page).toContain('<script type="module" src="/assets/entry.js" nonce="n0nce"></script>');
    expect(page).toContain('<link rel="modulepreload" href="/assets/HomePage.js">');
    expect(page).not.toContain('okb-boot');
  });

  it('keeps the boot data inside its script element whatever the file names hold', () => {
    const script = bootScript('start()', '/assets/entry.js', ['/assets/</script><script>alert(1)</script>.js'], 'n"once');
    expect(script.match(/<\/script>/g)).toHaveLength(2);
    expect(script).toContain('nonce="n&quot;once"');
  });
});
