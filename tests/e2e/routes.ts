// Every route the build wrote, read from dist/ (every <path>/index.html but the root redirect).
import { readdirSync, statSync } from 'node:fs';
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
