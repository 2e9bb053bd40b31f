// The emitted nginx.conf, as production runs it: redirects, 404 statuses, content types, cache
// and security headers, and a Content-Security-Policy that breaks nothing.
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { builtRoutes } from './routes';

test('the root and the /home alias redirect permanently', async ({ request }) => {
  for (const [from, to] of [
    ['/', '/ar/'],
    ['/ar/home/', '/ar/'],
    ['/en/home', '/en/'],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()['location'], from).toBe(to);
  }
});

test('canonical URLs answer 200 directly, with and without the slash', async ({ request }) => {
  for (const path of ['/ar/', '/en/', '/en/about/', '/en/about', '/ar/blog/golden-visa-guide/']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe('text/html; charset=utf-8');
  }
});

test('unknown paths get the language 404 page with status 404', async ({ request }) => {
  const en = await request.get('/en/no-such-page/');
  expect(en.status()).toBe(404);
  expect(await en.text()).toContain('lang="en"');
  const ar = await request.get('/no-such-page');
  expect(ar.status()).toBe(404);
  expect(await ar.text()).toContain('lang="ar"');
  expect((await request.get('/nginx.conf')).status()).toBe(404);
  // The output's marker is sahel's, not a page (and holds no path of the build machine).
  for (const path of ['/.sahel-output', '/%2esahel-output', '/ar/%2e%2e/.sahel-output']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('content types, caching and security headers', async ({ request }) => {
  const html = await request.get('/en/');
  const headers = html.headers();
  expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['strict-transport-security']).toContain('max-age=');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');

  const page = await (await request.get('/en/')).text();
  // No script is requested before the first paint: the boot script at the end of the body,
  // allowed by its hash, names the entry, which it adds once the page has painted.
  expect(page).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
  const boot = /<script data-entry="([^"]+)" data-preload="[^"]*">([\s\S]*?)<\/script>\n<\/body>/.exec(page);
  expect(boot).toBeTruthy();
  const script = boot![1]!;
  const bootHash = createHash('sha256').update(boot![2]!).digest('base64');
  expect(headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${bootHash}'`);
  // The stylesheet is inlined (no request before the first paint), allowed by its hash.
  expect(page).not.toMatch(/<link rel="stylesheet"/);
  const inline = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1];
  expect(inline).toBeTruthy();
  const hash = createHash('sha256').update(inline!).digest('base64');
  expect(headers['content-security-policy']).toContain(`style-src 'self' 'sha256-${hash}'`);
  const js = await request.get(script);
  expect(js.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(js.headers()['content-security-policy']).toBeTruthy();
  // The inlined stylesheet's font addresses are absolute, so they hold on every page.
  const font = /url\((\/assets\/[^)]+\.woff2)\)/.exec(inline!)?.[1];
  expect((await request.get(font!)).headers()['content-type']).toBe('font/woff2');

  const data = await request.get('/en/about/page-data.json');
  expect(data.headers()['content-type']).toMatch(/^application\/json/);
  expect(data.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect((await request.get('/sitemap.xml')).headers()['content-type']).toMatch(/^application\/xml/);
  expect((await request.get('/robots.txt')).headers()['content-type']).toMatch(/^text\/plain/);
  const fonts = [...page.matchAll(/<link rel="preload" href="([^"]+\.woff2)"/g)].map((m) => m[1]!);
  for (const font of fonts) {
    expect((await request.get(font)).headers()['content-type']).toBe('font/woff2');
  }
});

test('robots.txt names the sitemap; the sitemap lists every canonical URL with alternates', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: https://');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  // The home alias is not canonical, and the search page is left out of the sitemap.
  const canonical = builtRoutes().filter((r) => !/\/(home|search)\/$/.test(r));
  expect(locs.sort()).toEqual(canonical.sort());
  expect(sitemap).toContain('hreflang="x-default"');
});

// Every route's load (no CSP violation, no request leaving the site) is checked in
// every-route.spec.ts, with its hydration and axe, in one load.

// Nothing before the first paint (issue 52): the app's JavaScript is requested only after the
// page has painted its content, and every chunk the boot script names is then loaded, once.
for (const route of ['/ar/', '/en/contact/']) {
  test(`${route}: the app's scripts are requested after the first contentful paint`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const { paint, scripts, named } = await page.evaluate(() => {
      const tag = document.querySelector<HTMLScriptElement>('script[data-entry]')!;
      return {
        // When the renderer painted the frame (its presentation on the screen comes later).
        paint: (performance.getEntriesByName('first-contentful-paint')[0] as (PerformanceEntry & { paintTime?: number }) | undefined)?.paintTime ?? -1,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
        named: [tag.dataset.entry!, ...tag.dataset.preload!.split(' ')],
      };
    });
    expect(paint).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThanOrEqual(named.length);
    for (const { path, start } of scripts) expect(start, path).toBeGreaterThanOrEqual(paint);
    const paths = scripts.map((s) => s.path);
    for (const chunk of named) expect(paths.filter((p) => p === chunk), chunk).toHaveLength(1);
  });
}
