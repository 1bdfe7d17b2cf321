/**
 * Description: issue 15 must-show — the keystroke fuzz. The whole dashboard on the embedded exchange
 * is driven by thousands of random key chunks (bound keys, digits, text, Enter, Esc, Tab, arrows,
 * Space, Alt-digits, pastes), with a complete order typed into the ticket at the start of every
 * round. No write reaches the exchange unless a chunk that began with `y` arrived while a review was
 * on screen, and nothing throws.
 * Setup: the desk rig (embedded exchange on port 0, a real session, the whole app at 160x48); every
 * operation the exchange executes is recorded at `exchange.handle` (REST and socket alike).
 * Run: seeded (FUZZ_SEED, default below; round r draws from seed + r), so a failure replays with the
 * seed and round it prints. Each chunk is one stdin write; the next one goes after the app has
 * handled it (effects flushed). The 8 rounds are split over four files (keystroke-fuzz-1..4, two
 * rounds each, each with its own rig) so that two workers share them.
 * Checked twice. At the services: every write the UI starts (an order-service or countdown method,
 * a write operation through `services.exchange.call`) is recorded with the chunk being handled,
 * and that chunk must begin with a key that sends (`y`; `d` on the quit-with-countdown prompt)
 * typed while a review was on screen. At the wire: a write is an operation the catalogue marks
 * `write`, except the countdown's own renewals while armed (what arming asked for); they may never
 * outnumber those chunks.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_CATALOG } from '../../src/services/operation-catalog.js';
import { createRng } from '../../src/domain/rng.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { DEFAULT_BINDINGS } from '../../src/ui/keys/bindings.js';
import { afterEffects, KEY, rec, startDeskRig, type DeskRig } from './desk-rig.js';
import { waitFor } from './wait-for.js';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261126);
/** Rounds in all (over the four files), each starting on a filled ticket's review. */
export const FUZZ_ROUNDS = 8;
const CHUNKS_PER_ROUND = 250;

/** Raw bytes of the named keys the bindings use. */
const NAMED: Readonly<Record<string, string>> = {
  enter: KEY.enter, escape: KEY.escape, tab: KEY.tab, 'shift+tab': '\u001B[Z', up: KEY.up, down: KEY.down, left: KEY.left, right: KEY.right,
  pageup: '\u001B[5~', pagedown: '\u001B[6~', home: '\u001B[H', end: '\u001B[F', backspace: KEY.backspace, space: ' ',
};

/** Every key of the bindings table as terminal input (Ctrl and Alt chords included). */
function boundKeys(): string[] {
  const out = new Set<string>();
  for (const b of DEFAULT_BINDINGS) {
    for (const k of b.keys) {
      if (k.length === 1) out.add(k);
      else if (NAMED[k] !== undefined) out.add(NAMED[k]);
      else if (/^ctrl\+[a-z]$/.test(k)) out.add(String.fromCharCode(k.charCodeAt(5) - 96));
      else if (/^alt\+.$/.test(k)) out.add(`\u001B${k.slice(4)}`);
    }
  }
  return [...out];
}

const WRITES = new Set(OPERATION_CATALOG.list().filter((o) => o.write).map((o) => o.id));
/** What a review on screen says (ticket, orders, positions, loans, desk, ladder, countdown, quit). */
const REVIEW_ON_SCREEN = /y: yes|y yes|y sends|Place this order\?|press y|y: |Send\?|Send this\?|Yes, do it|\(y\/n\)|\[d\]isarm and quit/;
/** What the services offer that writes (trading and countdown methods). */
const TRADING_WRITES = ['submitOrder', 'submitBatch', 'modifyOrder', 'cancelOrder', 'cancelAll', 'cancelBatch', 'modifyBatch', 'closePosition', 'closeAll', 'reducePosition'] as const;
const COUNTDOWN_WRITES = ['arm', 'rearm', 'disarm'] as const;
/** Keys pressed at a review. */
const AT_A_REVIEW = ['n', KEY.escape, KEY.enter, `${KEY.enter}${KEY.enter}`, ' ', 'o', 'j', 'k', KEY.tab, 'yy', `o${KEY.enter}`, `${KEY.enter}y`, 'ny'];

/** Closes whatever is open (Escape until no overlay), focuses the ticket, types a limit buy and opens its review. */
async function prefillTicket(rig: DeskRig): Promise<void> {
  const { app, session } = rig;
  for (let i = 0; i < 6 && session.store.getState().ui.overlay !== null; i += 1) {
    await app.press(KEY.escape);
    await afterEffects();
  }
  if (session.store.getState().ui.overlay === 'quit' || session.store.getState().ui.overlay === 'quitcountdown') await app.press(KEY.escape);
  await waitFor(() => session.store.getState().ui.overlay === null, () => `overlay ${String(session.store.getState().ui.overlay)}\n${app.frame()}`);
  await app.press('\u001B2');
  await waitFor(() => session.store.getState().ui.focus === 'ticket', () => app.frame());
  await afterEffects();
  const s = session.store.getState();
  const bid = s.market.books[symbolKey(s.market.selected)]?.bids[0]?.price;
  const price = new Decimal(bid ?? '90000').mul(0.99).floor().toFixed();
  // Up past the top, down to price: a resting text field takes the digits at once.
  await app.press(`${KEY.escape}`);
  await afterEffects();
  for (let i = 0; i < 16; i += 1) await app.press('k');
  await app.press('j');
  await app.press('j');
  await afterEffects();
  await app.press(price);
  await afterEffects();
  await app.press(KEY.enter);
  await app.press('j');
  await afterEffects();
  await app.press('0.01');
  await afterEffects();
  await app.press(KEY.enter);
  await afterEffects();
  // Every round starts on the ticket's review: the keys that follow meet a confirmation at once.
  await app.press('o');
  await afterEffects();
}

/**
 * Registers the fuzz of rounds `first` to `first + count - 1` (of FUZZ_ROUNDS) on a rig of its own:
 * the body of one keystroke-fuzz-N file.
 */
export function fuzzRounds(first: number, count: number): void {
  let rig: DeskRig;
  const writes: string[] = [];
  /** Writes the UI started, with the index of the chunk being handled then. */
  const started: { readonly chunk: number; readonly what: string }[] = [];
  let chunkIndex = -1;
  const thrown: unknown[] = [];
  const onError = (e: unknown) => void thrown.push(e);

  beforeAll(async () => {
    rig = await startDeskRig({ seed: 11 });
    const original = rig.sim.exchange.handle.bind(rig.sim.exchange);
    rig.sim.exchange.handle = (opId, uid, params) => {
      // The countdown renews itself while armed: that is what the reviewed arming asked for.
      const renewal = opId === 'trade.countdownCancelAll' && rig.session.store.getState().countdown.armed && String(rec(params)['countdown']) !== '0';
      if (WRITES.has(opId) && !renewal) writes.push(opId);
      return original(opId, uid, params);
    };
    // Record each write the UI starts with the chunk it came from (our own service objects, wrapped
    // in place: the app holds the same instances).
    const wrap = (target: object | null, names: readonly string[], label: string) => {
      if (!target) return;
      const t = target as Record<string, unknown>;
      for (const name of names) {
        const original = t[name];
        if (typeof original !== 'function') continue;
        t[name] = (...args: unknown[]) => {
          started.push({ chunk: chunkIndex, what: `${label}.${name}` });
          return (original as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
    };
    wrap(rig.session.services.trading, TRADING_WRITES, 'trading');
    wrap(rig.session.services.countdown, COUNTDOWN_WRITES, 'countdown');
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
  });

  afterAll(async () => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
    await rig.close();
  });

  describe(`keystroke fuzz, rounds ${first + 1}–${first + count} of ${FUZZ_ROUNDS}`, () => {
    it(`no write without a review and its y, nothing throws (seed ${SEED})`, async () => {
      // Each round draws from its own seed (seed + round), so one round replays alone.
      let rng = createRng(SEED + first);
      const random = () => rng.next();
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
      const bound = boundKeys();
      const named = Object.values(NAMED);
      const text = '0123456789.-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
      const token = (): string => {
        const r = random();
        if (r < 0.4) return pick(bound);
        if (r < 0.55) return pick('0123456789.'.split(''));
        if (r < 0.7) return pick(named);
        if (r < 0.78) return `\u001B${pick('0123456789'.split(''))}`;
        if (r < 0.86) return Array.from({ length: 3 + Math.floor(random() * 8) }, () => pick(text.split(''))).join('');
        return pick(text.split(''));
      };
      let allowed = 0;
      const log: string[] = [];
      const chunks: { readonly text: string; readonly reviewShown: boolean }[] = [];
      let uiCallsSeen = rig.uiCalls.length;
      for (let round = first; round < first + count; round += 1) {
        rng = createRng(SEED + round);
        chunkIndex = -1;
        await prefillTicket(rig);
        for (let c = 0; c < CHUNKS_PER_ROUND; c += 1) {
          // At a review, a third of the chunks are a y of its own and a third a key people press there
          // (n, Esc, Enter, Space, o, j, k, Tab, y with more keys), so writes happen and every way out is tried.
          const reviewShown = REVIEW_ON_SCREEN.test(rig.app.frame());
          const r = random();
          const chunk = reviewShown && r < 0.35 ? 'y' : reviewShown && r < 0.7 ? pick(AT_A_REVIEW) : !reviewShown && r < 0.0625 ? 'y' : Array.from({ length: 1 + Math.floor(random() * 4) }, token).join('');
          if ((chunk.startsWith('y') || chunk.startsWith('d')) && reviewShown) allowed += 1;
          log.push(JSON.stringify(chunk));
          if (log.length > 40) log.shift();
          chunkIndex = chunks.length;
          chunks.push({ text: chunk, reviewShown });
          await rig.app.press(chunk);
          await afterEffects();
          await afterEffects();
          // Write operations the UI asked for through the generic call (desk and loan forms).
          for (const call of rig.uiCalls.slice(uiCallsSeen)) if (WRITES.has(call.id)) started.push({ chunk: chunkIndex, what: call.id });
          uiCallsSeen = rig.uiCalls.length;
          for (const w of started.filter((x) => x.chunk === chunkIndex)) {
            const ok = (chunk.startsWith('y') || chunk.startsWith('d')) && reviewShown;
            expect(ok, `seed ${SEED} round ${round} chunk ${c}: ${w.what} started by ${JSON.stringify(chunk)} (review on screen before it: ${String(reviewShown)}); last chunks: ${log.join(' ')}\n${rig.app.frame()}`).toBe(true);
          }
          expect(writes.length, `seed ${SEED} round ${round} chunk ${c}: ${writes.length} writes (${writes.slice(-3).join(', ')}) for ${allowed} y on a review; last chunks: ${log.join(' ')}\n${rig.app.frame()}`).toBeLessThanOrEqual(allowed);
        }
      }
      // Writes in flight land; the count still holds, and the app still draws.
      // Waits on the store's own change events until no submission is sending (the test's timeout bounds it).
      const { store } = rig.session;
      const settled = () => Object.values(store.getState().orders.submissions).every((s) => s.state !== 'sending');
      await new Promise<void>((resolve) => {
        if (settled()) return resolve();
        const off = store.subscribe(() => {
          if (!settled()) return;
          off();
          resolve();
        });
      });
      expect(writes.length).toBeLessThanOrEqual(allowed);
      expect(thrown).toEqual([]);
      await rig.app.waitForText('DEMO');
      expect(started.every((w) => w.chunk >= 0)).toBe(true);
      console.log(`keystroke fuzz: seed ${SEED} rounds ${first + 1}–${first + count}, ${count * CHUNKS_PER_ROUND} chunks, ${allowed} y on a review, ${started.length} writes started (${[...new Set(started.map((w) => w.what))].join(', ')}), ${writes.length} reached the exchange`);
    }, 180_000);
  });
}
