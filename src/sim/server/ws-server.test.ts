import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSimServer, type SimServer } from './sim-server.js';
import { FakeExchange, fakeRoutes } from '../../../test/helpers/sim-testing/fake-exchange.js';
import { TestSocket } from '../../../test/helpers/sim-testing/ws-client.js';

const CREDS = { apiKey: 'k', secret: 's', passphrase: 'p', uid: '6000000001' };

describe('websocket connection layer', () => {
  let srv: SimServer;
  const sockets: TestSocket[] = [];
  const open = async (url: string): Promise<TestSocket> => {
    const s = await TestSocket.open(url);
    sockets.push(s);
    return s;
  };
  beforeEach(async () => {
    srv = await startSimServer({ exchange: new FakeExchange(), routes: fakeRoutes(), credentials: CREDS });
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await srv.close();
  });

  it('answers text ping with text pong on both paths', async () => {
    for (const url of [srv.wsPublic, srv.wsPrivate]) {
      const s = await open(url);
      s.send('ping');
      await s.until(() => (s.frames.includes('pong') ? true : undefined));
    }
  });

  it('closes a connection that sends no ping within the idle timeout, keeps one that does', async () => {
    // The idle timers run on fake time, moved 100 ms at a time; between steps the alive socket pings
    // and hears its pong over the real socket. A busy machine delays nothing the test measures.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const short = await startSimServer({ exchange: new FakeExchange(), routes: fakeRoutes(), credentials: CREDS, idleTimeoutMs: 300 });
    try {
      const idle = await open(short.wsPublic);
      const alive = await open(short.wsPublic);
      const pongs = (): number => alive.frames.filter((f) => f === 'pong').length;
      for (let step = 1; step <= 5; step += 1) {
        vi.advanceTimersByTime(100);
        alive.send('ping');
        await alive.until(() => (pongs() >= step ? true : undefined), `pong ${step}`);
      }
      expect(await idle.closed()).toBe(1006); // terminated: no close frame
      expect(alive.closeCode).toBeNull();
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('errors 30006 and closes after more than 10 messages in a second', async () => {
    const s = await open(srv.wsPublic);
    for (let i = 0; i < 11; i++) s.send('ping');
    await s.next((m) => m['event'] === 'error' && m['code'] === 30006);
    await s.closed();
  });

  it('answers non-JSON with 30002 and an unknown op with 30003', async () => {
    const s = await open(srv.wsPublic);
    s.send('hello');
    await s.next((m) => m['code'] === 30002);
    s.send({ op: 'dance' });
    const e = await s.next((m) => m['code'] === 30003);
    expect(typeof e['connId']).toBe('string');
  });

  it('faults: stallPongs, garbageFrame, dropSockets by kind', async () => {
    const pub = await open(srv.wsPublic);
    const priv = await open(srv.wsPrivate);
    srv.faults.stallPongs(true);
    pub.send('ping');
    pub.send({ op: 'dance' });
    await pub.next((m) => m['code'] === 30003); // the ping was processed before this reply
    expect(pub.frames).not.toContain('pong');
    srv.faults.stallPongs(false);

    srv.faults.garbageFrame('private');
    await priv.until(() => (priv.frames.length >= 2 ? true : undefined));
    expect(() => JSON.parse(priv.frames[0] ?? '')).toThrow();
    expect(() => JSON.parse(priv.frames[1] ?? '')).toThrow();
    expect(pub.frames.some((f) => f.includes('garbage'))).toBe(false);

    srv.faults.dropSockets('private');
    expect(await priv.closed()).toBe(1006);
    expect(pub.closeCode).toBeNull();
    srv.faults.dropSockets();
    expect(await pub.closed()).toBe(1006);
  });

  it('refuses an upgrade on an unknown path', async () => {
    await expect(TestSocket.open(srv.wsPublic.replace('/v3/ws/public', '/v3/ws/nope'))).rejects.toThrow();
  });
});
