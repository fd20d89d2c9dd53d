/**
 * Issue 28, finding 3: antd's stylesheet is the same on every instance. Behind a load balancer without sticky
 * sessions a page from instance A links `/assets/antd-<theme>-<hash>.css` and the browser may fetch it from B:
 * B, which has rendered no page yet, answers 200 with the same bytes. Every page (public and dashboard, both themes)
 * links that one sheet and inlines nothing beyond it, so the sheet styles the whole page. Was: B answered 404, or
 * after rendering other pages a different sheet missing most of A's selectors.
 */
import { adminToken, createBike, drillEnv, type ServerProcess, startServer } from './drill-support.js';

const PAGES = ['/', '/allbikes', '/about', '/login', '/signup', '/contact', '/no-such-page'];
const DASHBOARD = ['/dashboard/profile', '/dashboard/allbikes', '/dashboard/allusers', '/dashboard/addbike', '/dashboard/rentals', '/dashboard/fleet', '/dashboard/returnbikes'];
const SHEET = /<link rel="stylesheet" href="(\/assets\/antd-(?:light|dark)-[0-9a-f]{16}\.css)">/;

async function page(baseUrl: string, path: string, cookie: string) {
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const html = await res.text();
  return { status: res.status, sheet: SHEET.exec(html)?.[1], extra: html.includes('data-antd-extra') };
}

async function sheetBytes(baseUrl: string, href: string) {
  const res = await fetch(`${baseUrl}${href}`, { headers: { 'accept-encoding': 'identity' } });
  return { status: res.status, cacheControl: res.headers.get('cache-control'), text: await res.text() };
}

describe('antd stylesheet across instances', () => {
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  afterAll(async () => {
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  });

  it('a page rendered by A is styled by the sheet B serves (200, same bytes), for every page and both themes', async () => {
    a = await startServer(drillEnv(), { timeoutMs: 150_000 });
    b = await startServer(drillEnv(), { timeoutMs: 150_000 });
    const admin = await adminToken(a.baseUrl);
    const bikeId = await createBike(a.baseUrl, admin, 2);
    const paths = [...PAGES, `/bike/${bikeId}`];
    for (const theme of ['light', 'dark']) {
      const seen = new Set<string>();
      for (const path of paths) {
        const p = await page(a.baseUrl, path, `okb_theme=${theme}`);
        expect({ path, sheet: Boolean(p.sheet), extra: p.extra }).toEqual({ path, sheet: true, extra: false });
        seen.add(p.sheet!);
      }
      for (const path of DASHBOARD) {
        const p = await page(a.baseUrl, path, `okb_theme=${theme}; okb_token=${admin}`);
        expect({ path, status: p.status, sheet: Boolean(p.sheet), extra: p.extra }).toEqual({ path, status: 200, sheet: true, extra: false });
        seen.add(p.sheet!);
      }
      // One sheet per theme, whatever the page and however many pages came before.
      expect([...seen]).toHaveLength(1);
      const [href] = [...seen];
      expect(href).toContain(`antd-${theme}-`);
      const fromA = await sheetBytes(a.baseUrl, href);
      const fromB = await sheetBytes(b.baseUrl, href);
      expect(fromA.status).toBe(200);
      expect(fromB.status).toBe(200);
      expect(fromB.cacheControl).toContain('immutable');
      expect(fromB.text).toBe(fromA.text);
      // And B's own pages link the same sheet.
      expect((await page(b.baseUrl, '/login', `okb_theme=${theme}`)).sheet).toBe(href);
      console.log(`antd stylesheet drill (${theme}): ${paths.length + DASHBOARD.length} pages on A link ${href}; B serves it 200, ${fromB.text.length} identical bytes`);
    }
  }, 400_000);
});
