import { describe, expect, it } from 'vitest';
import { createBackOffice } from './create-back-office.js';
import { fakeBackOfficeDeps, rejection, FAKE_T0 } from './fake-deps.js';
import { MARGIN_TAX_TYPES, TAX_SEED_COUNT } from './tax.js';

const UID = '6000000001';
const DAY = 24 * 3_600_000;
const WINDOW = { startTime: String(FAKE_T0 - 30 * DAY), endTime: String(FAKE_T0) };

function setup() {
  const backOffice = createBackOffice(fakeBackOfficeDeps());
  const call = (params: Record<string, string>): Record<string, string>[] => backOffice.handle('tax.getMarginRecords', UID, params) as Record<string, string>[];
  return { call };
}

describe('margin tax records', () => {
  it('seeds every type in both margin modes, newest first', () => {
    const { call } = setup();
    const all = call(WINDOW);
    expect(all).toHaveLength(TAX_SEED_COUNT);
    expect(new Set(all.map((r) => r.marginTaxType))).toEqual(new Set(MARGIN_TAX_TYPES));
    const ts = all.map((r) => Number(r.ts));
    expect([...ts].sort((a, b) => b - a)).toEqual(ts);
    expect(Object.keys(all[0] ?? {}).sort()).toEqual(['amount', 'coin', 'fee', 'id', 'marginTaxType', 'symbol', 'total', 'ts']);
    const cross = call({ ...WINDOW, marginType: 'crossed' });
    expect(call({ ...WINDOW, marginType: 'cross' })).toEqual(cross);
    const isolated = call({ ...WINDOW, marginType: 'isolated' });
    expect(cross.length + isolated.length).toBe(TAX_SEED_COUNT);
    expect(new Set(cross.map((r) => r.marginTaxType)).size).toBe(MARGIN_TAX_TYPES.length);
    expect(call({ ...WINDOW, coin: 'btc' }).every((r) => r.coin === 'BTC')).toBe(true);
  });

  it('pages with limit and idLessThan', () => {
    const { call } = setup();
    const first = call({ ...WINDOW, limit: '10' });
    expect(first).toHaveLength(10);
    const last = first[9]?.id ?? '';
    const second = call({ ...WINDOW, limit: '10', idLessThan: last });
    expect(second).toHaveLength(10);
    expect(BigInt(second[0]?.id ?? '0')).toBeLessThan(BigInt(last));
    const third = call({ ...WINDOW, limit: '10', idLessThan: second[9]?.id ?? '' });
    expect(third).toHaveLength(TAX_SEED_COUNT - 20);
  });

  it('checks the window and limit', () => {
    const { call } = setup();
    expect(rejection(() => call({ startTime: String(FAKE_T0 - 31 * DAY), endTime: String(FAKE_T0) })).message).toMatch(/30 days/);
    expect(rejection(() => call({ endTime: String(FAKE_T0) })).code).toBe('40019');
    expect(rejection(() => call({ ...WINDOW, limit: '501' })).code).toBe('40020');
    expect(rejection(() => call({ ...WINDOW, marginType: 'both' })).code).toBe('40020');
    expect(call({ startTime: String(FAKE_T0 - DAY), endTime: String(FAKE_T0) })).toEqual([]);
  });
});
