import { describe, expect, it } from 'vitest';
import { createBackOffice } from './create-back-office.js';
import { fakeBackOfficeDeps, rejection, FAKE_T0 } from './fake-deps.js';

const UID = '6000000001';

interface SubPage {
  readonly list: Record<string, string>[];
  readonly hasNext: boolean;
  readonly cursor: string;
}

function setup() {
  const backOffice = createBackOffice(fakeBackOfficeDeps());
  const call = (op: string, params: unknown = {}, uid = UID): unknown => backOffice.handle(op, uid, params);
  return { call };
}

const item = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  subAccountName: name, passphrase: 'pass1234word', label: 'bot', ...extra,
});

describe('create-sub', () => {
  it('creates a virtual sub-account and lists it', () => {
    const { call } = setup();
    const sub = call('user.createSub', { username: 'alpha', accountMode: 'unified', note: 'grid bot' });
    expect(sub).toEqual({
      username: 'alpha@virtual-bitget.com', subUid: '7000000001', status: 'normal', note: 'grid bot',
      createdTime: String(FAKE_T0), updatedTime: String(FAKE_T0),
    });
    call('user.createSub', { username: 'beta', accountMode: 'classic' });
    const page = call('user.getSubList') as SubPage;
    expect(page.list.map((s) => s.username)).toEqual(['alpha@virtual-bitget.com', 'beta@virtual-bitget.com']);
    expect(page.list[1]).toEqual({
      subUid: '7000000002', username: 'beta@virtual-bitget.com', status: 'normal', accountMode: 'CLASSIC', type: 'VIRTUAL_CHILD', note: '',
      createdTime: String(FAKE_T0), updatedTime: String(FAKE_T0),
    });
    expect([page.hasNext, page.cursor]).toEqual([false, '7000000002']);
    expect(call('user.getSubList', {}, '6000000002')).toEqual({ list: [], hasNext: false, cursor: '' });
  });

  it('pages the list by limit and cursor', () => {
    const { call } = setup();
    for (const username of ['alpha', 'beta', 'gamma']) call('user.createSub', { username });
    const first = call('user.getSubList', { limit: '2' }) as SubPage;
    expect([first.list.map((s) => s.subUid), first.hasNext, first.cursor]).toEqual([['7000000001', '7000000002'], true, '7000000002']);
    const second = call('user.getSubList', { limit: '2', cursor: first.cursor }) as SubPage;
    expect([second.list.map((s) => s.subUid), second.hasNext, second.cursor]).toEqual([['7000000003'], false, '7000000003']);
    expect(rejection(() => call('user.getSubList', { limit: '101' })).code).toBe('40020');
    expect(rejection(() => call('user.getSubList', { cursor: 'x' })).code).toBe('40020');
  });

  it.each([
    ['Alpha', /lower-case/],
    ['alpha1', /lower-case/],
    ['a'.repeat(21), /1 to 20/],
    ['', /cannot be empty/],
  ])('refuses username %j', (username, why) => {
    const { call } = setup();
    const r = rejection(() => call('user.createSub', { username }));
    expect(r.message).toMatch(why);
  });

  it('refuses a taken name, a long note, a bad mode, and sub-accounts creating subs', () => {
    const { call } = setup();
    const sub = call('user.createSub', { username: 'alpha' }) as Record<string, string>;
    expect(rejection(() => call('user.createSub', { username: 'alpha' })).code).toBe('40921');
    expect(rejection(() => call('user.createSub', { username: 'gamma', note: 'x'.repeat(51) })).code).toBe('40020');
    expect(rejection(() => call('user.createSub', { username: 'gamma', accountMode: 'pro' })).code).toBe('40020');
    expect(rejection(() => call('user.createSub', { username: 'gamma' }, sub.subUid ?? '')).code).toBe('40014');
  });
});

describe('legacy batch create with API keys', () => {
  it('returns each new key and secret once, with underscore permissions', () => {
    const { call } = setup();
    const out = call('user.batchCreateSubApiKey', [
      item('traderAa', { permList: ['spot-trade', 'contract-order'], ipList: ['10.0.0.1'] }),
      item('traderBb'),
    ]) as Record<string, unknown>[];
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({
      subAccountUid: '7000000001', subAccountName: 'traderAa', label: 'bot',
      permList: ['spot_trade', 'contract_order'], ipList: ['10.0.0.1'],
    });
    expect(out[1]).toMatchObject({ permList: [], ipList: [] });
    const official = call('user.batchCreateSubApiKey', [item('traderOf', { permList: ['spot_trade', 'margin_trade', 'contract_trade', 'read'] })]) as Record<string, unknown>[];
    expect(official[0]).toMatchObject({ subAccountName: 'traderOf', permList: ['spot_trade', 'margin_trade', 'contract_trade', 'read'] });
    const secrets = out.map((o) => o.secretKey);
    const keys = out.map((o) => o.subAccountApiKey);
    for (const s of secrets) expect(s).toMatch(/^[0-9a-f]{64}$/);
    for (const k of keys) expect(k).toMatch(/^bg_[0-9a-f]{32}$/);
    expect(new Set(secrets).size).toBe(2);

    // The secret never comes back: not in the list, and a second batch gets new ones.
    const listed = JSON.stringify(call('user.getSubList'));
    for (const s of secrets) expect(listed).not.toContain(String(s));
    expect(listed).toContain('traderaa@virtual-bitget.com');
    const again = call('user.batchCreateSubApiKey', [item('traderCc')]) as Record<string, unknown>[];
    expect(secrets).not.toContain(again[0]?.secretKey);
  });

  it('validates every item before creating any', () => {
    const { call } = setup();
    const cases: [unknown, RegExp][] = [
      [[item('short')], /exactly 8 English letters/],
      [[item('traderAa', { passphrase: 'short' })], /8 to 32/],
      [[item('traderAa', { label: 'x'.repeat(21) })], /at most 20/],
      [[item('traderAa', { permList: ['wallet_transfer'] })], /unknown permission/],
      [[item('traderAa', { ipList: Array.from({ length: 31 }, (_, i) => `10.0.0.${i}`) })], /at most 30/],
      [[item('traderAa'), item('TRADERAA')], /twice/],
      [[], /non-empty/],
      [{ subAccountName: 'traderAa' }, /array/],
    ];
    for (const [body, why] of cases) expect(rejection(() => call('user.batchCreateSubApiKey', body)).message).toMatch(why);
    expect(rejection(() => call('user.batchCreateSubApiKey', [item('goodName'), item('bad')])).code).toBe('40020');
    expect(call('user.getSubList')).toEqual({ list: [], hasNext: false, cursor: '' });
  });
});
