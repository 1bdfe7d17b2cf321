import { describe, expect, it } from 'vitest';
import type { FormField } from '../../services/operation-catalog.js';
import { formatDateTime } from '../../domain/time-format.js';
import { buildParams, cellText, defaultRows, flattenRecord, nextPageValue, pagingOf, rowCellText } from './view-values.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const f = (name: string, kind: FormField['kind'], extra: Partial<FormField> = {}): FormField => ({ name, kind, required: false, secret: false, ...extra });

describe('buildParams', () => {
  const fields = [f('startTime', 'time'), f('endTime', 'time'), f('coin', 'text'), f('ipList', 'list'), f('status', 'choice', { choices: ['A', 'B'] })];

  it('leaves empty fields out, turns times into Unix ms text and lists into arrays', () => {
    const built = buildParams(fields, { startTime: '-1d', endTime: 'now', coin: ' BTC ', ipList: '1.1.1.1, 2.2.2.2', status: '' }, NOW);
    expect(built.errors).toEqual({});
    expect(built.params).toEqual({ startTime: String(NOW - 86_400_000), endTime: String(NOW), coin: 'BTC', ipList: ['1.1.1.1', '2.2.2.2'] });
  });

  it('names the field whose text is not a time', () => {
    const built = buildParams(fields, { startTime: 'soon' }, NOW);
    expect(Object.keys(built.errors)).toEqual(['startTime']);
  });

  it('splits a batch field into one item per value, copying the rest', () => {
    const batch = [f('subAccountName', 'text'), f('label', 'text')];
    const built = buildParams(batch, { subAccountName: 'alpha, beta', label: 'desk' }, NOW, true, 'subAccountName');
    expect(built.params).toEqual([
      { subAccountName: 'alpha', label: 'desk' },
      { subAccountName: 'beta', label: 'desk' },
    ]);
  });
});

describe('replies as rows', () => {
  it('flattens records into field/value rows, nested and listed', () => {
    expect(flattenRecord({ a: '1', b: { c: 2 }, d: [{ e: 'x' }], f: [] })).toEqual([
      { field: 'a', value: '1' },
      { field: 'b.c', value: '2' },
      { field: 'd[0].e', value: 'x' },
      { field: 'f', value: '(none)' },
    ]);
  });

  it('reads arrays, list wrappers, candles, strings and null by shape', () => {
    expect(defaultRows('array', [{ coin: 'BTC' }])).toEqual([{ coin: 'BTC' }]);
    expect(defaultRows('list', { list: [{ orderId: '1' }], cursor: '1' })).toEqual([{ orderId: '1' }]);
    expect(defaultRows('candles', [['1', 'o', 'h', 'l', 'c', 'v', 't']])).toEqual([{ ts: '1', open: 'o', high: 'h', low: 'l', close: 'c', volume: 'v', turnover: 't' }]);
    expect(defaultRows('string', 'success')).toEqual([{ field: 'result', value: 'success' }]);
    expect(defaultRows('null', null)).toEqual([{ field: 'result', value: 'done (no data in the reply)' }]);
  });

  it('shows times as local date-times, also inside field/value rows', () => {
    expect(cellText('1795593292925', { key: 'createdTime' })).toBe(formatDateTime(1795593292925));
    expect(cellText('1795593292925', { key: 'orderId' })).toBe('1795593292925');
    expect(rowCellText({ field: 'sub.updatedTime', value: '1795593292925' }, { key: 'value' })).toBe(formatDateTime(1795593292925));
    expect(rowCellText({ field: 'subUid', value: '7000000001' }, { key: 'value' })).toBe('7000000001');
  });
});

describe('paging', () => {
  it('finds the paging field of an operation', () => {
    expect(pagingOf([f('pageNum', 'integer')])).toEqual({ kind: 'page', param: 'pageNum' });
    expect(pagingOf([f('cursor', 'text')])).toEqual({ kind: 'cursor', param: 'cursor' });
    expect(pagingOf([f('idLessThan', 'text')])).toEqual({ kind: 'idLessThan', param: 'idLessThan' });
    expect(pagingOf([f('coin', 'text')])).toBeNull();
  });

  it('page numbers advance while pages come back full', () => {
    const page = { kind: 'page', param: 'pageNum' } as const;
    expect(nextPageValue(page, undefined, [], [{}, {}], 2)).toBe('2');
    expect(nextPageValue(page, '2', [], [{}, {}], 2)).toBe('3');
    expect(nextPageValue(page, '2', [], [{}], 2)).toBeNull();
  });

  it('cursors come from the reply, else the smallest id on the page', () => {
    const cursor = { kind: 'cursor', param: 'cursor' } as const;
    expect(nextPageValue(cursor, undefined, { list: [], cursor: '77' }, [{ orderId: '90' }, { orderId: '80' }], 2)).toBe('77');
    expect(nextPageValue(cursor, undefined, { list: [] }, [{ orderId: '100' }, { orderId: '99' }], 2)).toBe('99');
    expect(nextPageValue(cursor, undefined, { cursor: '77' }, [{ orderId: '90' }], 2)).toBeNull();
  });

  it('idLessThan takes the last record id', () => {
    const idl = { kind: 'idLessThan', param: 'idLessThan' } as const;
    expect(nextPageValue(idl, undefined, [], [{ id: '30' }, { id: '20' }], 2)).toBe('20');
  });
});
