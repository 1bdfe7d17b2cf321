/**
 * Description: the embedded exchange speaks the Bitget UTA wire protocol over real loopback
 * sockets — signed REST, the public and private websockets, and every fault switch.
 * Setup: `startSim()` with the real exchange on 127.0.0.1 port 0.
 * Run: REST calls signed like the client signs them; raw websocket frames read as text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWsLogin } from '../../src/exchange/wire/sign.js';
import { startSim, simInfoLine, type SimHandle } from '../../src/sim/start-sim.js';
import { signedFetch, type TestCreds } from '../helpers/sim-testing/signed-fetch.js';
import { TestSocket } from '../helpers/sim-testing/ws-client.js';

const SEQ_RE = /"seq":(\d+),"pseq":(\d+)/;
const TWO_53 = 2n ** 53n;

function seqOf(frame: string): { seq: bigint; pseq: bigint } {
  const m = SEQ_RE.exec(frame);
  if (!m?.[1] || !m[2]) throw new Error(`no seq/pseq in ${frame.slice(0, 200)}`);
  return { seq: BigInt(m[1]), pseq: BigInt(m[2]) };
}

function bookFrames(s: TestSocket, symbol: string, action?: 'snapshot' | 'update'): string[] {
  return s.frames.filter((f) => f.includes('"topic":"books"') && f.includes(`"symbol":"${symbol}"`) && f.includes(action ? `"action":"${action}"` : '"action"'));
}

const order = (clientOid: string): Record<string, string> => ({
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '1000',
  timeInForce: 'gtc',
  clientOid,
});

describe('embedded exchange protocol (real exchange, real sockets)', () => {
  let sim: SimHandle;
  let creds: TestCreds;
  const sockets: TestSocket[] = [];
  const open = async (url: string): Promise<TestSocket> => {
    const s = await TestSocket.open(url);
    sockets.push(s);
    return s;
  };
  const loggedIn = async (): Promise<TestSocket> => {
    const s = await open(sim.wsPrivate);
    const ts = String(Math.floor(Date.now() / 1000));
    s.send({ op: 'login', args: [{ apiKey: sim.apiKey, passphrase: sim.passphrase, timestamp: ts, sign: signWsLogin(sim.secret, ts) }] });
    expect(await s.next((m) => m['event'] === 'login')).toMatchObject({ code: 0 });
    return s;
  };

  beforeAll(async () => {
    sim = await startSim({ seed: 7 });
    creds = { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase };
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await sim.close();
  });

  it('prints its info line with the demo identity', () => {
    const info = JSON.parse(simInfoLine(sim)) as Record<string, string>;
    expect(info).toEqual({ rest: sim.rest, wsPublic: sim.wsPublic, wsPrivate: sim.wsPrivate, apiKey: 'bg_demo_utadash', secret: 'utadash-demo-secret', passphrase: 'utadashdemo' });
    expect(sim.uid).toBe('6000000001');
    expect(sim.wsPublic).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v3\/ws\/public$/);
  });

  it('accepts a correct signature and rejects a wrong one with 40009', async () => {
    const ok = await signedFetch(sim.rest, 'GET', '/api/v3/account/assets', creds);
    expect(ok.body.code).toBe('00000');
    const bad = await signedFetch(sim.rest, 'GET', '/api/v3/account/assets', { ...creds, secret: 'not-the-secret' });
    expect([bad.status, bad.body]).toEqual([400, { code: '40009', msg: 'sign signature error', requestTime: expect.any(Number), data: null }]);
    const invalid = await signedFetch(sim.rest, 'POST', '/api/v3/trade/place-order', creds, { body: { category: 'USDT-FUTURES' } });
    // A missing field is 40019 "Parameter {0} cannot be empty" (the official error table).
    expect(invalid.body.code).toBe('40019');
    expect(invalid.body.msg).toContain('symbol');
    const wrong = await signedFetch(sim.rest, 'POST', '/api/v3/trade/place-order', creds, { body: { category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: 'lots', side: 'buy', orderType: 'market' } });
    expect([wrong.body.code, wrong.body.msg]).toEqual(['40020', expect.stringContaining('Parameter qty error')]);
  });

  it('pushes an order event on the private socket after a REST order', async () => {
    const s = await loggedIn();
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }, { instType: 'UTA', topic: 'account' }] });
    await s.next((m) => m['action'] === 'snapshot' && (m['arg'] as { topic: string }).topic === 'account');
    const placed = await signedFetch(sim.rest, 'POST', '/api/v3/trade/place-order', creds, { body: order('e2e-push-1') });
    expect(placed.body.code).toBe('00000');
    const push = await s.next((m) => (m['arg'] as { topic?: string } | undefined)?.topic === 'order' && String(JSON.stringify(m['data'])).includes('e2e-push-1'));
    expect(push).toMatchObject({ action: 'snapshot', arg: { instType: 'UTA', topic: 'order' }, ts: expect.any(Number) });
    expect((push['data'] as Record<string, unknown>[])[0]).toMatchObject({ clientOid: 'e2e-push-1', category: 'usdt-futures', symbol: 'BTCUSDT' });
  });

  it('places an order over the socket and answers with the request id', async () => {
    const s = await loggedIn();
    s.send({ op: 'trade', id: 'ws-1', category: 'usdt-futures', topic: 'place-order', args: [order('e2e-ws-1')] });
    const reply = await s.next((m) => m['id'] === 'ws-1');
    expect(reply).toMatchObject({ event: 'trade', topic: 'place-order', code: '0', msg: 'success' });
    expect((reply['args'] as Record<string, string>[])[0]).toMatchObject({ symbol: 'BTCUSDT', clientOid: 'e2e-ws-1', orderId: expect.stringMatching(/^\d+$/) });
    s.send({ op: 'trade', id: 'ws-2', category: 'usdt-futures', topic: 'cancel-order', args: [{ symbol: 'BTCUSDT', orderId: '1' }] });
    expect(await s.next((m) => m['id'] === 'ws-2')).toMatchObject({ event: 'error', code: expect.any(String) });
  });

  it('books: a snapshot then updates chained by pseq = previous seq', async () => {
    const s = await open(sim.wsPublic);
    s.send({ op: 'subscribe', args: [{ instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' }] });
    await s.until(() => (bookFrames(s, 'BTCUSDT', 'update').length >= 3 ? true : undefined), 'three book updates');
    const frames = bookFrames(s, 'BTCUSDT');
    expect(frames[0]).toContain('"action":"snapshot"');
    expect(seqOf(frames[0] ?? '').pseq).toBe(0n);
    for (let i = 1; i < frames.length; i++) expect(seqOf(frames[i] ?? '').pseq).toBe(seqOf(frames[i - 1] ?? '').seq);
    expect(frames.join('')).not.toContain('checksum');
  });

  it('COIN-FUTURES books: seq above 2^53 arrives exact as bare integers', async () => {
    const s = await open(sim.wsPublic);
    s.send({ op: 'subscribe', args: [{ instType: 'coin-futures', topic: 'books', symbol: 'BTCUSD_CM' }] });
    await s.until(() => (bookFrames(s, 'BTCUSD_CM', 'update').length >= 2 ? true : undefined), 'coin-M updates');
    const frames = bookFrames(s, 'BTCUSD_CM');
    const seqs = frames.map(seqOf);
    expect(seqs.every((x) => x.seq > TWO_53)).toBe(true);
    // Consecutive seq values differ by 1: only exact integers chain; a rounded double could not.
    expect(seqs[2]?.pseq).toBe(seqs[1]?.seq);
    expect(frames[1]).toMatch(/"seq":\d{19},"pseq":\d{19}/);
    expect(Number.isSafeInteger(Number(seqs[1]?.seq))).toBe(false);
  });

  describe('faults', () => {
    it('skipSeq and restartSeq break the chain visibly', async () => {
      const s = await open(sim.wsPublic);
      s.send({ op: 'subscribe', args: [{ instType: 'usdt-futures', topic: 'books', symbol: 'ETHUSDT' }] });
      await s.until(() => (bookFrames(s, 'ETHUSDT', 'snapshot').length === 1 ? true : undefined), 'snapshot');
      sim.faults.skipSeq('USDT-FUTURES', 'ETHUSDT');
      // An update already in flight may chain normally; the next one sent after the switch must not.
      const broken = (): number | undefined => {
        const seqs = bookFrames(s, 'ETHUSDT').map(seqOf);
        const i = seqs.findIndex((x, k) => k > 0 && x.pseq !== seqs[k - 1]?.seq);
        return i > 0 ? i : undefined;
      };
      const at = await s.until(broken, 'an update whose pseq skips a number');
      expect(at).toBeLessThanOrEqual(2);
      sim.faults.restartSeq('USDT-FUTURES', 'ETHUSDT');
      await s.until(() => (bookFrames(s, 'ETHUSDT', 'update').some((f) => seqOf(f).pseq === 0n) ? true : undefined), 'an update with pseq 0');
    });

    it('dropSockets, stallPongs and garbageFrame reach open sockets', async () => {
      const pub = await open(sim.wsPublic);
      const priv = await open(sim.wsPrivate);
      sim.faults.stallPongs(true);
      pub.send('ping');
      pub.send({ op: 'bogus' });
      await pub.next((m) => m['code'] === 30003);
      expect(pub.frames).not.toContain('pong');
      sim.faults.stallPongs(false);
      pub.send('ping');
      await pub.until(() => (pub.frames.includes('pong') ? true : undefined));
      sim.faults.garbageFrame('public');
      await pub.until(() => pub.frames.find((f) => f.startsWith('{') && !f.endsWith('}')));
      sim.faults.dropSockets('public');
      expect(await pub.closed()).toBe(1006);
      expect(priv.closeCode).toBeNull();
      sim.faults.dropSockets('private');
      expect(await priv.closed()).toBe(1006);
    });

    it('httpErrors, delayReplies and clockSkew', async () => {
      sim.faults.httpErrors(1, 502);
      expect((await signedFetch(sim.rest, 'GET', '/api/v3/public/time', null)).status).toBe(502);
      expect((await signedFetch(sim.rest, 'GET', '/api/v3/public/time', null)).status).toBe(200);
      sim.faults.delayReplies(200);
      const t0 = Date.now();
      await signedFetch(sim.rest, 'GET', '/api/v3/public/time', null);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
      sim.faults.delayReplies(0);
      sim.faults.clockSkew(-90_000);
      expect((await signedFetch(sim.rest, 'GET', '/api/v3/account/assets', creds)).body.code).toBe('40008');
      sim.faults.reset();
      expect((await signedFetch(sim.rest, 'GET', '/api/v3/account/assets', creds)).body.code).toBe('00000');
    });

    it('a clock skew jumping back leaves the per-connection message window alone (no 30006 for a paced client)', async () => {
      const pub = await open(sim.wsPublic);
      // Five pings at once fill half the window of ten per second...
      for (let i = 0; i < 5; i += 1) pub.send('ping');
      await pub.until(() => (pub.frames.filter((f) => f === 'pong').length === 5 ? true : undefined));
      sim.faults.clockSkew(-45_000);
      try {
        // ...then four a second for two seconds: at most 9 in any real second. On the skewed clock the
        // window would keep every message for 45 s and cut this socket off with 30006 at the 11th.
        for (let i = 0; i < 8; i += 1) {
          await new Promise((r) => setTimeout(r, 250));
          pub.send('ping');
        }
        await pub.until(() => (pub.frames.filter((f) => f === 'pong').length === 13 ? true : undefined), '13 pongs');
        expect(pub.frames.some((f) => f.includes('30006'))).toBe(false);
        expect(pub.closeCode).toBeNull();
      } finally {
        sim.faults.reset();
      }
    });

    it('unknownResult: placed → the order exists; not placed → it does not', async () => {
      sim.faults.unknownResult({ code: '40010', placed: true });
      const a = await signedFetch(sim.rest, 'POST', '/api/v3/trade/place-order', creds, { body: order('e2e-unknown-a') });
      expect([a.body.code, a.body.msg]).toEqual(['40010', 'Request timed out']);
      const foundA = await signedFetch(sim.rest, 'GET', '/api/v3/trade/order-info', creds, { query: { clientOid: 'e2e-unknown-a' } });
      expect(foundA.body.code).toBe('00000');
      sim.faults.unknownResult({ code: '45001', placed: false });
      const b = await signedFetch(sim.rest, 'POST', '/api/v3/trade/place-order', creds, { body: order('e2e-unknown-b') });
      expect(b.body.code).toBe('45001');
      const foundB = await signedFetch(sim.rest, 'GET', '/api/v3/trade/order-info', creds, { query: { clientOid: 'e2e-unknown-b' } });
      expect(foundB.body.code).not.toBe('00000');
    });
  });
});
