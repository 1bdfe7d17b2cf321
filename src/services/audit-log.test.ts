import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestClient } from '../exchange/rest/rest-client.js';
import { Emitter, initialHealth } from '../exchange/ws/connection-state.js';
import type { StreamConnection, StreamConnectionEvents } from '../exchange/ws/stream-connection.js';
import { WsTrade } from '../exchange/ws/ws-trade.js';
import { AuditLog } from './audit-log.js';

const CREDS = { apiKey: 'bg_audit_key_1234', secret: 'audit-secret-5678', passphrase: 'auditpass99' };
const SUB_SECRET = 'f00dfeedf00dfeedf00dfeed';
const SUB_KEY = 'bg_sub_key_abcdef';

let server: Server;
let baseUrl: string;
let dir: string;
const opened: { close(): unknown }[] = [];

function envelope(code: string, msg: string, data: unknown): string {
  return JSON.stringify({ code, msg, requestTime: 1, data });
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'utadash-audit-'));
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/api/v3/trade/place-order') res.writeHead(200).end(envelope('00000', 'success', { orderId: '111', clientOid: 'c-1' }));
    else if (path === '/api/v3/trade/cancel-order') res.writeHead(400).end(envelope('40762', 'The order amount exceeds the balance', null));
    else if (path === '/api/v3/trade/modify-order') res.writeHead(400).end(envelope('40010', 'Request timed out', null));
    else if (path === '/api/v2/user/batch-create-subaccount-and-apikey')
      res.writeHead(200).end(envelope('00000', 'success', [{ subAccountUid: '7', subAccountName: 'abcdefgh', subAccountApiKey: SUB_KEY, secretKey: SUB_SECRET }]));
    else res.writeHead(200).end(envelope('00000', 'success', { serverTime: '1' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function audit(path = join(dir, 'sub', 'audit.ndjson')): { log: AuditLog; path: string } {
  const log = new AuditLog({ path, mode: 'LIVE', now: () => 1_700_000_000_000, redact: (t) => t.split(CREDS.apiKey).join('[redacted]') });
  opened.push(log);
  return { log, path };
}

function client(log: AuditLog, url = baseUrl): RestClient {
  const c = new RestClient({ baseUrl: url, credentials: CREDS, syncClock: false, observer: log.restObserver, retry: { maxAttempts: 1 } });
  opened.push(c);
  return c;
}

function lines(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('audit log over REST', () => {
  it('appends to what is there, creates the file 0600, and logs writes only: sent, then the outcome', async () => {
    const path = join(dir, 'audit.ndjson');
    writeFileSync(path, '{"earlier":"session"}\n');
    const { log } = audit(path);
    const rest = client(log);
    await rest.call('market.getTime', {});
    await rest.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '1000', clientOid: 'c-1' });
    const all = lines(path);
    expect(all[0]).toEqual({ earlier: 'session' });
    expect(all.slice(1)).toHaveLength(2);
    expect(all[1]).toMatchObject({ event: 'sent', channel: 'rest', op: 'trade.placeOrder', symbol: 'BTCUSDT', side: 'buy', qty: '0.01', price: '1000', clientOid: 'c-1', mode: 'LIVE', ts: 1_700_000_000_000 });
    expect(all[2]).toMatchObject({ event: 'outcome', channel: 'rest', op: 'trade.placeOrder', id: all[1]?.id, result: 'accepted', orderId: '111', clientOid: 'c-1' });
    const fresh = audit().path;
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
  });

  it('records refusals with the exchange code and message, and unknown results as unknown', async () => {
    const { log, path } = audit();
    const rest = client(log);
    await expect(rest.call('trade.cancelOrder', { orderId: '111' })).rejects.toMatchObject({ code: 'EXCH_REJECTED' });
    await expect(rest.call('trade.modifyOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderId: '111', price: '1001' })).rejects.toMatchObject({ code: 'EXCH_UNKNOWN_RESULT' });
    const outcomes = lines(path).filter((l) => l.event === 'outcome');
    expect(outcomes[0]).toMatchObject({ op: 'trade.cancelOrder', result: 'rejected', code: '40762', msg: 'The order amount exceeds the balance', httpStatus: 400 });
    expect(outcomes[1]).toMatchObject({ op: 'trade.modifyOrder', result: 'unknown', code: '40010' });
  });

  it('records a write that never left as a network error', async () => {
    const { log, path } = audit();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const rest = client(log, `http://127.0.0.1:${port}`);
    await expect(rest.call('trade.cancelOrder', { orderId: '111' })).rejects.toMatchObject({ code: 'EXCH_NETWORK' });
    expect(lines(path).map((l) => [l.event, l.result])).toEqual([
      ['sent', undefined],
      ['outcome', 'network'],
    ]);
  });

  it('records the verdict on an unknown placement, and a correction as its own event', () => {
    const { log, path } = audit();
    log.reconciled({ clientOid: 'c-9', result: 'not-placed', correction: false, detail: 'buy 0.01 BTCUSDT @ 1 was not placed' });
    log.reconciled({ clientOid: 'c-9', result: 'accepted', orderId: '900', correction: true, detail: 'correction: it appeared' });
    log.close();
    expect(lines(path).map((l) => [l.event, l.clientOid, l.result, l.orderId])).toEqual([
      ['reconciled', 'c-9', 'not-placed', undefined],
      ['correction', 'c-9', 'accepted', '900'],
    ]);
  });

  it('never writes API keys created for sub-accounts, passphrases or the session key', async () => {
    const { log, path } = audit();
    const rest = client(log);
    await rest.call('user.batchCreateSubApiKey', [{ subAccountName: 'abcdefgh', passphrase: 'Newpass12345', label: 'bot', note: CREDS.apiKey }] as never);
    const text = readFileSync(path, 'utf8');
    for (const secret of [SUB_SECRET, SUB_KEY, 'Newpass12345', CREDS.apiKey, CREDS.secret, CREDS.passphrase]) expect(text).not.toContain(secret);
    const [sent, outcome] = lines(path);
    expect(sent).toMatchObject({ op: 'user.batchCreateSubApiKey', params: [{ subAccountName: 'abcdefgh', passphrase: '[redacted]' }] });
    expect(outcome).toEqual(expect.objectContaining({ result: 'accepted', created: 1 }));
    expect(outcome).not.toHaveProperty('data');
  });
});

/** A private connection that is logged in and records what is sent. */
function fakeConnection(ready = true): { conn: StreamConnection; sent: Record<string, unknown>[] } {
  const sent: Record<string, unknown>[] = [];
  const events = new Emitter<StreamConnectionEvents>();
  const fake = {
    kind: 'private',
    events,
    sendRequest: (p: object) => {
      if (ready) sent.push(p as Record<string, unknown>);
      return ready;
    },
    getHealth: () => ({ ...initialHealth('private'), state: 'authenticated' }),
  };
  return { conn: fake as unknown as StreamConnection, sent };
}

describe('audit log over the socket trade channel', () => {
  it('logs each order request when sent and its reply: accepted, rejected, unknown', async () => {
    const { log, path } = audit();
    const { conn, sent } = fakeConnection();
    const trade = new WsTrade({ connection: conn, observer: log.wsObserver, replyTimeoutMs: 60_000 });
    const placed = trade.submitOrder('USDT-FUTURES', { symbol: 'ETHUSDT', side: 'sell', orderType: 'limit', qty: '1', price: '4000', clientOid: 'w-1' });
    const cancelled = trade.cancelOrder('USDT-FUTURES', { symbol: 'ETHUSDT', orderId: '9' });
    const modified = trade.amendOrder('USDT-FUTURES', { symbol: 'ETHUSDT', orderId: '9', newPrice: '4001' });
    const [a, b, c] = sent.map((s) => String(s.id));
    conn.events.emit('frame', { kind: 'trade', id: a ?? '', code: '0', msg: 'success', topic: 'place-order', args: [{ symbol: 'ETHUSDT', orderId: '55', clientOid: 'w-1' }] });
    conn.events.emit('frame', { kind: 'error', id: b, code: '43001', msg: 'order does not exist', arg: undefined });
    conn.events.emit('frame', { kind: 'error', id: c, code: '40010', msg: 'Request timed out', arg: undefined });
    await placed;
    await expect(cancelled).rejects.toMatchObject({ code: 'EXCH_REJECTED' });
    await expect(modified).rejects.toMatchObject({ code: 'EXCH_UNKNOWN_RESULT' });
    trade.dispose();
    const all = lines(path);
    expect(all.filter((l) => l.event === 'sent').map((l) => l.op)).toEqual(['ws.place-order', 'ws.cancel-order', 'ws.modify-order']);
    expect(all[0]).toMatchObject({ channel: 'ws', id: `ws-${a}`, symbol: 'ETHUSDT', side: 'sell', qty: '1', price: '4000', clientOid: 'w-1', category: 'usdt-futures' });
    const outcomes = all.filter((l) => l.event === 'outcome');
    expect(outcomes[0]).toMatchObject({ id: `ws-${a}`, result: 'accepted', orderId: '55', clientOid: 'w-1' });
    expect(outcomes[1]).toMatchObject({ id: `ws-${b}`, result: 'rejected', code: '43001', msg: 'order does not exist' });
    expect(outcomes[2]).toMatchObject({ id: `ws-${c}`, result: 'unknown', code: '40010' });
  });

  it('logs nothing for a request the socket did not take (the REST fallback is audited instead)', async () => {
    const { log, path } = audit();
    const { conn } = fakeConnection(false);
    const trade = new WsTrade({ connection: conn, observer: log.wsObserver });
    await expect(trade.submitOrder('SPOT', { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '1' })).rejects.toMatchObject({ code: 'EXCH_NETWORK' });
    trade.dispose();
    expect(readFileSync(path, 'utf8')).toBe('');
  });
});
