import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookFrameError } from '../book/book-frame.js';
import { argFromErrorMessage, parseFrame, type InboundFrame } from './frame.js';

const BOOKS_ARG = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' };
const ARG_TEXT = JSON.stringify(BOOKS_ARG);
const UPDATE = `{"action":"update","arg":${ARG_TEXT},"data":[{"a":[["97000.5","1.2"]],"b":[],"seq":1483653649791156273,"pseq":1483653649791156272,"ts":"1"}],"ts":1}`;
const SNAPSHOT = `{"action":"snapshot","arg":${ARG_TEXT},"data":[{"a":[["97000.5","1.2"]],"b":[["96999","3"]],"seq":1483653649791156272,"pseq":0,"ts":"1"}],"ts":1}`;

/** The frame, which must be a book push. */
function bookOf(frame: InboundFrame): Extract<InboundFrame, { kind: 'book' }> {
  if (frame.kind !== 'book') throw new Error(`not a book push: ${JSON.stringify(frame)}`);
  return frame;
}

describe('parseFrame', () => {
  it('reads the bare texts before JSON', () => {
    expect(parseFrame('pong')).toEqual({ kind: 'pong' });
    expect(parseFrame('ping')).toEqual({ kind: 'ping' });
  });

  it('normalises login codes given as numbers or strings', () => {
    expect(parseFrame('{"event":"login","code":0,"connId":"x"}')).toEqual({ kind: 'login', code: '0', msg: '' });
    expect(parseFrame('{"event":"login","code":"0","msg":""}')).toEqual({ kind: 'login', code: '0', msg: '' });
  });

  it('reads subscribe acks and error events (with and without id)', () => {
    expect(parseFrame('{"event":"subscribe","arg":{"instType":"spot","topic":"ticker","symbol":"BTCUSDT"},"connId":"c"}')).toEqual({
      kind: 'subscribe',
      arg: { instType: 'spot', topic: 'ticker', symbol: 'BTCUSDT' },
    });
    expect(parseFrame('{"event":"error","code":30015,"msg":"Invalid sign"}')).toEqual({ kind: 'error', code: '30015', msg: 'Invalid sign', id: undefined, arg: undefined });
    expect(parseFrame('{"event":"error","id":"t1","code":"43012","msg":"Insufficient balance"}')).toMatchObject({ kind: 'error', id: 't1', code: '43012' });
  });

  it('reads trade replies and data pushes', () => {
    expect(parseFrame('{"event":"trade","id":"t2","topic":"place-order","args":[{"orderId":"1"}],"code":"0","msg":"success"}')).toEqual({
      kind: 'trade',
      id: 't2',
      code: '0',
      msg: 'success',
      topic: 'place-order',
      args: [{ orderId: '1' }],
    });
    expect(parseFrame('{"action":"snapshot","arg":{"instType":"UTA","topic":"order"},"data":[{"orderId":"9"}],"ts":1700000000000}')).toEqual({
      kind: 'push',
      arg: { instType: 'UTA', topic: 'order' },
      action: 'snapshot',
      data: [{ orderId: '9' }],
      ts: 1700000000000,
    });
  });

  it('turns anything unreadable into garbage instead of throwing', () => {
    for (const text of ['pon', '{"action":"update"', '[1,2]', '42', '{"action":"update","data":[]}', '{"event":"subscribe"}', '{"event":"trade","code":"0"}']) {
      expect(parseFrame(text).kind).toBe('garbage');
    }
    expect(parseFrame('{"event":"notice"}')).toEqual({ kind: 'other', event: 'notice' });
  });

  it('finds the arg named in a 30001 message', () => {
    expect(argFromErrorMessage('{"instType":"usdt-futures","symbol":"NOPEUSDT","topic":"books"} doesn\'t exist')).toEqual({
      instType: 'usdt-futures',
      topic: 'books',
      symbol: 'NOPEUSDT',
    });
    expect(argFromErrorMessage("doesn't exist")).toBeUndefined();
    expect(argFromErrorMessage('{broken} x')).toBeUndefined();
  });
});

describe('parseFrame on books pushes (issue 18: parsed once)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('routes a books push by its head and reads it with the book reader only: no JSON.parse', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const update = bookOf(parseFrame(UPDATE));
    expect(update).toMatchObject({ arg: BOOKS_ARG, action: 'update', book: { via: 'update', text: UPDATE } });
    const snapshot = bookOf(parseFrame(SNAPSHOT));
    expect(snapshot).toMatchObject({ arg: BOOKS_ARG, action: 'snapshot', book: { via: 'frame', frame: { seq: '1483653649791156272', bids: ['96999', '3'] } } });
    expect(parse).not.toHaveBeenCalled();
    // Every other push is JSON.parsed, once.
    expect(parseFrame('{"action":"snapshot","arg":{"instType":"spot","topic":"ticker","symbol":"BTCUSDT"},"data":[{"lastPr":"1"}],"ts":1}')).toMatchObject({ kind: 'push', data: [{ lastPr: '1' }] });
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('reuses the arg of the previous push when its bytes repeat, and only then', () => {
    const first = bookOf(parseFrame(UPDATE));
    expect(bookOf(parseFrame(SNAPSHOT)).arg).toBe(first.arg);
    const other = bookOf(parseFrame(UPDATE.replace('"symbol":"BTCUSDT"}', '"symbol":"BTCUSDT","n":1}')));
    expect(other.arg).not.toBe(first.arg);
    expect(other.arg).toEqual(BOOKS_ARG);
    expect(bookOf(parseFrame(UPDATE.replace('"topic":"books"', '"topic":"books5"'))).arg).toEqual({ ...BOOKS_ARG, topic: 'books5' });
  });

  it('reads the head in any layout: whitespace, data before arg, extra members', () => {
    const relaid = ` {\n "data" : [ {"a":[],"b":[],"seq":"5","pseq":"4"} ] ,\t"x":{"y":[1,true,null]}, "arg" : { "topic":"books5" , "instType":"spot","symbol":"ETHUSDT","n":1 }, "action" : "update" }\n`;
    expect(bookOf(parseFrame(relaid))).toMatchObject({ arg: { instType: 'spot', topic: 'books5', symbol: 'ETHUSDT' }, action: 'update', book: { via: 'frame', frame: { seq: '5', pseq: '4' } } });
  });

  it('leaves an unsure head to JSON.parse, which still hands a books push to the book reader', () => {
    const escaped = UPDATE.replace('BTCUSDT', 'BTC\\u0055SDT');
    const parse = vi.spyOn(JSON, 'parse');
    expect(bookOf(parseFrame(escaped))).toMatchObject({ arg: { symbol: 'BTCUSDT' }, action: 'update', book: { via: 'frame', frame: { symbol: 'BTCUSDT', asks: ['97000.5', '1.2'] } } });
    expect(parse).toHaveBeenCalled();
  });

  it('keeps garbage garbage: a books frame cut short after its head is "not JSON", as before', () => {
    for (const cut of [UPDATE.slice(0, UPDATE.indexOf('"data"') + 12), UPDATE.slice(0, -1), `${UPDATE}}`]) {
      expect(parseFrame(cut)).toEqual({ kind: 'garbage', reason: `not JSON and not "pong": ${cut.length > 120 ? `${cut.slice(0, 120)}…` : cut}` });
    }
  });

  it('takes bare integers with leading zeros, as the book reader always has (JSON.parse would refuse them)', () => {
    const zeros = UPDATE.replace('"seq":1483653649791156273', '"seq":01483653649791156273');
    expect(bookOf(parseFrame(zeros))).toMatchObject({ action: 'update', book: { via: 'update' } });
  });

  it('hands on a JSON books push the book reader refuses as refused, with its BookFrameError', () => {
    const bad = UPDATE.replace('"97000.5"', '"1e5"');
    const frame = bookOf(parseFrame(bad));
    expect(frame.book.via).toBe('refused');
    if (frame.book.via === 'refused') {
      expect(frame.book.error).toBeInstanceOf(BookFrameError);
      expect(frame.book.error.message).toMatch(/^book frame: expected a plain decimal digit at offset \d+/);
    }
  });

  it('routes acks, errors and other frames naming a books arg as before', () => {
    expect(parseFrame(`{"event":"subscribe","arg":${ARG_TEXT}}`)).toEqual({ kind: 'subscribe', arg: BOOKS_ARG });
    expect(parseFrame(`{"event":"error","code":30001,"msg":"x","arg":${ARG_TEXT}}`)).toMatchObject({ kind: 'error', code: '30001', arg: BOOKS_ARG });
    expect(parseFrame(`{"event":"notice","action":"update","arg":${ARG_TEXT},"data":[]}`)).toEqual({ kind: 'other', event: 'notice' });
    expect(parseFrame(`{"action":"update","arg":{"topic":"books"},"data":[]}`).kind).toBe('garbage');
    expect(parseFrame(`{"action":"update","arg":{"instType":"spot","topic":"books200"},"data":[]}`)).toMatchObject({ kind: 'push', data: [] });
  });
});
