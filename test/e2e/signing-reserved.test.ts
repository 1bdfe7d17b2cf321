/**
 * Description: issue 14 — a GET is sent percent-encoded and signed over its DECODED query, as
 * Bitget's signature page states. Values that need encoding (clientOids with `:` `#` `/` space `+`,
 * symbols with `$` or non-ASCII) must sign and verify; a signature over the encoded text is refused
 * with 40009, by the embedded exchange's own verifier (it shares no signing code with the client).
 * Setup: `startSim()` on 127.0.0.1 port 0; our `RestClient` with the demo credentials.
 * Run: place with reserved-character clientOids, look each up by clientOid, look up a `#`/`+`/space
 * id, list with a `$`/`%`/`€` symbol filter, cancel by clientOid; then by hand (node:crypto, the page's recipe) the same
 * look-up signed decoded (accepted, finds the order) and signed encoded (40009).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';

const ORDER = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '1000' } as const;
/**
 * clientOids of new orders, holding characters a URL must encode. The Place Order page allows only
 * `. : / _ -` besides letters and digits; `#`, `+` and space occur in ids the exchange makes
 * (`BITGET#…`), which are looked up, never placed.
 */
const OIDS = ['utd:1/a.b', 'utd/2:x.y_z-w'] as const;
/** A look-up id with `#`, `+` and a space; no such order exists. */
const SYSTEM_OID = 'BITGET#1627 +x';
/** A list filter with `$`, `%` and non-ASCII, as Bitget lists such symbols. */
const ODD_SYMBOL = '$WIF%€USDT';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null ? (v as Rec) : {});

let sim: SimHandle;
let client: RestClient;

beforeAll(async () => {
  sim = await startSim({ seed: 21 });
  client = new RestClient({ baseUrl: sim.rest, credentials: { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase } });
});

afterAll(async () => {
  await client.close();
  await sim.close();
});

/** A GET signed by hand as the signature page's HMAC sample does, over `signedQuery`, sent with `sentQuery`. */
async function handSigned(path: string, sentQuery: string, signedQuery: string): Promise<{ status: number; body: Rec }> {
  const ts = String(Date.now());
  const sign = createHmac('sha256', sim.secret).update(`${ts}GET${path}?${signedQuery}`).digest('base64');
  const res = await fetch(`${sim.rest}${path}?${sentQuery}`, {
    headers: { 'ACCESS-KEY': sim.apiKey, 'ACCESS-SIGN': sign, 'ACCESS-TIMESTAMP': ts, 'ACCESS-PASSPHRASE': sim.passphrase, 'Content-Type': 'application/json' },
  });
  return { status: res.status, body: rec(await res.json()) };
}

describe('signing queries that need encoding, over a real socket', () => {
  it('our client places, looks up by clientOid, lists with a reserved-character filter and cancels', async () => {
    for (const clientOid of OIDS) {
      const placed = rec(await client.call('trade.placeOrder', { ...ORDER, clientOid }));
      expect(placed['clientOid']).toBe(clientOid);
      const found = rec(await client.call('trade.getOrderInfo', { clientOid }));
      expect(found['orderId']).toBe(placed['orderId']);
      expect(found['clientOid']).toBe(clientOid);
    }
    const none = rec(await client.call('trade.getUnfilledOrders', { category: 'SPOT', symbol: ODD_SYMBOL }));
    expect(none['list']).toEqual([]);
    // The look-up is signed right (no 40009): the exchange answers that no such order exists.
    await expect(client.call('trade.getOrderInfo', { clientOid: SYSTEM_OID })).rejects.toMatchObject({ exchangeCode: '25204' });
    const open = rec(await client.call('trade.getUnfilledOrders', { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }));
    expect((open['list'] as Rec[]).map((o) => o['clientOid']).sort()).toEqual([...OIDS].sort());
    await client.call('trade.cancelOrder', { clientOid: OIDS[0] });
    const after = rec(await client.call('trade.getUnfilledOrders', { category: 'USDT-FUTURES' }));
    expect((after['list'] as Rec[]).map((o) => o['clientOid'])).toEqual([OIDS[1]]);
  });

  it('a request signed over the decoded query is accepted; the same request signed over the encoded query gets 40009', async () => {
    const clientOid = OIDS[1];
    const sent = `clientOid=${encodeURIComponent(clientOid)}`;
    expect(sent).toBe('clientOid=utd%2F2%3Ax.y_z-w');
    const good = await handSigned('/api/v3/trade/order-info', sent, `clientOid=${clientOid}`);
    expect(good.status).toBe(200);
    expect(good.body['code']).toBe('00000');
    expect(rec(good.body['data'])['clientOid']).toBe(clientOid);
    const bad = await handSigned('/api/v3/trade/order-info', sent, sent);
    expect(bad.body['code']).toBe('40009');
    expect(bad.status).toBe(400);
  });

  it('a space, "#" and "+" survive the round trip distinct ("+" is a plus, "%20" a space)', async () => {
    const sent = `clientOid=${encodeURIComponent(SYSTEM_OID)}`;
    expect(sent).toBe('clientOid=BITGET%231627%20%2Bx');
    const good = await handSigned('/api/v3/trade/order-info', sent, `clientOid=${SYSTEM_OID}`);
    expect(good.body['code']).toBe('25204');
    const plusAsSpace = await handSigned('/api/v3/trade/order-info', sent, 'clientOid=BITGET#1627  x');
    expect(plusAsSpace.body['code']).toBe('40009');
    const symbolSent = `category=SPOT&symbol=${encodeURIComponent(ODD_SYMBOL)}`;
    expect(symbolSent).toBe('category=SPOT&symbol=%24WIF%25%E2%82%ACUSDT');
    const list = await handSigned('/api/v3/trade/unfilled-orders', symbolSent, `category=SPOT&symbol=${ODD_SYMBOL}`);
    expect(list.body['code']).toBe('00000');
    expect(rec(list.body['data'])['list']).toEqual([]);
    expect((await handSigned('/api/v3/trade/unfilled-orders', symbolSent, symbolSent)).body['code']).toBe('40009');
  });
});
