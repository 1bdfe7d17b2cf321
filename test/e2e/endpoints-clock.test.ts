import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig, type Endpoints } from '../../src/cli/config.js';
import { openSession, type Session } from '../../src/cli/session.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import type { AppStore } from '../../src/store/create-app-store.js';
import { FAST_STREAM_TUNING } from '../helpers/stream-tuning.js';

/**
 * Issue 16 item 4: a config profile's endpoint setting moves REST and both sockets together, and
 * the clock sampler measures the server time over several samples and refuses an absurd one.
 *
 * Description: a profile whose restUrl names the embedded exchange on 127.0.0.1 opens a session
 * whose sockets, private login included, go to that same host and port; nothing dials Bitget.
 * Setup: the embedded exchange on port 0 with a key of its own; a config file (mode 600) naming it.
 * Run: load the config, open a session from its endpoints, wait for the private socket to log in
 * and subscribe; then skew the exchange clock and sync: 5 time requests, the offset follows;
 * skew it by 2 days: the sync is refused by name and the offset stays.
 */

const HOUR = 3_600_000;
/** A key only this file's exchange knows: a login that succeeds went to it. */
const CREDS = { apiKey: 'bg_e2e_endpoints', secret: 'endpoints-e2e-secret', passphrase: 'endpointse2e' };

let sim: SimHandle;
let home: string;
/** The sim's REST access log: `METHOD /path status code`, one line per request. */
const accessLog: string[] = [];

/** Writes a private config file with one profile `sim` (extra fields merged in) and loads it. */
function configFor(fields: Record<string, unknown>) {
  mkdirSync(join(home, 'utadash'), { recursive: true });
  const file = join(home, 'utadash', 'config.json');
  writeFileSync(file, JSON.stringify({ profiles: { sim: { ...CREDS, ...fields } } }));
  chmodSync(file, 0o600);
  return loadConfig({ XDG_CONFIG_HOME: home }, 'sim');
}

/** Resolves when the store's state satisfies `predicate` (checked now and on every change). */
function until(store: AppStore, predicate: (state: ReturnType<AppStore['getState']>) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (predicate(store.getState())) {
      resolve();
      return;
    }
    const off = store.subscribe((state) => {
      if (!predicate(state)) return;
      off();
      resolve();
    });
  });
}

beforeAll(async () => {
  sim = await startSim({ seed: 16, ...CREDS, log: (line) => accessLog.push(line) });
  home = mkdtempSync(join(tmpdir(), 'utadash-endpoints-'));
});

afterAll(async () => {
  await sim.close();
  rmSync(home, { recursive: true, force: true });
});

describe('a profile restUrl on the embedded exchange moves both sockets with it', () => {
  let session: Session | undefined;
  const dialed: string[] = [];

  afterAll(async () => {
    await session?.services.shutdown();
  });

  it('resolves the sockets to the same host and port, and the session logs in there', async () => {
    const config = configFor({ restUrl: sim.rest });
    const endpoints = config.profile.endpoints;
    expect(endpoints).toEqual({ rest: sim.rest, wsPublic: sim.wsPublic, wsPrivate: sim.wsPrivate });
    const { rest, wsPublic, wsPrivate } = endpoints as Endpoints;
    expect(new URL(wsPublic).host).toBe(new URL(rest).host);
    expect(new URL(wsPrivate).host).toBe(new URL(rest).host);
    expect(config.profile.credentials).toEqual(CREDS);

    session = await openSession(
      { mode: 'LIVE', account: 'sim profile', restUrl: rest, wsPublic, wsPrivate, credentials: CREDS, paper: false },
      {
        streamTuning: {
          ...FAST_STREAM_TUNING,
          createSocket: (url) => {
            dialed.push(url);
            return new WebSocket(url);
          },
        },
      },
    );
    const { store } = session;
    // Subscribed comes only after the exchange accepted the login with this file's own key.
    await until(store, (s) => s.connection.private.state === 'subscribed');
    expect(store.getState().connection.private.lastError).toBeNull();
    expect(dialed).toContain(wsPrivate);
    expect(dialed).toContain(wsPublic);
    expect(dialed.every((url) => url === wsPublic || url === wsPrivate)).toBe(true);
    // A signed REST read with the same key goes to the same exchange and is accepted there.
    await expect(session.rest.call('account.getAssets', {})).resolves.toBeDefined();
    expect(accessLog).toContain('GET /api/v3/account/assets 200 00000');
  });
});

describe('the clock sampler against the embedded exchange', () => {
  let client: RestClient;

  beforeAll(() => {
    const endpoints = configFor({ restUrl: sim.rest }).profile.endpoints as Endpoints;
    client = new RestClient({ baseUrl: endpoints.rest, credentials: CREDS });
  });

  afterAll(async () => {
    sim.faults.clockSkew(0);
    await client.close();
  });

  it('takes five time samples, keeps the fastest, and follows a skewed server clock', async () => {
    sim.faults.clockSkew(90_000);
    const before = accessLog.length;
    const sample = await client.clockSync.sync();
    const timeRequests = accessLog.slice(before).filter((line) => line.startsWith('GET /api/v2/public/time '));
    expect(timeRequests).toEqual(Array.from({ length: 5 }, () => 'GET /api/v2/public/time 200 00000'));
    // Loopback: the offset is the skew within the chosen sample's round trip (plus clock granularity).
    expect(Math.abs(sample.offsetMs - 90_000)).toBeLessThanOrEqual(sample.rttMs + 5);
    expect(client.clockSync.lastSample()).toBe(sample);
    // Signed with the measured offset, a private read is accepted by the skewed exchange.
    await expect(client.call('account.getAssets', {})).resolves.toBeDefined();
  });

  it('refuses a server clock two days off, naming it and the local time, and keeps the offset', async () => {
    const kept = client.clockSync.lastSample();
    sim.faults.clockSkew(48 * HOUR);
    const error = await client.clockSync.sync().then(
      () => null,
      (e: unknown) => e,
    );
    sim.faults.clockSkew(90_000);
    expect(error).toMatchObject({ code: 'EXCH_BAD_REPLY' });
    expect((error as Error).message).toMatch(/^server time \d+ \(\S+Z\) is more than 24 h away from the local clock; local time is \d+ \(\S+Z\); keeping the previous clock offset$/);
    expect(client.clockSync.lastSample()).toBe(kept);
    expect(Math.abs(client.clockSync.offsetMs() - 90_000)).toBeLessThan(1000);
  });
});
