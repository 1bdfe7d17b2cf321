import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { dec, isoTime, renderCsv, renderList, renderTable, type Table } from './output.js';

const table: Table = {
  columns: [{ key: 'symbol' }, { key: 'price', align: 'right' }, { key: 'note', inTable: false }],
  rows: [
    { symbol: 'BTCUSDT', price: '97000.5', note: 'a, "quoted" note' },
    { symbol: 'ETHUSDT', price: null, note: null },
  ],
};

describe('output', () => {
  it('decimals keep their exact text, never exponent notation or a float', () => {
    expect(dec(new Decimal('0.00000012'))).toBe('0.00000012');
    expect(dec(new Decimal('123456789012345678901234.5'))).toBe('123456789012345678901234.5');
    expect(dec(null)).toBeNull();
    expect(isoTime(0)).toBeNull();
    expect(isoTime(1_795_759_171_089)).toBe('2026-11-27T05:59:31.089Z');
  });

  it('a table aligns its columns, shows a missing value as -, and leaves out JSON-only columns', () => {
    expect(renderTable(table, 'none')).toBe('symbol     price\nBTCUSDT  97000.5\nETHUSDT        -\n');
    expect(renderTable({ ...table, rows: [] }, 'no open orders')).toBe('no open orders\n');
  });

  it('CSV quotes commas and quotes (RFC 4180) and leaves a missing value empty', () => {
    expect(renderCsv(table)).toBe('symbol,price,note\nBTCUSDT,97000.5,"a, ""quoted"" note"\nETHUSDT,,\n');
  });

  it('JSON is an array of objects with every column, null for missing values', () => {
    expect(JSON.parse(renderList(table, 'json', ''))).toEqual([
      { symbol: 'BTCUSDT', price: '97000.5', note: 'a, "quoted" note' },
      { symbol: 'ETHUSDT', price: null, note: null },
    ]);
  });
});
