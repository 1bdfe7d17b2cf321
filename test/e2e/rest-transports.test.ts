import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HttpTransportFactory } from '../../src/exchange/rest/http-transport.js';
import { nodeHttpTransport } from '../../src/exchange/rest/node-http-transport.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { ExchangeError } from '../../src/exchange/wire/errors.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { unusedPort } from '../helpers/ws-test-server.js';

/**
 * The REST client's two transports (src/exchange/rest/http-transport.ts): undici's pool (the
 * cockpit's default) and Node's own http (the one-shot commands'). They must be the same to the
 * client: a signed read and a write arrive and answer alike, and a failure is classed alike where
 * it decides what a trader may do next: a write whose connection drops after the exchange acted is
 * "result unknown" with its clientOid, a write to a port nobody listens on was not sent, a reply
 * slower than the client's timeout is a timeout. Setup: the embedded exchange on port 0 with its
 * faults; a port taken and released for the refused connection.
 */

const TRANSPORTS: readonly { name: string; transport: HttpTransportFactory | undefined }[] = [
  { name: "undici's pool (default)", transport: undefined },
  { name: "Node's http", transport: nodeHttpTransport },
];

let sim: SimHandle;

beforeAll(async () => {
  sim = await startSim({ seed: 5 });
});

afterAll(async () => {
  await sim.close();
});

beforeEach(() => {
  sim.faults.reset();
});

function clientFor(transport: HttpTransportFactory | undefined, baseUrl = sim.rest, extra: { timeoutMs?: number } = {}): RestClient {
  return new RestClient({
    baseUrl,
    credentials: { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase },
    retry: { maxAttempts: 1 },
    ...(transport ? { transport } : {}),
    ...extra,
  });
}

async function failureOf(call: Promise<unknown>): Promise<ExchangeError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ExchangeError)) throw new Error(`expected an ExchangeError, got ${String(error)}`);
  return error;
}

describe.each(TRANSPORTS)('the REST client over $name', ({ name, transport }) => {
  it('a signed read and a write (a JSON body) arrive and answer', async () => {
    const client = clientFor(transport);
    try {
      const assets = (await client.call('account.getAssets', {})) as { assets: { coin: string }[] };
      expect(assets.assets.map((a) => a.coin)).toContain('USDT');
      const clientOid = `tr-${name.length}-ok`;
      const placed = (await client.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '50000', clientOid })) as { orderId: string; clientOid: string };
      expect(placed.clientOid).toBe(clientOid);
      const open = (await client.call('trade.getUnfilledOrders', { limit: '100' })) as { list: { orderId: string; clientOid: string }[] };
      expect(open.list.find((o) => o.orderId === placed.orderId)?.clientOid).toBe(clientOid);
      await client.call('trade.cancelOrder', { orderId: placed.orderId });
    } finally {
      await client.close();
    }
  });

  it('a write whose connection drops after the exchange placed it: result unknown, with its clientOid', async () => {
    const client = clientFor(transport);
    try {
      sim.faults.executeThenDrop({ transport: 'rest' });
      const clientOid = `tr-${name.length}-drop`;
      const error = await failureOf(client.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '50000', clientOid }));
      expect(error.code).toBe('EXCH_UNKNOWN_RESULT');
      expect(error.message).toContain(`"${clientOid}"`);
      const open = (await client.call('trade.getUnfilledOrders', { limit: '100' })) as { list: { clientOid: string; orderId: string }[] };
      const order = open.list.find((o) => o.clientOid === clientOid);
      expect(order, 'the exchange did place it').toBeDefined();
      await client.call('trade.cancelOrder', { orderId: order?.orderId ?? '' });
    } finally {
      await client.close();
    }
  });

  it('a write to a port nobody listens on was not sent', async () => {
    const client = clientFor(transport, `http://127.0.0.1:${await unusedPort()}`);
    try {
      const error = await failureOf(client.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '50000', clientOid: `tr-${name.length}-refused` }));
      expect(error.code).toBe('EXCH_NETWORK');
      expect(error.message).toMatch(/ECONNREFUSED.*the request was not sent/);
    } finally {
      await client.close();
    }
  });

  it('a reply slower than the timeout is a timeout', async () => {
    const client = clientFor(transport, sim.rest, { timeoutMs: 150 });
    try {
      sim.faults.delayReplies(1000);
      const error = await failureOf(client.call('account.getAssets', {}));
      expect(error.code).toBe('EXCH_TIMEOUT');
      expect(error.message).toContain('no reply within 150 ms');
    } finally {
      await client.close();
    }
  });
});
