/**
 * Issue 18: `npm run lint` is ESLint (eslint.config.js) and dependency-cruiser
 * (.dependency-cruiser.cjs). Each key rule fires on a small breach, and a clean file passes, so a
 * rule switched off or a selector that matches nothing fails here. Fixture tree and why it looks
 * the way it does: test/fixtures/lint-tree/README.md.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TREE = join(ROOT, 'test/fixtures/lint-tree');

/** The project's ESLint config, with the fixture tree standing in for the repository root. */
const eslint = new ESLint({ cwd: TREE, overrideConfigFile: join(ROOT, 'eslint.config.js') });

/** `ruleId: line` of each problem ESLint finds in `code` linted as the fixture file `file`. */
async function lint(file: 'src/ui/probe.ts' | 'src/sim/probe.ts' | 'src/ui/hooks/use-desk-view.ts', code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(TREE, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? m.message}: ${m.line}`);
}

describe('eslint.config.js', () => {
  it('passes a clean file', async () => {
    const code = [
      "import { Decimal } from 'decimal.js';",
      'export async function load(): Promise<number> { return 1; }',
      'export function total(price: string, qty: string): Decimal { return new Decimal(price).mul(qty); }',
      'export function start(): void { void load(); }',
      'export const rows = (lines: readonly string[]): number => Number(lines.length);',
      '',
    ].join('\n');
    expect(await lint('src/ui/probe.ts', code)).toEqual([]);
  }, 30_000);

  it('a floating promise', async () => {
    const code = 'async function load(): Promise<void> {}\nload();\nexport {};\n';
    expect(await lint('src/ui/probe.ts', code)).toEqual(['@typescript-eslint/no-floating-promises: 2']);
  });

  it('a non-null assertion', async () => {
    const code = 'const rows: string[] = [];\nexport const first = rows[0]!.length;\n';
    expect(await lint('src/ui/probe.ts', code)).toEqual(['@typescript-eslint/no-non-null-assertion: 2']);
  });

  it('any', async () => {
    expect(await lint('src/ui/probe.ts', 'export const x: any = 1;\n')).toEqual(['@typescript-eslint/no-explicit-any: 1']);
  });

  it('a default export', async () => {
    expect(await lint('src/ui/probe.ts', 'const x = 1;\nexport default x;\n')).toEqual(['no-restricted-syntax: 2']);
  });

  it('console in src/ui, but not in the embedded exchange', async () => {
    const code = "console.log('hi');\nexport {};\n";
    expect(await lint('src/ui/probe.ts', code)).toEqual(['no-console: 1']);
    expect(await lint('src/sim/probe.ts', code)).toEqual([]);
  });

  it('money through a JS number, from a name or a field', async () => {
    const code = [
      'export const a = (price: string): number => Number(price);',
      'export const b = (o: { qty: string }): number => parseFloat(o.qty);',
      'export const c = (sizeText: string): number => Number(sizeText);',
      'export const d = (amount: { value: string }): number => Number(amount.value);',
      'export const e = (balance: string): number => parseFloat(balance.trim());',
      'export const f = (rows: string[], count: string): number => Number(rows.length) + Number(count);',
      '',
    ].join('\n');
    expect(await lint('src/sim/probe.ts', code)).toEqual([1, 2, 3, 4, 5].map((line) => `no-restricted-syntax: ${line}`));
  });

  it('services.exchange in src/ui, except in the raw operation browser', async () => {
    const code = [
      'declare const services: { exchange: { call(op: string): Promise<unknown> } };',
      "export const reply = services.exchange.call('loan.getCoins');",
      'const { exchange } = services;',
      'export const raw = exchange;',
      '',
    ].join('\n');
    expect(await lint('src/ui/probe.ts', code)).toEqual(['no-restricted-syntax: 2', 'no-restricted-syntax: 3']);
    expect(await lint('src/ui/hooks/use-desk-view.ts', code)).toEqual([]);
  });
});

describe('.dependency-cruiser.cjs', () => {
  let result: ICruiseResult;

  beforeAll(async () => {
    const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
    const cruised = await cruise(['src'], { ...options, baseDir: TREE, tsConfig: { fileName: join(TREE, 'tsconfig.json') } }, { extensions: ['.ts', '.tsx', '.js'] });
    if (typeof cruised.output === 'string') throw new Error('dependency-cruiser returned text, not a result');
    result = cruised.output;
  }, 30_000);

  /** `rule: from -> to` of each violation. */
  function violations(): string[] {
    return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  }

  it('finds the fixture files (the exclude of the config does not hide them)', () => {
    expect(result.modules.map((m) => m.source)).toContain('src/ui/services-types.ts');
  });

  it('a cycle of type-only imports', () => {
    expect(violations().filter((v) => v.startsWith('no-circular:'))).toHaveLength(1);
    expect(violations().find((v) => v.startsWith('no-circular:'))).toMatch(/src\/domain\/cycle-[ab]\.ts -> src\/domain\/cycle-[ab]\.ts/);
  });

  it('the layer rules: ui → exchange, ui → services for a value, sim → services, src → test', () => {
    expect(violations().filter((v) => !v.startsWith('no-circular:'))).toEqual([
      'layer-sim: src/sim/reaches-services.ts -> src/services/desk.ts',
      'layer-ui: src/ui/reaches-exchange.ts -> src/exchange/client.ts',
      'no-test-helpers-in-src: src/services/uses-test-helper.ts -> test/helper.ts',
      'ui-services-type-only: src/ui/services-value.ts -> src/services/desk.ts',
    ]);
  });
});
