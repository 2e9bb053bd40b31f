// Every route the build wrote, read from dist/ (every <path>/index.html but the root redirect).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

export function builtRoutes(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === 'index.html' && dir !== DIST) out.push(`/${relative(DIST, dir).split(sep).join('/')}/`);
    }
  };
  walk(DIST);
  return out;
}

/** The page data the build inlined into a route's document. */
export function pageData(route: string): { page: { kind: string }; head: { tags: { tag: string; text?: string }[] } } {
  const html = readFileSync(join(DIST, route, 'index.html'), 'utf8');
  const match = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error(`no page data in ${route}`);
  return JSON.parse(match[1]);
}
