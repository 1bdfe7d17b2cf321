import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { CATEGORIES } from '../../src/domain/model.js';
import { wireList, wireRecord, wireString } from '../../src/exchange/wire/wire-values.js';
import { toCsv } from '../../src/journal/journal-csv.js';
import { openJournal } from '../../src/journal/journal-db.js';
import { EXPORT_FIELDS } from '../../src/journal/journal-reader.js';
import type { JournalStore } from '../../src/journal/journal-types.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { whenPrivateDown } from '../helpers/chaos-checks.js';
import { parseCsvObjects } from '../helpers/csv-parse.js';
import { afterEffects } from '../helpers/field-keys.js';
import { showDashboard, simEndpoint, waitTradingReady } from '../helpers/sim-dashboard.js';
import { FAST_STREAM_TUNING } from '../helpers/stream-tuning.js';
import { eventually, waitFor } from '../helpers/wait-for.js';

/**
 * Issue 19, "must show": the trade journal on the embedded exchange. Description: an app session
 * records its fills into a real journal file (better-sqlite3); the private socket drops while
 * orders fill (those fills never come over the socket: the reconnect's backfill brings them); the
 * app is closed, another fill happens, and a new session on the same file backfills it. Every fill
 * is stored exactly once (the file's count equals the exchange's own fill list), PnL by day equals
 * the sum of the fills' PnL, and the export goes to CSV and back unchanged.
 * Setup: `startSim`, a journal file in a temp directory, FAST_STREAM_TUNING.
 * Run: market orders through the session's REST client and straight on the exchange; a socket drop
 * through the sim's faults.
 */

const ALL = { from: 0, to: Number.MAX_SAFE_INTEGER };
const PERP = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const;

let sim: SimHandle;
let dir: string;
let path: string;
/** The open session and its journal (one at a time). */
let session: Session | null = null;
let journal: JournalStore | null = null;
/** execIds the fill topic delivered to the open session. */
const pushed = new Set<string>();
let seq = 0;

/** The exchange's own fills of the account, every category, every page. */
/** Every fill on the exchange. A market order may fill in more than one piece when a level is thin. */
function exchangeFills(): { execId: string; orderId: string; pnl: string; coin: string }[] {
  const out: { execId: string; orderId: string; pnl: string; coin: string }[] = [];
  for (const category of CATEGORIES) {
    let cursor = '';
    for (;;) {
      const page = wireRecord(sim.exchange.handle('trade.getFills', sim.uid, { category, limit: '100', ...(cursor ? { cursor } : {}) }));
      const list = wireList(page.list);
      for (const r of list) out.push({ execId: wireString(r.execId), orderId: wireString(r.orderId), pnl: wireString(r.execPnl) || '0', coin: wireString(wireList(r.feeDetail)[0]?.feeCoin) });
      cursor = wireString(page.cursor);
      if (list.length < 100 || cursor === '') break;
    }
  }
  return out;
}

/** How many orders `fills` belong to (eight market orders are eight orders, whatever their pieces). */
function ordersOf(fills: readonly { orderId: string }[]): number {
  return new Set(fills.map((f) => f.orderId)).size;
}

/** Opens the journal file and an app session recording into it. */
async function openApp(): Promise<Session> {
  journal = openJournal({ path, identity: { mode: 'demo', account: sim.uid } });
  const s = await openSession(simEndpoint(sim), { streamTuning: FAST_STREAM_TUNING, journal: { store: journal, record: true } });
  s.stream.onTopic('fill', (p) => {
    for (const r of wireList(p.data)) pushed.add(wireString(r.execId));
  });
  session = s;
  await waitTradingReady(s);
  return s;
}

/** Closes the app session (its services write what is queued), then the file. */
async function closeApp(): Promise<void> {
  await session?.services.shutdown();
  await journal?.close();
  session = null;
  journal = null;
}

/** The execIds stored in the file (written rows only). */
async function storedIds(): Promise<string[]> {
  await journal?.flush();
  return (journal?.exportRows('fills', ALL) ?? []).map((r) => r.execId ?? '');
}

/** Waits until the file holds exactly the exchange's fills (written rows: each check writes the queue first). */
async function waitStoredAll(): Promise<void> {
  await eventually(
    async () => {
      const mine = await storedIds();
      const theirs = exchangeFills().map((f) => f.execId);
      return mine.length === theirs.length && [...mine].sort().join() === [...theirs].sort().join();
    },
    () => `stored ${(journal?.exportRows('fills', ALL) ?? []).length}, exchange ${exchangeFills().length}`,
  );
}

/** A market order straight on the exchange (no app involved). */
function fillOnExchange(side: 'buy' | 'sell'): void {
  seq += 1;
  sim.exchange.handle('trade.placeOrder', sim.uid, { ...PERP, side, orderType: 'market', qty: '0.01', clientOid: `jr-ex-${seq}` });
}

beforeAll(async () => {
  sim = await startSim({ seed: 19 });
  dir = mkdtempSync(join(tmpdir(), 'utadash-journal-'));
  path = join(dir, 'journal.sqlite');
});

afterAll(async () => {
  cleanup();
  await closeApp();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('trade journal on the embedded exchange', () => {
  it('stores every fill once across a socket drop and an app restart; PnL by day is the fills\' sum; export → CSV → back is the rows', async () => {
    const s = await openApp();
    // Open, add, close: fills with PnL (the closing ones) and without.
    for (const side of ['buy', 'buy', 'sell', 'sell'] as const) {
      seq += 1;
      await s.api.trade.placeOrder({ ...PERP, side, orderType: 'market', qty: '0.01', clientOid: `jr-app-${seq}` });
    }
    await waitStoredAll();
    expect(ordersOf(exchangeFills())).toBe(4);

    // The private socket drops; two fills happen while it is down: the socket never brings them.
    const before = new Set(exchangeFills().map((f) => f.execId));
    const down = whenPrivateDown(s, () => {
      fillOnExchange('buy');
      fillOnExchange('sell');
    });
    sim.faults.dropSockets('private');
    await down;
    const duringFills = exchangeFills().filter((f) => !before.has(f.execId));
    const during = duringFills.map((f) => f.execId);
    expect(ordersOf(duringFills)).toBe(2);
    await waitFor(() => s.store.getState().connection.private.state === 'subscribed');
    await waitStoredAll();
    for (const id of during) expect(pushed.has(id), `fill ${id} came over the socket`).toBe(false);

    // The app closes; a fill happens while it is away; a new session on the same file backfills it.
    await closeApp();
    fillOnExchange('buy');
    fillOnExchange('sell');
    await openApp();
    await waitStoredAll();
    const fills = exchangeFills();
    expect(ordersOf(fills)).toBe(8);
    expect(journal?.counts().fills).toBe(fills.length);

    // PnL by day: the sum of the fills' own PnL, per coin.
    const byDay = journal?.pnlBy('day', ALL) ?? [];
    const sum = (list: readonly Decimal[]) => list.reduce((a, b) => a.plus(b), new Decimal(0));
    for (const coin of new Set(fills.map((f) => f.coin))) {
      const fromFills = sum(fills.filter((f) => f.coin === coin).map((f) => new Decimal(f.pnl)));
      const fromDays = sum(byDay.filter((b) => b.coin === coin).map((b) => b.realized));
      expect(fromDays.toFixed(), coin).toBe(fromFills.toFixed());
    }
    expect(fills.some((f) => !new Decimal(f.pnl).isZero())).toBe(true);
    expect(byDay.reduce((n, b) => n + b.fills, 0)).toBe(fills.length);

    // Export → CSV → parsed back: the same rows.
    const rows = journal?.exportRows('fills', ALL) ?? [];
    expect(rows).toHaveLength(fills.length);
    expect(parseCsvObjects(toCsv(EXPORT_FIELDS.fills, rows))).toEqual(rows);
  });

  it('the palette opens the journal panel on the dashboard: the file\'s totals and fills, and a new fill once it is written', async () => {
    const s = session ?? (await openApp());
    await waitStoredAll();
    const app = await showDashboard(s, 160, 48);
    await app.press(':');
    await app.waitForText('type to filter commands and symbols');
    await afterEffects();
    await app.press('journal');
    await app.waitForText('Journal: open the trade journal');
    await app.press('\r');
    await app.waitForText('Journal · PnL by day · all time');
    await app.waitForText(`win ${winText(exchangeFills())}`);
    // One more fill on the socket: the panel shows it once the journal has written it (no key pressed).
    const before = exchangeFills().length;
    await s.api.trade.placeOrder({ ...PERP, side: 'buy', orderType: 'market', qty: '0.01', clientOid: `jr-app-${(seq += 1)}` });
    // Matched before the reply: its fills (one, or more when the best level was thin) are all there now.
    const after = exchangeFills().length;
    await app.waitForText(new RegExp(`USDT .* ${after} +(-|\\d+% \\d+/\\d+)`));
    // The journal layout (Ctrl-O: monitor, loans, journal) has the rows for every fill, newest first.
    await app.press('\u000f');
    await app.press('\u000f');
    await app.press('\u000f');
    await app.waitForText('layout journal');
    await app.press('v');
    await app.press('v');
    await app.press('v');
    await app.waitForText('fills · all time · all symbols · buy+sell');
    await app.waitForText(/┃ time +symbol +side/);
    const rows = app.frame().split('\n').filter((l) => / BTCUSDT +(buy|sell) /.test(l));
    expect(rows).toHaveLength(after);
    expect(rows[0]).toMatch(after === before + 1 ? / BTCUSDT +buy +0\.01 / : / BTCUSDT +buy /);
  });
});

/** The panel's win rate of these fills: wins over fills with a realized PnL ("67% 2/3"; "-" for none). */
function winText(fills: readonly { pnl: string }[]): string {
  const decided = fills.filter((f) => !new Decimal(f.pnl).isZero());
  const wins = decided.filter((f) => new Decimal(f.pnl).gt(0)).length;
  return decided.length === 0 ? '-' : `${Math.round((wins * 100) / decided.length)}% ${wins}/${decided.length}`;
}
