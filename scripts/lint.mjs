#!/usr/bin/env node
// Project lint: layer rules from STYLE.md (imports one-way), no console.* outside src/sim and
// marked CLI prints, no default exports, no `any`, file length limit. Prints every problem and
// exits non-zero if there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');

/** Which src layers each layer may import. */
const allowed = {
  domain: ['domain'],
  exchange: ['exchange', 'domain'],
  sim: ['sim', 'domain', 'exchange/wire', 'exchange/book'],
  store: ['store', 'domain'],
  services: ['services', 'exchange', 'store', 'domain'],
  ui: ['ui', 'store', 'domain'],
  // The terminal render layer (Ink's patch hook, the row builder, the cell writer): beside cli, which
  // alone wires it in; it knows nothing of the app.
  render: ['render'],
  cli: ['cli', 'services', 'exchange', 'store', 'domain', 'sim', 'ui', 'render'],
};
/** ui may import services for types only. */
const typeOnly = { ui: ['services'] };

/**
 * The generic operation call (`services.exchange.call`) is the desk view's raw operation browser;
 * the rest of the UI asks the typed services (loans, account, history, trading) for domain values
 * (issue 18). Matches the call, the member read through a dot, and a destructured `exchange`.
 */
const RAW_CALL_HOME = 'src/ui/hooks/use-desk-view.ts';
const rawCallRes = [/\bexchange\s*(\?\.|\.)\s*call\b/, /[\w)\]]\s*(\?\.|\.)\s*exchange\b/, /\{[^}]*\bexchange\b[^}]*\}\s*=/];

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

function layerOf(file) {
  const rel = relative(src, file).split(sep);
  if (rel[0] === 'exchange' && rel.length > 1) return rel[0];
  return rel[0];
}

function targetOf(file, spec) {
  const abs = resolve(dirname(file), spec);
  const rel = relative(src, abs).split(sep);
  if (rel[0] === '..') return null;
  return rel;
}

const problems = [];
for (const file of walk(src)) {
  const text = readFileSync(file, 'utf8');
  const rel = relative(root, file);
  const lines = text.split('\n');
  const isTest = /\.test\.tsx?$/.test(file);
  if (!isTest && lines.length > 500) problems.push(`${rel}: ${lines.length} lines (limit 500); split it by concern`);
  const layer = layerOf(file);
  const importRe = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;
  let m;
  while ((m = importRe.exec(text))) {
    const isType = Boolean(m[2]);
    const target = targetOf(file, m[3]);
    if (!target) continue;
    const targetLayer = target[0];
    const targetPath = target.slice(0, 2).join('/');
    const ok = (allowed[layer] ?? []).some((a) => a === targetLayer || a === targetPath);
    const okType = isType && (typeOnly[layer] ?? []).includes(targetLayer);
    if (!ok && !okType && !isTest) problems.push(`${rel}: ${layer} may not import ${target.join('/')} (STYLE.md dependency rules)`);
  }
  lines.forEach((line, i) => {
    if (/console\.(log|info|warn|error|debug)\(/.test(line) && !line.includes('// console-ok') && layer !== 'sim' && !isTest)
      problems.push(`${rel}:${i + 1}: console.* corrupts the Ink screen; use the logger or mark a CLI print // console-ok`);
    if (/^\s*export\s+default\b/.test(line)) problems.push(`${rel}:${i + 1}: no default exports`);
    if (layer === 'ui' && !isTest && rel.split(sep).join('/') !== RAW_CALL_HOME && !/^\s*(\*|\/\/)/.test(line) && rawCallRes.some((re) => re.test(line)))
      problems.push(`${rel}:${i + 1}: the UI reaches the wire only in the raw operation browser (${RAW_CALL_HOME}); ask a typed service (services.loans, .account, .history, .trading) instead of services.exchange`);
    if (/(:|as|<)\s*any\b(?![\w-])/.test(line) && !line.includes('// any-ok')) problems.push(`${rel}:${i + 1}: no \`any\``);
    if (/\b(parseFloat|Number)\((price|qty|amount|size|balance|equity)/.test(line)) problems.push(`${rel}:${i + 1}: money through a JS number`);
  });
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`lint: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('lint: ok');
