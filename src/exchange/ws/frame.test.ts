import { describe, expect, it } from 'vitest';
import { argFromErrorMessage, parseFrame } from './frame.js';

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
