import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCoverageTable } from './coverage.js';
import { OPERATIONS, OPERATION_BY_ID, operationByPath } from './operations.js';

const SPEC = readFileSync(new URL('../../../../shared/spec/uta-api-spec.md', import.meta.url), 'utf8');
const NOTES = readFileSync(new URL('../../../../shared/spec/protocol-notes.md', import.meta.url), 'utf8');
const DOC_URL = new URL('../../../docs/operations.md', import.meta.url);

/** Every `METHOD /api/...` mention in a text, as "METHOD /path" (trailing punctuation excluded). */
function routesIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b(GET|POST)\s+(\/api\/v\d+\/[A-Za-z0-9/_-]+)/g)) out.add(`${m[1]} ${m[2]}`);
  return out;
}

/** protocol-notes §8 (REST reply fields for the endpoints the spec leaves open). */
function notesSection8(): string {
  const start = NOTES.indexOf('\n## 8.');
  const end = NOTES.indexOf('\n## 9.');
  if (start < 0 || end < start) throw new Error('protocol-notes.md has no "## 8." … "## 9." section; update this test');
  return NOTES.slice(start, end);
}

/** Endpoint names §8 mentions in backticks without a path, e.g. `cancel-symbol-order`. */
function endpointNamesIn(text: string): Set<string> {
  return new Set([...text.matchAll(/`([a-z]+(?:-[a-z]+)+)`/g)].map((m) => m[1] ?? ''));
}

const SPEC_ROUTES = routesIn(SPEC);
const NOTES_ROUTES = routesIn(notesSection8());
const NOTES_NAMES = endpointNamesIn(notesSection8());
const DOC_ROUTES = new Set([...SPEC_ROUTES, ...NOTES_ROUTES]);

/** The shared contract from the helper brief: id, method, path, part. */
const CONTRACT: readonly (readonly [string, string, string])[] = [
  ['loan.getCoins', 'GET', '/api/v3/loan/coins'],
  ['loan.getInterest', 'GET', '/api/v3/loan/interest'],
  ['loan.borrow', 'POST', '/api/v3/loan/borrow'],
  ['loan.getOngoing', 'GET', '/api/v3/loan/borrow-ongoing'],
  ['loan.getBorrowHistory', 'GET', '/api/v3/loan/borrow-history'],
  ['loan.repay', 'POST', '/api/v3/loan/repay'],
  ['loan.getRepayHistory', 'GET', '/api/v3/loan/repay-history'],
  ['loan.revisePledge', 'POST', '/api/v3/loan/revise-pledge'],
  ['loan.getPledgeRateHistory', 'GET', '/api/v3/loan/pledge-rate-history'],
  ['loan.getReduces', 'GET', '/api/v3/loan/reduces'],
  ['loan.getDebts', 'GET', '/api/v3/loan/debts'],
  ['insLoan.getCoinsConvert', 'GET', '/api/v3/ins-loan/ensure-coins-convert'],
  ['trade.placeOrder', 'POST', '/api/v3/trade/place-order'],
  ['trade.modifyOrder', 'POST', '/api/v3/trade/modify-order'],
  ['trade.cancelOrder', 'POST', '/api/v3/trade/cancel-order'],
  ['trade.countdownCancelAll', 'POST', '/api/v3/trade/countdown-cancel-all'],
  ['trade.placeBatch', 'POST', '/api/v3/trade/place-batch'],
  ['trade.batchModifyOrder', 'POST', '/api/v3/trade/batch-modify-order'],
  ['trade.cancelBatch', 'POST', '/api/v3/trade/cancel-batch'],
  ['trade.cancelRealityOrder', 'POST', '/api/v3/trade/cancel-reality-order'],
  ['trade.cancelSymbolOrder', 'POST', '/api/v3/trade/cancel-symbol-order'],
  ['trade.closePositions', 'POST', '/api/v3/trade/close-positions'],
  ['trade.getOrderInfo', 'GET', '/api/v3/trade/order-info'],
  ['trade.getUnfilledOrders', 'GET', '/api/v3/trade/unfilled-orders'],
  ['trade.getHistoryOrders', 'GET', '/api/v3/trade/history-orders'],
  ['trade.getFills', 'GET', '/api/v3/trade/fills'],
  ['trade.getHistoryStrategyOrders', 'GET', '/api/v3/trade/history-strategy-orders'],
  ['position.getCurrent', 'GET', '/api/v3/position/current-position'],
  ['position.getHistory', 'GET', '/api/v3/position/history-position'],
  ['position.getAllLegacy', 'GET', '/api/v2/mix/position/all-position'],
  ['account.getMaxOpenAvailable', 'POST', '/api/v3/account/max-open-available'],
  ['account.getAssets', 'GET', '/api/v3/account/assets'],
  ['account.getFundingAssets', 'GET', '/api/v3/account/funding-assets'],
  ['account.getDeltaInfo', 'GET', '/api/v3/account/delta-info'],
  ['account.getSettings', 'GET', '/api/v3/account/settings'],
  ['account.adjustAccountMode', 'POST', '/api/v3/account/adjust-account-mode'],
  ['account.setHoldMode', 'POST', '/api/v3/account/set-hold-mode'],
  ['account.setLeverage', 'POST', '/api/v3/account/set-leverage'],
  ['account.getMaxTransferable', 'GET', '/api/v3/account/max-transferable'],
  ['account.getFinancialRecords', 'GET', '/api/v3/account/financial-records'],
  ['account.cancelWithdrawal', 'POST', '/api/v3/account/cancel-withdrawal'],
  ['user.createSub', 'POST', '/api/v3/user/create-sub'],
  ['user.getSubList', 'GET', '/api/v3/user/sub-list'],
  ['user.batchCreateSubApiKey', 'POST', '/api/v2/user/batch-create-subaccount-and-apikey'],
  ['tax.getMarginRecords', 'GET', '/api/v2/tax/margin-record'],
  ['market.getInstruments', 'GET', '/api/v3/market/instruments'],
  ['market.getPublicInstruments', 'GET', '/api/v3/public/instruments'],
  ['market.getRpiSymbols', 'GET', '/api/v3/market/rpi-symbols'],
  ['market.getTickers', 'GET', '/api/v3/market/tickers'],
  ['market.getOrderbook', 'GET', '/api/v3/market/orderbook'],
  ['market.getRpiOrderbook', 'GET', '/api/v3/market/rpi-orderbook'],
  ['market.getFills', 'GET', '/api/v3/market/fills'],
  ['market.getCandles', 'GET', '/api/v3/market/candles'],
  ['market.getHistoryCandles', 'GET', '/api/v3/market/history-candles'],
  ['market.getTime', 'GET', '/api/v3/market/time'],
  ['market.getPublicTime', 'GET', '/api/v3/public/time'],
  ['market.getServerTime', 'GET', '/api/v2/public/time'],
  ['market.getCoins', 'GET', '/api/v3/market/coins'],
  ['market.getFeeGroup', 'GET', '/api/v3/market/fee-group'],
  ['market.getScoreWeights', 'GET', '/api/v3/market/score-weights'],
  ['market.getAnnouncements', 'GET', '/api/v2/public/annoucements'],
];

describe('operation table vs. the spec and protocol notes', () => {
  it('finds the routes the documents name (guards the extraction itself)', () => {
    expect(SPEC_ROUTES.size).toBeGreaterThanOrEqual(50);
    expect(SPEC_ROUTES).toContain('GET /api/v3/account/settings');
    expect(SPEC_ROUTES).toContain('POST /api/v3/account/set-leverage');
    expect(SPEC_ROUTES).toContain('GET /api/v3/market/rpi-orderbook');
    expect(NOTES_ROUTES).toContain('GET /api/v3/loan/debts');
    expect(NOTES_NAMES).toContain('cancel-symbol-order');
  });

  it('has an operation for every METHOD /api/... route in the spec and protocol-notes §8', () => {
    const missing: string[] = [];
    for (const route of DOC_ROUTES) {
      const [method = '', path = ''] = route.split(' ');
      if (operationByPath(method, path) !== undefined) continue;
      if (OPERATIONS.some((op) => op.method === method && op.seedPath === path)) continue;
      const other = OPERATIONS.find((op) => op.path === path);
      missing.push(other ? `${route}: table has ${other.id} as ${other.method}` : `${route}: no operation`);
    }
    expect(missing).toEqual([]);
  });

  it('names only routes the documents know (aliases and part "extra" aside), with the same method', () => {
    const unknown: string[] = [];
    for (const op of OPERATIONS) {
      if (op.part === 'extra' || op.aliasOf !== undefined) continue;
      const route = `${op.method} ${op.seedPath ?? op.path}`;
      if (DOC_ROUTES.has(route)) continue;
      const otherMethod = [...DOC_ROUTES].find((r) => r.endsWith(` ${op.path}`));
      if (otherMethod !== undefined) {
        unknown.push(`${op.id}: documents say ${otherMethod}, table says ${route}`);
        continue;
      }
      const name = op.path.split('/').pop() ?? '';
      if (op.part === 'notes-8' && NOTES_NAMES.has(name)) continue;
      unknown.push(`${op.id}: ${route} is in neither uta-api-spec.md nor protocol-notes.md §8`);
    }
    expect(unknown).toEqual([]);
  });

  it('matches the shared contract exactly: ids, methods, paths', () => {
    expect(OPERATIONS.map((op) => [op.id, op.method, op.path])).toEqual(CONTRACT);
  });
});

describe('operation table invariants', () => {
  it('has unique ids and unique (method, path) routes, and lookups agree', () => {
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(OPERATIONS.length);
    expect(new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`)).size).toBe(OPERATIONS.length);
    for (const op of OPERATIONS) {
      expect(OPERATION_BY_ID.get(op.id)).toBe(op);
      expect(operationByPath(op.method, op.path)).toBe(op);
      expect(operationByPath(op.method.toLowerCase(), op.path)).toBe(op);
    }
    expect(operationByPath('GET', '/api/v3/trade/place-order')).toBeUndefined();
  });

  it('makes market.* public per IP and every other operation private per UID', () => {
    const wrong = OPERATIONS.filter((op) => {
      const isPublic = op.id.startsWith('market.');
      return isPublic ? op.auth !== 'public' || op.rate.scope !== 'ip' : op.auth !== 'private' || op.rate.scope !== 'uid';
    }).map((op) => op.id);
    expect(wrong).toEqual([]);
  });

  it('gives every operation a positive rate and one rate per shared bucket', () => {
    const byBucket = new Map<string, string>();
    const conflicts: string[] = [];
    for (const op of OPERATIONS) {
      expect(op.rate.perSecond, op.id).toBeGreaterThan(0);
      expect(op.rate.bucket, op.id).not.toBe('');
      const key = `${op.rate.perSecond}/${op.rate.scope}`;
      const seen = byBucket.get(op.rate.bucket);
      if (seen !== undefined && seen !== key) conflicts.push(`${op.rate.bucket}: ${seen} vs ${key} (${op.id})`);
      byBucket.set(op.rate.bucket, key);
    }
    expect(conflicts).toEqual([]);
  });

  it('takes the stated limits from the spec and notes', () => {
    const rate = (id: string): number | undefined => OPERATIONS.find((op) => op.id === id)?.rate.perSecond;
    expect(rate('trade.countdownCancelAll')).toBe(1);
    expect(rate('trade.placeBatch')).toBe(5);
    expect(rate('trade.cancelBatch')).toBe(5);
    expect(rate('insLoan.getCoinsConvert')).toBe(3);
    expect(rate('market.getFeeGroup')).toBe(5);
    expect(rate('market.getRpiOrderbook')).toBe(10);
    expect(rate('position.getAllLegacy')).toBe(5);
    expect(rate('account.adjustAccountMode')).toBe(1);
  });

  it('says "rate assumed" in the summary exactly when the rate is assumed', () => {
    const wrong = OPERATIONS.filter((op) => (op.rate.assumed === true) !== /rate assumed/.test(op.summary));
    expect(wrong.map((op) => op.id)).toEqual([]);
  });

  it('marks POST operations as writes, except the max-open-available read', () => {
    const wrong = OPERATIONS.filter((op) => op.write !== (op.method === 'POST' && op.id !== 'account.getMaxOpenAvailable'));
    expect(wrong.map((op) => op.id)).toEqual([]);
  });

  it('gives exactly the four batch operations a batch schema: 20 orders, 5 sub-accounts (official pages)', () => {
    const batch = OPERATIONS.filter((op) => op.request.batch !== undefined);
    expect(batch.map((op) => op.id)).toEqual(['trade.placeBatch', 'trade.batchModifyOrder', 'trade.cancelBatch', 'user.batchCreateSubApiKey']);
    for (const op of batch) expect(op.request.batch?.maxItems, op.id).toBe(op.id === 'user.batchCreateSubApiKey' ? 5 : 20);
    expect(batch.filter((op) => op.request.batch?.sameField === 'category').length).toBe(3);
  });

  it('points every alias at an operation with the same request, reply and auth', () => {
    const aliases = OPERATIONS.filter((op) => op.aliasOf !== undefined);
    expect(aliases.map((op) => op.id)).toEqual(['market.getPublicInstruments', 'market.getPublicTime', 'market.getServerTime']);
    for (const alias of aliases) {
      const target = OPERATIONS.find((op) => op.id === alias.aliasOf);
      expect(target, alias.id).toBeDefined();
      expect(alias.request).toEqual(target?.request);
      expect([alias.reply, alias.auth, alias.rate.bucket]).toEqual([target?.reply, target?.auth, target?.rate.bucket]);
    }
  });

  it('names only known fields in cross rules and enums are never empty', () => {
    for (const op of OPERATIONS) {
      const fields = Object.keys(op.request.fields);
      for (const rule of op.request.rules ?? []) {
        const named =
          rule.kind === 'exactlyOne' || rule.kind === 'atLeastOne'
            ? rule.fields
            : rule.kind === 'requiredWhen'
              ? [rule.field, rule.when]
              : rule.kind === 'maxSpanDays'
                ? [rule.start, rule.end]
                : [rule.field];
        for (const f of named) expect(fields, `${op.id} rule ${rule.kind}`).toContain(f);
      }
      for (const [name, rule] of Object.entries(op.request.fields)) {
        if (rule.kind === 'enum') expect(rule.values.length, `${op.id}.${name}`).toBeGreaterThan(0);
      }
      expect(op.summary.length, op.id).toBeGreaterThan(10);
      expect(op.permission.length, op.id).toBeGreaterThan(0);
    }
  });
});

describe('docs/operations.md', () => {
  it('is exactly what renderCoverageTable() produces', () => {
    let doc = '';
    try {
      doc = readFileSync(DOC_URL, 'utf8');
    } catch {
      doc = '(missing)';
    }
    const fresh = renderCoverageTable();
    expect(doc === fresh, 'docs/operations.md is stale: run `npx tsx scripts/gen-coverage.ts`').toBe(true);
  });

  it('lists every operation with its client call', () => {
    const doc = renderCoverageTable();
    for (const op of OPERATIONS) expect(doc).toContain(`| \`${op.id}\` | ${op.method} | \`${op.path}\` |`);
    expect(doc).toContain('`client.loan.borrow()`');
  });
});

describe("what the official pages state (docs/conformance.md)", () => {
  /** Per-UID or per-IP requests a second the pages give where the seed assumed or said otherwise. */
  const RATES: readonly (readonly [string, number])[] = [
    ['trade.cancelRealityOrder', 1],
    ['account.getMaxTransferable', 3],
    ['account.getMaxOpenAvailable', 5],
    ['account.setHoldMode', 10],
    ['account.setLeverage', 10],
    ['account.getFinancialRecords', 20],
    ['user.getSubList', 10],
    ['market.getAnnouncements', 20],
    ['market.getServerTime', 20],
  ];

  it.each(RATES)('%s: %d a second, not assumed', (id, perSecond) => {
    const op = OPERATION_BY_ID.get(id as never);
    expect([op?.rate.perSecond, op?.rate.assumed ?? false]).toEqual([perSecond, false]);
  });

  it('required fields and values the pages add', () => {
    const field = (id: string, name: string) => OPERATION_BY_ID.get(id as never)?.request.fields[name];
    expect(field('account.getFinancialRecords', 'category')).toMatchObject({ required: true, values: expect.arrayContaining(['OTHER']) });
    expect(field('trade.cancelRealityOrder', 'symbol')).toMatchObject({ required: true });
    expect(field('trade.cancelRealityOrder', 'category')).toBeUndefined();
    expect(field('trade.cancelOrder', 'category')).toBeUndefined();
    expect(field('loan.repay', 'method')).toMatchObject({ required: true, values: ['borrowed_coin', 'collateral'] });
    expect(field('market.getAnnouncements', 'language')).toMatchObject({ required: true });
    expect(field('market.getFeeGroup', 'group')).toMatchObject({ values: expect.arrayContaining(['DEFAULT']) });
    expect(field('account.setLeverage', 'category')).toMatchObject({ required: true, values: ['MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] });
    expect(field('account.setLeverage', 'productType')).toBeUndefined();
  });
});
