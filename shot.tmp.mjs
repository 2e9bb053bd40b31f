import { chromium } from '@playwright/test';
const [,, url, out, width] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
const p = await b.newPage({ viewport: { width: Number(width ?? 1280), height: 900 } });
await p.goto(url); await p.waitForTimeout(500);
await p.screenshot({ path: out, fullPage: false });
await b.close();
