import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExchangeError } from '../wire/errors.js';
import { RateLimiter } from './rate-limiter.js';
import { RestClient, type RestClientOptions } from './rest-client.js';

let server: Server;
let baseUrl: string;
let hits: number;
let clients: RestClient[];
/** The test server's answer to a request path; 503 "busy" unless a test says otherwise. */
let respond: (path: string) => { status: number; body: string };

beforeEach(async () => {
  hits = 0;
  clients = [];
  respond = () => ({ status: 503, body: 'busy' });
  server = createServer((req, res) => {
    hits++;
    const { status, body } = respond(req.url ?? '');
    res.writeHead(status).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(opts: Partial<RestClientOptions>): RestClient {
  const c = new RestClient({ baseUrl, credentials: null, ...opts });
  clients.push(c);
  return c;
}

describe('RestClient read retries', () => {
  it('backs off exponentially with jitter, capped, for maxAttempts attempts', async () => {
    const waits: number[] = [];
    const c = client({
      retry: { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 1500 },
      random: () => 1,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    await expect(c.call('market.getTime', {})).rejects.toMatchObject({ code: 'EXCH_NETWORK' });
    expect(hits).toBe(5);
    expect(waits).toEqual([1000, 1500, 1500, 1500]);
  });

  it('jitter takes the delay down to half at most', async () => {
    const waits: number[] = [];
    const c = client({
      random: () => 0,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    await expect(c.call('market.getTime', {})).rejects.toBeInstanceOf(ExchangeError);
    expect(hits).toBe(3);
    expect(waits).toEqual([125, 250]);
  });
});

describe('RestClient write retries', () => {
  const credentials = { apiKey: 'key', secret: 'secret', passphrase: 'pass' };
  const tooMany = { status: 429, body: JSON.stringify({ code: '429', msg: 'Too Many Requests', requestTime: 0, data: null }) };
  const ok = { status: 200, body: JSON.stringify({ code: '00000', msg: 'success', requestTime: 0, data: 'success' }) };
  /** A limiter that grants at once and tells what it was asked. */
  class RecordingLimiter extends RateLimiter {
    readonly events: string[] = [];
    override acquire(opId: string): Promise<void> {
      this.events.push(`acquire ${opId}`);
      return Promise.resolve();
    }
    override penalize(opId: string): void {
      this.events.push(`penalize ${opId}`);
    }
  }
  /** Requests to the operations under test (the client may also read the server time first). */
  let sent = 0;
  const setup = (replies: { status: number; body: string }[]) => {
    sent = 0;
    respond = (path) => {
      if (path.startsWith('/api/v2/public/time')) return { status: 200, body: JSON.stringify({ code: '00000', msg: 'success', requestTime: Date.now(), data: { serverTime: String(Date.now()) } }) };
      sent += 1;
      return replies.shift() ?? { status: 500, body: 'no more replies' };
    };
    const limiter = new RecordingLimiter({ rateOf: () => undefined, clock: { now: Date.now } });
    const c = client({ credentials, limiter, sleep: () => Promise.resolve() });
    return { c, limiter };
  };

  it('sends an idempotent write (countdown) once more after a 429, through the limiter that was told', async () => {
    const { c, limiter } = setup([tooMany, ok]);
    await expect(c.call('trade.countdownCancelAll', { countdown: '10' })).resolves.toBe('success');
    expect(sent).toBe(2);
    expect(limiter.events.filter((e) => e.endsWith('countdownCancelAll'))).toEqual(['acquire trade.countdownCancelAll', 'penalize trade.countdownCancelAll', 'acquire trade.countdownCancelAll']);
  });

  it('fails an idempotent write on a second 429, and never repeats one after a 5xx', async () => {
    const first = setup([tooMany, tooMany, ok]);
    await expect(first.c.call('trade.countdownCancelAll', { countdown: '10' })).rejects.toMatchObject({ code: 'EXCH_RATE_LIMITED' });
    expect(sent).toBe(2);
    // A 5xx may have run: its result is unknown, whatever the operation.
    const second = setup([{ status: 503, body: 'busy' }, ok]);
    await expect(second.c.call('trade.countdownCancelAll', { countdown: '10' })).rejects.toMatchObject({ code: 'EXCH_UNKNOWN_RESULT' });
    expect(sent).toBe(1);
  });

  it('never sends a write that is not idempotent twice, 429 or not', async () => {
    const { c } = setup([tooMany, ok]);
    await expect(c.call('trade.cancelOrder', { orderId: '1' })).rejects.toMatchObject({ code: 'EXCH_RATE_LIMITED' });
    expect(sent).toBe(1);
  });
});

describe('RestClient options', () => {
  it('refuses a baseUrl with a path, which would break signing', () => {
    expect(() => new RestClient({ baseUrl: 'https://api.bitget.com/proxy' })).toThrow('baseUrl must be an origin');
  });

  it('refuses an unknown operation id without sending', async () => {
    const c = client({});
    await expect(c.call('nope.never' as 'market.getTime', {})).rejects.toMatchObject({ code: 'EXCH_VALIDATION' });
    expect(hits).toBe(0);
  });
});

describe('RestClient observers', () => {
  it('tell every attempt and its end (status, body, error) without headers, and a throwing observer breaks nothing', async () => {
    const seen: string[] = [];
    const c = client({
      retry: { maxAttempts: 2 },
      sleep: () => Promise.resolve(),
      observer: {
        onRequest: () => {
          throw new Error('observer bug');
        },
      },
    });
    const off = c.observe({
      onRequest: (a) => seen.push(`request ${a.seq} ${a.opId} ${a.method} ${a.path} ${JSON.stringify(a.params)} write=${a.write}`),
      onReply: (a, r) => seen.push(`reply ${a.seq} ${r.status ?? 'none'} ${r.body ?? ''} ${r.error?.code ?? 'ok'}`),
    });
    await expect(c.call('market.getTickers', { category: 'SPOT' })).rejects.toMatchObject({ code: 'EXCH_NETWORK' });
    expect(seen).toEqual([
      'request 1 market.getTickers GET /api/v3/market/tickers {"category":"SPOT"} write=false',
      'reply 1 503 busy EXCH_NETWORK',
      'request 2 market.getTickers GET /api/v3/market/tickers {"category":"SPOT"} write=false',
      'reply 2 503 busy EXCH_NETWORK',
    ]);
    off();
    await expect(c.call('market.getTime', {})).rejects.toBeInstanceOf(ExchangeError);
    expect(seen).toHaveLength(4);
  });
});

describe('RestClient server-time samples', () => {
  const T0 = 1_790_000_000_000;
  /** An envelope with the server time `offsetMs` ahead of `local()`. */
  const timeReply = (local: () => number, offsetMs: number) => (path: string) =>
    path === '/api/v2/public/time' ? { status: 200, body: JSON.stringify({ code: '00000', msg: 'success', requestTime: local(), data: { serverTime: String(local() + offsetMs) } }) } : { status: 404, body: '' };

  it('times only the HTTP exchange: waiting for the rate limiter is not round trip', async () => {
    let local = T0;
    const clock = { now: () => local };
    const granted: string[] = [];
    /** A limiter that holds every request for 5 s of the test's clock before granting it. */
    class SlowLimiter extends RateLimiter {
      override acquire(opId: string): Promise<void> {
        granted.push(opId);
        local += 5000;
        return Promise.resolve();
      }
    }
    respond = timeReply(clock.now, 1234);
    const c = client({ clock, limiter: new SlowLimiter({ rateOf: () => undefined, clock }) });
    const sample = await c.clockSync.sync();
    expect(granted).toEqual(Array.from({ length: 5 }, () => 'market.getServerTime'));
    expect(hits).toBe(5);
    // Only the limiter moves this clock: counted, the round trip would be 5000 ms and the offset 2500 ms off.
    expect(sample).toEqual({ offsetMs: 1234, rttMs: 0, at: T0 + 5 * 5000 });
  });

  it('sends each sample once (no retry inside the timed window) and skips the failed one', async () => {
    const waits: number[] = [];
    let calls = 0;
    const ok = timeReply(() => Date.now(), 0);
    respond = (path) => (++calls === 2 ? { status: 503, body: 'busy' } : ok(path));
    const c = client({
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    const sample = await c.clockSync.sync();
    expect(Math.abs(sample.offsetMs)).toBeLessThan(1000);
    expect(hits).toBe(5);
    expect(waits).toEqual([]);
    expect(c.health()).toMatchObject({ requests: 5, failures: 1 });
  });

  it('fails when every sample fails, after one request each', async () => {
    const c = client({ sleep: () => Promise.reject(new Error('no retry expected')) });
    await expect(c.clockSync.sync()).rejects.toMatchObject({ code: 'EXCH_NETWORK' });
    expect(hits).toBe(5);
    expect(c.health()).toMatchObject({ failures: 5, lastErrorCode: 'EXCH_NETWORK', clockOffsetMs: 0 });
  });
});
