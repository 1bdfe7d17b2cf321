import { describe, expect, it } from 'vitest';
import { badReplyMessage as badReply } from '../../../test/helpers/bad-reply.js';
import { goldenReplyData as golden } from '../../../test/helpers/golden.js';
import { financialRecordsFromWire } from './ledger-mappers.js';

describe('account.getFinancialRecords ⇄ FinancialRecord', () => {
  it('reads the page\'s example: the mixed-case category, the signed amount and fee, ts as the time, the cursor', () => {
    const page = financialRecordsFromWire(golden('account.getFinancialRecords'));
    expect(page.next).toBe('122222222222222222');
    const r = page.items[0];
    expect(r).toMatchObject({ id: '13111111111111111', category: 'MARGIN', symbol: 'BTCUSDT', coin: 'BTC', type: 'ORDER_DEALT_IN', time: 1745853486185 });
    expect([r?.amount.toFixed(), r?.fee.toFixed()]).toEqual(['0.00531168', '-0.00000531']);
  });

  it('a row of no category and no symbol (the embedded exchange\'s loan rows) reads as null; an empty cursor as the oldest page', () => {
    const page = financialRecordsFromWire({ list: [{ id: '7', category: '', symbol: '', coin: 'USDT', type: 'funding_fee', amount: '-0.5', fee: '0', ts: '5' }], cursor: '' });
    expect(page).toMatchObject({ items: [{ id: '7', category: null, symbol: null, type: 'funding_fee' }], next: null });
  });

  it('names what is wrong with a bad record', () => {
    expect(badReply(() => financialRecordsFromWire({ list: [{ amount: '1', ts: '5' }] }))).toBe('account.getFinancialRecords reply: list[0].id is missing');
    expect(badReply(() => financialRecordsFromWire({ list: [{ id: '1', amount: 'x', ts: '5' }] }))).toBe('account.getFinancialRecords reply: list[0].amount is not a number ("x")');
    expect(badReply(() => financialRecordsFromWire({ list: [{ id: '1', amount: '1' }] }))).toBe('account.getFinancialRecords reply: list[0].ts is not a Unix ms time');
  });
});
