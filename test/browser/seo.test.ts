import { ServerProcess, startServer } from '../support/server-process.js';
import { Account, ADMIN_ENV, adminAccount, createBike, CreatedBike, reviewedRental, userAccount } from './shop-fixtures.js';

/** What a crawler reads in the server's HTML head (no JavaScript runs). */
interface Head {
  status: number;
  title: string | undefined;
  description: string | undefined;
  robots: string | undefined;
  canonical: string | undefined;
  og: Record<string, string>;
  jsonLd: Record<string, unknown>[];
}

const decode = (value: string): string =>
  value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

async function readHead(url: string, cookie?: string): Promise<Head> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attribute: 'name' | 'property', key: string) => {
    const match = new RegExp(`<meta ${attribute}="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(head);
    return match ? decode(match[1]) : undefined;
  };
  const og: Record<string, string> = {};
  for (const match of head.matchAll(/<meta property="(og:[^"]+)" content="([^"]*)"/g)) og[match[1]] = decode(match[2]);
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  );
  return {
    status: res.status,
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    og,
    jsonLd,
  };
}

describe('Search engines and link previews', () => {
  let server: ServerProcess;
  let base: string;
  let admin: Account;
  let rider: Account;
  let bikes: CreatedBike[];
  let reviewed: CreatedBike;
  let soldOut: CreatedBike;
  let deleted: CreatedBike;

  beforeAll(async () => {
    server = await startServer(ADMIN_ENV);
    base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Sadia Seo');
    [reviewed, soldOut, deleted] = await Promise.all([
      createBike(base, admin, { name: 'Royal Enfield Classic 350', brand: 'Royal Enfield', model: 'Classic', pricePerHour: 15, quantity: 2 }),
      createBike(base, admin, { name: 'KTM Duke 200', brand: 'KTM', model: 'Duke', quantity: 0 }),
      createBike(base, admin, { name: 'Retired Scooter', brand: 'Suzuki', model: 'Access', quantity: 1 }),
    ]);
    const extra = await Promise.all(Array.from({ length: 4 }, (_, i) => createBike(base, admin, { name: `Fleet Bike ${i + 1}` })));
    bikes = [reviewed, soldOut, ...extra];
    const res = await fetch(`${base}/api/bikes/${deleted._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    await reviewedRental(base, rider, admin, reviewed._id, { rating: 4.5, comment: 'Classic thump, comfortable seat.' });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('gives every public page its own title, description, canonical URL and Open Graph tags', async () => {
    const pages: [path: string, canonicalPath: string][] = [
      ['/', '/'],
      ['/home', '/'],
      ['/allbikes', '/allbikes'],
      ['/listings', '/allbikes'],
      ['/about', '/about'],
      ['/contact', '/contact'],
      ['/privacy-policy', '/privacy-policy'],
      ['/terms-of-service', '/terms-of-service'],
      [`/bike/${reviewed._id}`, `/bike/${reviewed._id}`],
      [`/bike/${soldOut._id}`, `/bike/${soldOut._id}`],
    ];
    const titles = new Map<string, string>();
    for (const [path, canonicalPath] of pages) {
      const head = await readHead(`${base}${path}?utm_source=test`);
      const canonical = `${base}${canonicalPath}`;
      expect({ path, status: head.status }).toEqual({ path, status: 200 });
      expect(head.title).toMatch(/Okay Bike/);
      expect(head.description?.length ?? 0).toBeGreaterThan(20);
      expect(head.canonical).toBe(canonical);
      expect(head.robots).toBeUndefined();
      expect(head.og).toMatchObject({ 'og:url': canonical, 'og:site_name': 'Okay Bike' });
      expect(head.og['og:title']).toBeTruthy();
      expect(head.og['og:description']).toBe(head.description);
      expect(head.og['og:type']).toBe(path.startsWith('/bike/') ? 'product' : 'website');
      expect(head.og['og:image']).toMatch(new RegExp(`^${base}/`));
      const seen = titles.get(head.title as string);
      expect({ path, sameTitleAs: seen && seen !== canonicalPath ? seen : undefined }).toEqual({ path, sameTitleAs: undefined });
      titles.set(head.title as string, canonicalPath);
    }

    const bike = await readHead(`${base}/bike/${reviewed._id}`);
    expect(bike.title).toBe('Royal Enfield Classic 350 | Okay Bike');
    expect(bike.description).toContain('$15.00 per hour');
    expect(bike.og['og:image']).toBe(`${base}/images/bikes/naked-blue.svg`);

    const image = await fetch(`${base}/images/social/okay-bike-card.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('keeps private, transactional and error pages out of the index', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: rider.email, password: rider.password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    for (const path of ['/login', '/signup', '/search?searchTerm=honda', '/dashboard', '/dashboard/rentals', '/payment/result?payment=x']) {
      const head = await readHead(`${base}${path}`, cookie);
      expect({ path, status: head.status, robots: head.robots }).toEqual({ path, status: 200, robots: 'noindex' });
    }
    const missing = await readHead(`${base}/bike/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.robots).toBe('noindex');
    expect(missing.canonical).toBeUndefined();
  });

  it('describes a bike as a schema.org Product with an hourly Offer and, once reviewed, an AggregateRating', async () => {
    const [product] = (await readHead(`${base}/bike/${reviewed._id}`)).jsonLd;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Royal Enfield Classic 350',
      brand: { '@type': 'Brand', name: 'Royal Enfield' },
      url: `${base}/bike/${reviewed._id}`,
      offers: {
        '@type': 'Offer',
        price: '15.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        priceSpecification: { '@type': 'UnitPriceSpecification', unitCode: 'HUR', price: '15.00', priceCurrency: 'USD' },
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 1, bestRating: 5, worstRating: 1 },
    });
    expect(product.review).toEqual([
      expect.objectContaining({ '@type': 'Review', author: { '@type': 'Person', name: 'Sadia Seo' }, reviewRating: expect.objectContaining({ ratingValue: 4.5 }) }),
    ]);

    const [unreviewed] = (await readHead(`${base}/bike/${soldOut._id}`)).jsonLd;
    expect(unreviewed).toMatchObject({ '@type': 'Product', offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(unreviewed).not.toHaveProperty('aggregateRating');

    const html = await (await fetch(`${base}/bike/${reviewed._id}`)).text();
    const csp = (await fetch(`${base}/bike/${reviewed._id}`)).headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toMatch(/<script type="application\/ld\+json" id="okb-structured-data" nonce="[^"]+">/);
    expect(nonce).toBeTruthy();
  });

  it("preloads the bike page's picture under the very URL the page shows it by, which is sent immutable", async () => {
    const html = await (await fetch(`${base}/bike/${reviewed._id}`)).text();
    const preload = /<link rel="preload" as="image" href="([^"]+)"/.exec(html)?.[1];
    const shown = /<img src="([^"]+)" alt="Royal Enfield Classic 350"/.exec(html)?.[1];
    // One download: a preload under another URL (the unversioned one) fetched the picture twice, the first copy cached a day.
    expect(preload).toMatch(/^\/images\/bikes\/naked-blue\.svg\?v=[0-9a-f]+$/);
    expect(shown).toBe(preload);
    const picture = await fetch(`${base}${decode(preload!)}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('lists the public pages and every bike that is not deleted in /sitemap.xml', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"( xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml")?>/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const pages = ['/', '/allbikes', '/about', '/contact', '/privacy-policy', '/terms-of-service', '/gift-cards', '/accessibility'];
    for (const path of pages) expect(locs).toContain(`${base}${path}`);
    // Each page and bike once per language (English at today's URLs, German and Bangla under their prefix).
    for (const path of pages.filter((p) => p !== '/')) for (const lang of ['de', 'bn']) expect(locs).toContain(`${base}/${lang}${path}`);
    for (const bike of bikes) for (const prefix of ['', '/de', '/bn']) expect(locs).toContain(`${base}${prefix}/bike/${bike._id}`);
    expect(locs.some((loc) => loc.endsWith(`/bike/${deleted._id}`))).toBe(false);
    expect(locs.filter((loc) => loc.includes('/bike/'))).toHaveLength(bikes.length * 3);
    expect(locs.some((loc) => /\/(login|signup|dashboard|checkout|payment|search)/.test(loc))).toBe(false);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  it('points crawlers to the sitemap and away from the API, the dashboard and checkout in /robots.txt', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /checkout', `Sitemap: ${base}/sitemap.xml`]));
  });
});
