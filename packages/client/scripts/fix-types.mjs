// After `tsc -p tsconfig.types.json`: points the emitted declarations at each other the way Node's
// ESM resolution (and `moduleResolution: node16`) wants them: `@sieve/contracts` becomes the
// contract's declarations shipped alongside, and each relative import gets its `.js` extension.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../dist/types');
const contractsIndex = path.join(root, 'contracts/src/index.js');

function* declarations(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* declarations(file);
    else if (file.endsWith('.d.ts')) yield file;
  }
}

function rewrite(file, specifier) {
  if (specifier === '@sieve/contracts') {
    const relative = path.relative(path.dirname(file), contractsIndex).split(path.sep).join('/');
    return relative.startsWith('.') ? relative : `./${relative}`;
  }
  if (!specifier.startsWith('.') || specifier.endsWith('.js')) return specifier;
  const target = path.resolve(path.dirname(file), specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(path.join(target, 'index.d.ts'))) return `${specifier}/index.js`;
  return specifier;
}

let changed = 0;
for (const file of declarations(root)) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(
    /(\bfrom\s+|\bimport\s*\(\s*)(['"])([^'"]+)\2/g,
    (_m, lead, quote, specifier) => `${lead}${quote}${rewrite(file, specifier)}${quote}`,
  );
  if (next !== text) {
    writeFileSync(file, next);
    changed++;
  }
}
console.log(`types: ${changed} declaration files linked in ${path.relative(process.cwd(), root)}`);
