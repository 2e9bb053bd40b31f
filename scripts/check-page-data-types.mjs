// The Rust → React boundary: every kind of page data the build wrote (both languages) is
// type-checked, as an object literal, against the app's `RouteData` type with the strict
// TypeScript compiler. A field Rust adds, drops or renames without the TS twin fails here.
// Usage (after a build): node scripts/check-page-data-types.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const out = join(root, '.cache/page-data-types');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const samples = new Map(); // `${lang}:${kind}` → file
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (name === 'page-data.json') {
      const data = JSON.parse(readFileSync(full, 'utf8'));
      const key = `${data.lang}:${data.page.kind}`;
      if (!samples.has(key)) samples.set(key, { full, data });
    }
  }
};
walk(dist);
let i = 0;
for (const [key, { data }] of samples) {
  writeFileSync(
    join(out, `sample-${i++}.ts`),
    `// ${key}\nimport type { RouteData } from '../../site/src/shared/page-data';\nexport const data: RouteData = ${JSON.stringify(data, null, 1)};\n`,
  );
}
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify({ extends: '../../tsconfig.json', include: ['./*.ts'], compilerOptions: { noEmit: true } }),
);
try {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(out, 'tsconfig.json')], { stdio: 'inherit' });
  console.log(`page data: ${samples.size} kinds (both languages) match RouteData`);
} catch {
  console.log('page data: the JSON the build wrote does not match site/src/shared/page-data.ts');
  process.exit(1);
}
