import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
p.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 400)));
p.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 400)));
p.on('requestfailed', (r) => console.log('failed', r.url()));
await p.goto(process.argv[2] ?? 'http://127.0.0.1:3900/', { waitUntil: 'networkidle' });
await p.screenshot({ path: '/tmp/lead/shot.png', fullPage: false });
await b.close();
