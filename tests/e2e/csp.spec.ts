// The Content-Security-Policy without 'unsafe-inline' (issue 32, item 10): the hosts' files and
// the served pages allow styles from the site only and the app's stylesheet each page inlines (by
// its hash), no built page carries a `style` attribute or another `<style>` element, and what moves on screen (the timeline bar, the mobile menu, the
// assistant's tooltip, the toasts) draws without a single violation, in both languages.
// Every route's load is checked in every-route.spec.ts (same watch, tests/e2e/csp.ts).
// Screenshots go to test-results/csp/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { backendSite, routeBackend, startMockBackend } from './backend';
import { directives, watchCsp } from './csp';
import { toastRegion } from './helpers';
import { DIST } from './routes';

const DIST_BACKEND = fileURLToPath(new URL('../../dist-backend', import.meta.url));
const SHOTS = '../../test-results/csp';

/** Every .html file under `dir`, as (path in dist, text). */
function htmlFiles(dir: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.html')) out.push([relative(dir, full), readFileSync(full, 'utf8')]);
    }
  };
  walk(dir);
  return out;
}

/** The policy a host file writes: `Content-Security-Policy: ...` (_headers), `add_header ... "..."` (nginx.conf). */
function policyIn(file: string): string {
  const text = readFileSync(join(DIST, file), 'utf8');
  const policy = /Content-Security-Policy:? "?([^"\n]+)"?/.exec(text)?.[1];
  expect(policy, `${file} has no Content-Security-Policy`).toBeTruthy();
  return policy!;
}

/** The app's stylesheet, which every page inlines in its head, and its CSP hash. */
function inlined(html: string): { css: string; hash: string } {
  const css = /<head>[\s\S]*?<style>([\s\S]*?)<\/style>[\s\S]*<\/head>/.exec(html)?.[1];
  expect(css, 'the app stylesheet inlined in the head').toBeTruthy();
  return { css: css!, hash: `'sha256-${createHash('sha256').update(css!).digest('base64')}'` };
}
const INLINED = inlined(readFileSync(join(DIST, 'en/index.html'), 'utf8'));

function expectStylesFromSiteOnly(policy: string, where: string) {
  expect(policy, where).not.toContain('unsafe-inline');
  expect(directives(policy).get('style-src'), `${where}: ${policy}`).toBe(`'self' ${INLINED.hash}`);
}

test("_headers, nginx.conf and the served pages allow styles from the site and the inlined stylesheet only", async ({ request }) => {
  expectStylesFromSiteOnly(policyIn('_headers'), 'dist/_headers');
  expectStylesFromSiteOnly(policyIn('nginx.conf'), 'dist/nginx.conf');
  for (const url of ['/en/', '/ar/services/company-formation/', backendSite('/en/contact/')]) {
    const policy = (await request.get(url)).headers()['content-security-policy'];
    expectStylesFromSiteOnly(policy ?? '', url);
  }
});

test('no built page carries a style attribute or a <style> element but the inlined stylesheet', async ({ page }) => {
  const files: [string, string][] = htmlFiles(DIST).map(([p, t]) => [`dist/${p}`, t]);
  if (existsSync(DIST_BACKEND)) files.push(...htmlFiles(DIST_BACKEND).map(([p, t]): [string, string] => [`dist-backend/${p}`, t]));
  expect(files.length).toBeGreaterThan(40);
  // Each page's head holds the app's stylesheet, the one the policy's hash allows (dist-backend's
  // is the same app's); it is taken out before looking for any other.
  for (const file of files) {
    if (!file[1].includes('<div id="root">')) continue;
    const own = inlined(file[1]);
    expect(own.hash, file[0]).toBe(INLINED.hash);
    file[1] = file[1].replace(`<style>${own.css}</style>`, '');
  }
  // Parsed as the browser parses them (a `style=` in text or in a script is no attribute).
  const styled = await page.evaluate((pages) => {
    const found: string[] = [];
    for (const [path, html] of pages) {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      for (const el of doc.querySelectorAll('[style], style')) {
        found.push(`${path}: <${el.localName}${el.hasAttribute('style') ? ` style="${el.getAttribute('style')}"` : ''}>`);
      }
    }
    return found;
  }, files);
  expect(styled).toEqual([]);
});

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

// The bars of four services: a range from day 2 (company-formation, 2-10 days, to the scale's
// end), a range ending short of the scale (visas-residency, 5-15 of 15; tax-vat-corporate, 2-7 of
// 10), and a single day (ejari-tenancy, 1 of 5).
const BARS = [
  { id: 'company-formation', min: 2, max: 10, scale: 10 },
  { id: 'tax-vat-corporate', min: 2, max: 7, scale: 10 },
  { id: 'visas-residency', min: 5, max: 15, scale: 15 },
  { id: 'ejari-tenancy', min: 1, max: 1, scale: 5 },
];

for (const lang of ['ar', 'en'] as const) {
  for (const width of [375, 1280]) {
    test(`${lang} at ${width} px: the timeline bars draw their range from the data, without a CSP violation`, async ({ page }) => {
      const violations = await watchCsp(page);
      await page.setViewportSize({ width, height: 900 });
      for (const bar of BARS) {
        await hydrated(page, `/${lang}/services/${bar.id}/`);
        const drawing = page.locator('[data-timeline-bar]');
        const track = await drawing.locator('[data-timeline-track]').boundingBox();
        const fill = await drawing.locator('[data-timeline-fill]').boundingBox();
        expect(track && fill, bar.id).toBeTruthy();
        // Day `min` to day `max` of the scale, from the start side of the language.
        const from = (bar.min - 1) / bar.scale;
        const to = bar.max / bar.scale;
        const [left, right] = lang === 'ar' ? [1 - to, 1 - from] : [from, to];
        expect(Math.abs(fill!.x - (track!.x + left * track!.width)), `${bar.id}: the range's left edge`).toBeLessThan(1.5);
        expect(Math.abs(fill!.x + fill!.width - (track!.x + right * track!.width)), `${bar.id}: the range's right edge`).toBeLessThan(1.5);
        expect(Math.abs(fill!.height - track!.height), bar.id).toBeLessThan(1);
        // The figures under the range's ends: `min` from its start, `max` up to its end, the
        // scale's end at the track's end when the range stops short of it.
        const min = await drawing.locator('[data-timeline-min]').boundingBox();
        expect(await drawing.locator('[data-timeline-min]').textContent()).toBe(String(bar.min));
        const startEdge = lang === 'ar' ? min!.x + min!.width : min!.x;
        expect(Math.abs(startEdge - (lang === 'ar' ? fill!.x + fill!.width : fill!.x)), `${bar.id}: min`).toBeLessThan(1.5);
        const maxLabel = drawing.locator('[data-timeline-max]');
        if (bar.max === bar.min) await expect(maxLabel).toHaveCount(0);
        else {
          expect(await maxLabel.textContent()).toBe(String(bar.max));
          const max = await maxLabel.boundingBox();
          const endEdge = lang === 'ar' ? max!.x : max!.x + max!.width;
          expect(Math.abs(endEdge - (lang === 'ar' ? fill!.x : fill!.x + fill!.width)), `${bar.id}: max`).toBeLessThan(1.5);
        }
        const scale = drawing.locator('[data-timeline-scale]');
        if (bar.scale === bar.max) await expect(scale).toHaveCount(0);
        else await expect(scale).toHaveText(String(bar.scale));
        // Below the track, not over it (the box of the text reaches up to the font's ascent).
        expect(min!.y + min!.height / 2).toBeGreaterThan(track!.y + track!.height + 4);
        await drawing.locator('..').screenshot({ path: `${SHOTS}/timeline-${lang}-${width}-${bar.id}.png` });
      }
      expect(await violations()).toEqual([]);
    });
  }

  test(`${lang}: the mobile menu opens and closes without a CSP violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await hydrated(page, `/${lang}/services/`);
    const toggle = page.locator('header button[aria-expanded]');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: `${SHOTS}/menu-${lang}.png` });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await violations()).toEqual([]);
  });

  test(`${lang}: the assistant button's tooltip shows without a CSP violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await hydrated(page, `/${lang}/`);
    const assistant = page.locator('[data-floating="assistant"]');
    await expect(assistant).toHaveAttribute('data-state', 'closed'); // the tooltip has loaded
    await assistant.hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/tooltip-${lang}.png` });
    expect(await violations()).toEqual([]);
  });
}

for (const [lang, status] of [
  ['en', 201],
  ['ar', 500],
] as const) {
  test(`${lang}: the contact form's toast (answer ${status}) shows without a CSP violation`, async ({ page }) => {
    const mock = await startMockBackend((_req, res) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(status === 201 ? '' : '{"message":"boom"}'));
    try {
      const violations = await watchCsp(page);
      await routeBackend(page, mock.port);
      await page.setViewportSize({ width: 1280, height: 800 });
      await hydrated(page, backendSite(`/${lang}/contact/`));
      const form = page.locator('form').filter({ has: page.locator('textarea') });
      await form.locator('input[autocomplete=name]').fill('Sara Al Mansoori');
      await form.locator('input[type=tel]').fill('+971 50 123 4567');
      await form.locator('input[type=email]').fill('sara@example.com');
      await form.locator('textarea').fill('I need a trade licence for a consultancy on the mainland.');
      await form.locator('button[type=submit]').click();
      const toast = toastRegion(page).locator('li');
      await expect(toast).toHaveCount(1, { timeout: 15_000 });
      await expect(toast).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/toast-${lang}-${status}.png` });
      expect(await violations()).toEqual([]);
    } finally {
      await mock.close();
    }
  });
}
