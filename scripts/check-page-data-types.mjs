// The Rust → React boundary: every kind of page data the build wrote (both languages) is
// type-checked, as an object literal, against the app's `RouteData` type with the strict
// TypeScript compiler. A field Rust adds, drops or renames without the TS twin fails here.
// The kinds of the site's own are checked against the collections' generated types.
// Usage (after a build): node scripts/check-page-data-types.mjs [output folder] [app folder]
//   (default: dist/ and this project; the team-page fixture: dist-team target/team-site)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const app = resolve(process.argv[3] ?? root);
const out = join(app, '.cache/page-data-types');
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
  JSON.stringify({ extends: join(app, 'tsconfig.json'), include: ['./*.ts'], compilerOptions: { noEmit: true } }),
);
try {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(out, 'tsconfig.json')], { stdio: 'inherit' });
  console.log(`page data: ${samples.size} kinds (every language) of ${dist} match RouteData`);
} catch {
  console.log('page data: the JSON the build wrote does not match site/src/shared/page-data.ts');
  process.exit(1);
}
