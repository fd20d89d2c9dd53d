import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';

describe('Signup, login and logout in a browser', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs up, logs in to the dashboard, and logs out as a user would', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const { problems } = watchConsole(page);

    await page.goto('/signup');
    await page.getByLabel('Name').fill('Nadia Rahman');
    await page.getByLabel('Email').fill('nadia@example.com');
    await page.getByLabel('Password').fill('nadia-secret-1');
    await page.getByLabel('Phone').fill('+8801711111111');
    await page.getByLabel('Address').fill('Road 3, Uttara, Dhaka');
    await page.getByRole('button', { name: /sign ?up/i }).click();
    await page.getByText('Signup Successful').waitFor();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill('nadia@example.com');
    await page.getByLabel('Password').fill('nadia-secret-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Nadia Rahman').first().waitFor();
    const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('userAuth') ?? 'null'));
    expect(auth).toMatchObject({ auth: true, role: 'user' });
    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name === 'okb_token');
    expect(token?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('okb_token');

    // A reload keeps the session: the server renders the dashboard for the cookie's user.
    const reload = await page.reload();
    expect(reload?.status()).toBe(200);
    expect(page.url()).toMatch(/\/dashboard$/);

    await page.getByRole('button', { name: /account menu|nadia/i }).first().click();
    await page.getByText('Logout').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('userAuth') ?? 'null'));
    expect(after).toMatchObject({ auth: false, role: 'user' });
    expect((await context.cookies()).find((c) => c.name === 'okb_token')).toBeUndefined();

    const guarded = await page.goto('/dashboard');
    expect(page.url()).toMatch(/\/login$/);
    expect(guarded?.ok()).toBe(true);

    expect(problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p))).toEqual([]);
    await context.close();
  });

  it('shows a login error toast with the server message for wrong credentials', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });

  it('keeps what was typed (or autofilled) into the login form before the page became interactive', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    // Hold the app's script back so the form is filled while only the server's HTML is there, as on a slow phone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/entry-client-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const opened = page.goto('/login');
    await page.locator('#email').fill('nobody@example.com');
    await page.locator('#password').fill('wrong-password');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await opened;
    // Hydration resets controlled inputs; the form took the typed values back, so Login sends them.
    expect(await page.locator('#email').inputValue()).toBe('nobody@example.com');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
    await context.close();
  });

  it('serves the 404 page with status 404, and a plain 404 for a missing static file', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await page.getByText("Oops! The page you're looking for doesn't exist.").waitFor();
    await page.getByRole('link', { name: 'Go to Homepage' }).or(page.getByRole('button', { name: 'Go to Homepage' })).click();
    await page.waitForURL(server.baseUrl + '/');

    const asset = await fetch(`${server.baseUrl}/assets/missing-file.js`);
    expect(asset.status).toBe(404);
    expect(asset.headers.get('content-type') ?? '').not.toMatch(/html/);
    await context.close();
  });

  it('renders the styled main layout without JavaScript', async () => {
    const raw = await (await fetch(`${server.baseUrl}/`)).text();
    const html = raw.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
    expect(html).toMatch(/<header/);
    expect(html).toContain('Okay Bike');
    expect(html).toContain("Let's keep in touch!");
    expect(html).toContain('Find us on any of these platforms, we respond in 1-2 business days.');
    // antd's styles come from a per-theme stylesheet linked in the head (issue 13), so the page is styled without scripts.
    const sheet = /<link rel="stylesheet" href="(\/assets\/antd-light-[0-9a-f]+\.css)">/.exec(html)?.[1];
    expect(sheet).toBeDefined();
    const css = await fetch(`${server.baseUrl}${sheet}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    expect(await css.text()).toMatch(/\.ant-layout/);
  });
});
