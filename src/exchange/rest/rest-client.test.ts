import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExchangeError } from '../wire/errors.js';
import { RestClient, type RestClientOptions } from './rest-client.js';

let server: Server;
let baseUrl: string;
let hits: number;
let clients: RestClient[];

beforeEach(async () => {
  hits = 0;
  clients = [];
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(503).end('busy');
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
