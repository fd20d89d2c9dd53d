import { createBike } from '../support/bike-factories.js';
import { createUser } from '../support/factories.js';
import { book, rentalTestEnv } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

/** Issue 11 item 10: links the shop hands out never come from a request's Host header. */
describe('The Host header', () => {
  const EVIL = 'evil.test';

  describe('with PUBLIC_URL', () => {
    const t = useTestApp({ ...rentalTestEnv, PUBLIC_URL: 'https://shop.example' }, { reset: false });

    it('a booking sent with Host: evil.test gets a payment_url on PUBLIC_URL', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 2 });
      const res = await book(t, user, bike.id).set('Host', EVIL).expect(201);
      expect(new URL(res.body.data.payment_url).origin).toBe('https://shop.example');
      expect(JSON.stringify(res.body)).not.toContain(EVIL);
    });

    it('robots.txt and the sitemap name PUBLIC_URL whatever the Host, and may be cached publicly', async () => {
      await createBike(t);
      const robots = await t.http().get('/robots.txt').set('Host', EVIL).expect(200);
      expect(robots.text).toContain('Sitemap: https://shop.example/sitemap.xml');
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
      const sitemap = await t.http().get('/sitemap.xml').set('Host', EVIL).expect(200);
      expect(sitemap.text).toContain('<loc>https://shop.example/');
      expect(sitemap.headers['cache-control']).toBe('public, max-age=900');
      for (const text of [robots.text, sitemap.text]) expect(text).not.toContain(EVIL);
    });
  });

  describe('without PUBLIC_URL', () => {
    const t = useTestApp(rentalTestEnv, { reset: false });

    it('robots.txt and the sitemap built from the Host are never cached (no-store), so no cache keeps evil.test', async () => {
      await createBike(t);
      for (const path of ['/robots.txt', '/sitemap.xml']) {
        const res = await t.http().get(path).set('Host', EVIL).expect(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['cache-control']).not.toMatch(/public|max-age|s-maxage/);
      }
    });
  });
});
