import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from './sim-server.js';
import { FakeExchange, fakeRoutes } from '../../../test/helpers/sim-testing/fake-exchange.js';
import { TestSocket } from '../../../test/helpers/sim-testing/ws-client.js';

const CREDS = { apiKey: 'k', secret: 's', passphrase: 'p', uid: '6000000001' };
const seqRe = /"seq":(\d+),"pseq":(\d+)/;

/** A data push (not an ack) of `topic`. */
function isPush(topic: string): (m: Record<string, unknown>) => boolean {
  return (m) => typeof m['action'] === 'string' && (m['arg'] as { topic?: string } | undefined)?.topic === topic;
}

function seqOf(frame: string): { seq: bigint; pseq: bigint } | null {
  const m = seqRe.exec(frame);
  return m?.[1] && m[2] ? { seq: BigInt(m[1]), pseq: BigInt(m[2]) } : null;
}

describe('public socket', () => {
  let ex: FakeExchange;
  let srv: SimServer;
  let s: TestSocket;
  beforeEach(async () => {
    ex = new FakeExchange();
    srv = await startSimServer({
      exchange: ex,
      routes: fakeRoutes(),
      credentials: CREDS,
      intervals: { booksMs: 10, depthMs: 10, tickerMs: 10, klineMs: 10 },
    });
    s = await TestSocket.open(srv.wsPublic);
  });
  afterEach(async () => {
    s.close();
    await srv.close();
  });

  it('acks each arg and answers unknown instrument, topic, instType and interval with 30001', async () => {
    const good = { instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' };
    s.send({
      op: 'subscribe',
      args: [
        good,
        { instType: 'usdt-futures', topic: 'books', symbol: 'NOPEUSDT' },
        { instType: 'USDT-FUTURES', topic: 'books', symbol: 'BTCUSDT' },
        { instType: 'spot', topic: 'books15', symbol: 'BTCUSDT' },
        { instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '2H' },
      ],
    });
    await s.until(() => (s.json().filter((m) => m['event'] === 'error').length === 4 ? true : undefined));
    const errs = s.json().filter((m) => m['event'] === 'error');
    expect(errs[0]).toEqual({
      event: 'error',
      code: 30001,
      msg: '{"instType":"usdt-futures","symbol":"NOPEUSDT","topic":"books"} doesn\'t exist',
      connId: expect.any(String),
    });
    expect(s.json().find((m) => m['event'] === 'subscribe')).toEqual({ event: 'subscribe', arg: good, connId: expect.any(String) });
    s.send({ op: 'unsubscribe', args: [good] });
    await s.next((m) => m['event'] === 'unsubscribe');
  });

  it('books: snapshot with pseq 0, then chained updates with only changed levels', async () => {
    s.send({ op: 'subscribe', args: [{ instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' }] });
    const snap = await s.next((m) => m['action'] === 'snapshot');
    expect(snap['data']).toEqual([{ a: [['101', '1'], ['102', '2']], b: [['100', '1'], ['99', '2']], seq: expect.any(Number), pseq: 0, ts: expect.any(String) }]);
    ex.setBook('USDT-FUTURES', 'BTCUSDT', [['100', '5'], ['99', '2']], [['101', '1'], ['102', '2']]);
    await s.next((m) => m['action'] === 'update');
    ex.setBook('USDT-FUTURES', 'BTCUSDT', [['100', '5']], [['101', '1'], ['102', '2']]);
    await s.until(() => (s.json().filter((m) => m['action'] === 'update').length === 2 ? true : undefined));
    const frames = s.frames.filter((f) => f.includes('"topic":"books"') && f.includes('"action"'));
    const seqs = frames.map(seqOf);
    expect(seqs[1]?.pseq).toBe(seqs[0]?.seq);
    expect(seqs[2]?.pseq).toBe(seqs[1]?.seq);
    const updates = s.json().filter((m) => m['action'] === 'update');
    expect((updates[0]?.['data'] as { b: unknown }[])[0]?.b).toEqual([['100', '5']]);
    expect((updates[1]?.['data'] as { b: unknown; a: unknown }[])[0]).toMatchObject({ b: [['99', '0']], a: [] });
    expect(frames.join('')).not.toContain('checksum');
  });

  it('coin-futures books carry seq above 2^53 as exact bare integers, and seq faults show', async () => {
    s.send({ op: 'subscribe', args: [{ instType: 'coin-futures', topic: 'books', symbol: 'BTCUSD_CM' }] });
    const snapText = await s.until(() => s.frames.find((f) => f.includes('"action":"snapshot"')));
    const snap = seqOf(snapText);
    expect(snap && snap.seq > 2n ** 53n).toBe(true);
    srv.faults.skipSeq('COIN-FUTURES', 'BTCUSD_CM');
    ex.setBook('COIN-FUTURES', 'BTCUSD_CM', [['100', '7']], [['101', '1']]);
    const upd = seqOf(await s.until(() => s.frames.find((f) => f.includes('"action":"update"'))));
    expect(upd?.pseq).toBe((snap?.seq ?? 0n) + 1n);
    srv.faults.restartSeq('COIN-FUTURES', 'BTCUSD_CM');
    ex.setBook('COIN-FUTURES', 'BTCUSD_CM', [['100', '8']], [['101', '1']]);
    const restarted = seqOf(await s.until(() => s.frames.filter((f) => f.includes('"action":"update"'))[1]));
    expect(restarted?.pseq).toBe(0n);
  });

  it('overlapFirstUpdate: the first update of a new subscriber straddles its snapshot; earlier subscribers still chain', async () => {
    const books = (t: TestSocket): string[] => t.frames.filter((f) => f.includes('"topic":"books"') && f.includes('"action"'));
    s.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'books', symbol: 'BTCUSDT' }] });
    await s.until(() => books(s)[0]);
    srv.faults.overlapFirstUpdate(true);
    const other = await TestSocket.open(srv.wsPublic);
    try {
      other.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'books', symbol: 'BTCUSDT' }] });
      const otherSnap = seqOf(await other.until(() => books(other)[0]));
      ex.setBook('SPOT', 'BTCUSDT', [['100', '4'], ['99', '2']], [['101', '1'], ['102', '2']]);
      const first = seqOf(await other.until(() => books(other)[1]));
      expect(otherSnap && first && first.pseq < otherSnap.seq && otherSnap.seq <= first.seq).toBe(true);
      ex.setBook('SPOT', 'BTCUSDT', [['100', '5'], ['99', '2']], [['101', '1'], ['102', '2']]);
      const second = seqOf(await other.until(() => books(other)[2]));
      expect(second?.pseq).toBe(first?.seq);
      // The socket that subscribed before the switch saw a plain chain throughout.
      const mine = await s.until(() => (books(s).length >= 3 ? books(s).map(seqOf) : undefined));
      expect(mine.slice(1).every((x, i) => x?.pseq === mine[i]?.seq)).toBe(true);
    } finally {
      other.close();
    }
  });

  it('books5 sends full snapshots on change; a second subscriber shares the books numbering', async () => {
    s.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'books5', symbol: 'BTCUSDT' }, { instType: 'spot', topic: 'books', symbol: 'BTCUSDT' }] });
    await s.until(() => (s.json().filter((m) => m['action'] === 'snapshot').length === 2 ? true : undefined));
    const other = await TestSocket.open(srv.wsPublic);
    try {
      ex.setBook('SPOT', 'BTCUSDT', [['100', '3']], [['101', '1']]);
      const b5 = await s.next((m) => isPush('books5')(m) && JSON.stringify(m['data']).includes('"3"'));
      expect(b5['action']).toBe('snapshot');
      expect((b5['data'] as { b: unknown; a: unknown }[])[0]).toMatchObject({ b: [['100', '3']], a: [['101', '1']] });
      const firstUpdate = seqOf(await s.until(() => s.frames.find((f) => f.includes('"topic":"books"') && f.includes('"action":"update"'))));
      other.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'books', symbol: 'BTCUSDT' }] });
      const otherSnap = seqOf(await other.until(() => other.frames.find((f) => f.includes('"action":"snapshot"'))));
      expect(otherSnap?.seq).toBe(firstUpdate?.seq);
    } finally {
      other.close();
    }
  });

  it('ticker only when changed, kline snapshot of 500 candles, publicTrade from events', async () => {
    s.send({
      op: 'subscribe',
      args: [
        { instType: 'spot', topic: 'ticker', symbol: 'BTCUSDT' },
        { instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '1m' },
        { instType: 'spot', topic: 'publicTrade', symbol: 'BTCUSDT' },
      ],
    });
    const kline = await s.next(isPush('kline'));
    expect(kline).toMatchObject({ action: 'snapshot', arg: { instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '1m' } });
    expect((kline['data'] as unknown[]).length).toBe(500);
    expect((kline['data'] as unknown[])[0]).toEqual({ start: expect.any(String), open: '1', high: '2', low: '0.5', close: '1.5', volume: '10', turnover: '15' });
    await s.next(isPush('ticker'));
    const tickers = (): number => s.json().filter(isPush('ticker')).length;
    ex.setTicker('SPOT', 'BTCUSDT', { lastPrice: '200' });
    await s.until(() => (tickers() === 2 ? true : undefined));
    ex.emit({ type: 'publicTrade', category: 'SPOT', symbol: 'BTCUSDT', trade: { i: '1', L: '1', p: '200', v: '0.1', S: 'buy', T: '5', isRPI: 'no' } });
    const trade = await s.next(isPush('publicTrade'));
    expect(trade['data']).toEqual([{ i: '1', L: '1', p: '200', v: '0.1', S: 'buy', T: '5', isRPI: 'no' }]);
    expect(tickers()).toBe(2); // unchanged ticker is not re-sent
  });

  it('serves the first pushes of one subscribe one at a time, letting other sockets through in between', async () => {
    // A first push can be slow (a day of candles for a ticker's 24 h figures): make each 60 ms.
    const push = ex.tickerPush.bind(ex);
    ex.tickerPush = (category, symbol) => {
      const until = performance.now() + 60;
      while (performance.now() < until);
      return push(category, symbol);
    };
    const other = await TestSocket.open(srv.wsPublic);
    const tickers = [['usdt-futures', 'BTCUSDT'], ['spot', 'BTCUSDT'], ['coin-futures', 'BTCUSD_CM']].map(([instType, symbol]) => ({ instType, topic: 'ticker', symbol }));
    s.send({ op: 'subscribe', args: [{ instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' }, ...tickers] });
    await s.next((m) => m['event'] === 'subscribe');
    other.send('ping');
    await other.until(() => (other.frames.includes('pong') ? true : undefined));
    const tickersAtPong = s.json().filter(isPush('ticker')).length;
    await s.until(() => (s.json().filter(isPush('ticker')).length === 3 ? true : undefined));
    // The book went out first, and the other socket's ping was answered before the tickers were done
    // (an order of events, not a time: each slow push yields the server to other sockets).
    expect(s.json().findIndex(isPush('books'))).toBeLessThan(s.json().findIndex(isPush('ticker')));
    expect(tickersAtPong).toBeLessThan(3);
    other.close();
  });

  it('a subscription dropped before its first push gets none', async () => {
    const arg = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' };
    s.send({ op: 'subscribe', args: [arg] });
    s.send({ op: 'unsubscribe', args: [arg] });
    await s.next((m) => m['event'] === 'unsubscribe');
    ex.setBook('USDT-FUTURES', 'BTCUSDT', [['100', '7']], [['101', '1']]);
    // The pong is the barrier: the first push would have been sent on the turn after the subscribe
    // (before the server read this ping) and the update inside setBook, and one socket delivers in
    // order, so a books push sent at all arrives before the pong.
    s.send('ping');
    await s.until(() => (s.frames.includes('pong') ? true : undefined));
    expect(s.json().filter(isPush('books'))).toEqual([]);
  });
});
