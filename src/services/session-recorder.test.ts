import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestClient } from '../exchange/rest/rest-client.js';
import { parseRecording, RecordingError } from '../exchange/wire/recording.js';
import { Emitter } from '../exchange/ws/connection-state.js';
import type { StreamConnectionEvents } from '../exchange/ws/stream-connection.js';
import { RecorderError, SessionRecorder } from './session-recorder.js';

const CREDS = { apiKey: 'bg_rec_key_1234', secret: 'rec-secret-5678', passphrase: 'recpass99' };
const SUB_SECRET = 'beefcafebeefcafebeefcafe';
const BOOK = '{"action":"update","arg":{"instType":"coin-futures","topic":"books","symbol":"BTCUSD"},"data":[{"a":[["97000.5","1"]],"b":[],"seq":18446744073709551557,"pseq":18446744073709551556,"checksum":0,"ts":"1"}],"ts":1}';

let server: Server;
let baseUrl: string;
let dir: string;
const closers: { close(): unknown }[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'utadash-recorder-'));
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const data = path === '/api/v2/user/batch-create-subaccount-and-apikey' ? [{ subAccountUid: '7', subAccountApiKey: 'bg_sub_key_x', secretKey: SUB_SECRET }] : { list: [{ symbol: 'BTCUSDT' }] };
    res.writeHead(200).end(JSON.stringify({ code: '00000', msg: 'success', requestTime: 1, data }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const c of closers.splice(0)) await c.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function connection(kind: 'public' | 'private'): { kind: 'public' | 'private'; events: Emitter<StreamConnectionEvents> } {
  return { kind, events: new Emitter<StreamConnectionEvents>() };
}

describe('session recorder', () => {
  it('writes a meta line, one line per inbound frame and per REST reply, in order, with relative times', async () => {
    let clock = 5_000;
    const path = join(dir, 'rec.ndjson');
    const recorder = new SessionRecorder({ path, mode: 'DEMO', now: () => clock });
    closers.push(recorder);
    const pub = connection('public');
    const priv = connection('private');
    recorder.attach(pub);
    recorder.attach(priv);
    const rest = new RestClient({ baseUrl, credentials: CREDS, syncClock: false, observer: recorder.restObserver });
    closers.push(rest);
    clock = 5_010;
    pub.events.emit('text', BOOK, clock);
    pub.events.emit('text', 'pong', clock);
    clock = 5_020;
    await rest.call('market.getInstruments', { category: 'SPOT' });
    priv.events.emit('text', '{"event":"login","code":0}', clock);
    recorder.close();
    pub.events.emit('text', BOOK, clock);
    const text = readFileSync(path, 'utf8');
    expect(text.trim().split('\n')).toHaveLength(4);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const rec = parseRecording(text);
    expect(rec.meta).toEqual({ type: 'meta', v: 1, startedAt: 5_000, mode: 'DEMO' });
    expect(rec.events.map((e) => [e.type, e.n, e.t])).toEqual([
      ['ws', 1, 10],
      ['rest', 2, 20],
      ['ws', 3, 20],
    ]);
    // Frames are kept byte for byte: 64-bit sequence numbers keep every digit.
    expect(rec.events[0]).toMatchObject({ conn: 'public', text: BOOK });
    expect(rec.events[1]).toMatchObject({ op: 'market.getInstruments', method: 'GET', path: '/api/v3/market/instruments', write: false, params: { category: 'SPOT' }, status: 200 });
    expect(rec.events[2]).toMatchObject({ conn: 'private' });
  });

  it('never records credentials, signatures, sub-account keys or passphrases', async () => {
    const path = join(dir, 'rec.ndjson');
    const recorder = new SessionRecorder({ path, mode: 'LIVE', redact: (t) => [CREDS.apiKey, CREDS.secret, CREDS.passphrase].reduce((s, x) => s.split(x).join('[redacted]'), t) });
    closers.push(recorder);
    const priv = connection('private');
    recorder.attach(priv);
    const rest = new RestClient({ baseUrl, credentials: CREDS, syncClock: false });
    closers.push(rest);
    rest.observe(recorder.restObserver);
    await rest.call('user.batchCreateSubApiKey', [{ subAccountName: 'abcdefgh', passphrase: 'Subpass12345', label: 'bot' }] as never);
    priv.events.emit('text', `{"event":"error","code":30005,"msg":"bad key ${CREDS.apiKey}"}`, 0);
    recorder.close();
    const text = readFileSync(path, 'utf8');
    for (const secret of [CREDS.apiKey, CREDS.secret, CREDS.passphrase, SUB_SECRET, 'bg_sub_key_x', 'Subpass12345']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/ACCESS-SIGN|ACCESS-KEY|ACCESS-PASSPHRASE/i);
    expect(text).toContain('[redacted]');
    expect(parseRecording(text).events).toHaveLength(2);
  });

  it('says which file it cannot write', () => {
    expect(() => new SessionRecorder({ path: join(dir, 'missing', 'rec.ndjson'), mode: 'DEMO' })).toThrow(RecorderError);
    expect(() => new SessionRecorder({ path: join(dir, 'missing', 'rec.ndjson'), mode: 'DEMO' })).toThrow(/missing\/rec\.ndjson/);
  });

  it('a recording that is not one reads as a RecordingError naming the line', () => {
    expect(() => parseRecording('{"type":"ws","n":1,"t":0,"conn":"public","text":"x"}')).toThrow(/line 1: the first line must be the meta line/);
    expect(() => parseRecording('{"type":"meta","v":1,"startedAt":0,"mode":"DEMO"}\nnot json')).toThrow(RecordingError);
    expect(() => parseRecording('{"type":"meta","v":9,"startedAt":0,"mode":"DEMO"}')).toThrow(/newer than this utadash reads/);
  });
});
