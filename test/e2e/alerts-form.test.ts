/**
 * Description: issue 17 item 4 — an alert rule added from inside the app. Through the command
 * palette's "Add an alert…" form (kind, fields, review, y) a price alert on the focused instrument's
 * mark price goes live at once, is saved in the config file's rule shape, and fires on the embedded
 * exchange when the price crosses; "List alerts" shows it added here and FIRED, and removes it
 * (d, y), which saves again. Rules saved by an earlier run come back at start; a bad one is skipped
 * with a warning in the event log.
 * Setup: `startSim()` on 127.0.0.1 port 0, a real session (RestClient, StreamClient, services,
 * store) with the built-in alert rules and an alert persistence holding one good and one bad saved
 * rule, the whole app rendered at 160x48.
 * Run: `:` "add an alert" Enter; Enter (price); j j j to the level, type 2 % above the mark, Enter;
 * j, → (mark); o, y. Then shock BTC +5 % and wait for the alert; `:` "list alerts" Enter; j ×7, d, y.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { parseStoredAlertRules, type AlertRuleJson } from '../../src/domain/alert-config.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { afterEffects } from '../helpers/field-keys.js';
import type { renderApp } from '../helpers/render-app.js';
import { closeDashboard, showDashboard, simEndpoint } from '../helpers/sim-dashboard.js';
import { waitFor } from '../helpers/wait-for.js';

const ENTER = '\r';
const RIGHT = '\u001B[C';

let sim: SimHandle;
let session: Session;
let app: ReturnType<typeof renderApp>;
/** Every list of rules the app saved, in order. */
const saves: (readonly AlertRuleJson[])[] = [];

function mark(): Decimal | null {
  return session.store.getState().market.tickers['USDT-FUTURES:BTCUSDT']?.markPrice ?? null;
}

function logTexts(): string[] {
  return session.store.getState().ui.log.map((l) => `${l.level} ${l.text}`);
}

/** Opens the palette, types `query`, waits until `entry` is the selected match, runs it. */
async function runFromPalette(query: string, entry: string): Promise<void> {
  await app.press(':');
  await waitFor(() => session.store.getState().ui.overlay === 'palette', () => app.frame());
  await app.waitForText('type to filter');
  await afterEffects();
  await app.press(query);
  await app.waitForText(`› ${entry}`);
  await app.press(ENTER);
}

beforeAll(async () => {
  sim = await startSim({ seed: 11 });
  session = await openSession(
    simEndpoint(sim),
    {
      alertPersistence: {
        saved: [{ kind: 'marginRatio', above: '0.9' }, { kind: 'price', symbol: 'BTCUSDT' }],
        save: (rules) => {
          saves.push(rules);
          return null;
        },
      },
    },
  );
  await waitFor(() => mark());
  app = await showDashboard(session);
});

afterAll(async () => closeDashboard(session, sim));

describe('alert rules from the palette form (issue 17 item 4)', () => {
  it('saved rules come back (a bad one skipped with a warning); a rule added through the form fires on a crossing, is saved, listed and removed', async () => {
    expect(logTexts()).toContain('warn saved alert rule 2.above (or .below) is missing: the price level as a decimal string like "100000": skipped (it is not kept once the rules change)');
    expect(session.services.alerts?.rules().map((e) => `${e.source} ${e.rule.kind}`).at(-1)).toBe('added marginRatio');

    // The form: price (the first kind) on the focused instrument, 2 % above the mark, on the mark price.
    const level = (mark() ?? new Decimal(0)).times('1.02').toDecimalPlaces(0).toFixed();
    await runFromPalette('add an alert', 'Add an alert…');
    await app.waitForText('› price crosses a level');
    await app.press(ENTER);
    await app.waitForText(/category\s+‹ USDT-FUTURES ›/);
    expect(app.frame()).toMatch(/symbol\s+BTCUSDT/);
    await afterEffects();
    await app.press('jjj');
    await app.press(level);
    await app.waitForText(`${level}▌`);
    await app.press(`${ENTER}j`);
    await app.press(RIGHT);
    await app.waitForText('‹ mark ›');
    await app.press('o');
    await app.waitForText('Add this alert?');
    expect(app.frame()).toContain(`alerts when USDT-FUTURES BTCUSDT mark price crosses above ${level}`);
    await afterEffects();
    await app.press('y');
    await waitFor(() => session.store.getState().ui.overlay === null, () => app.frame());
    expect(logTexts()).toContain(`info alert added: USDT-FUTURES BTCUSDT mark price crosses above ${level}`);

    // Saved in the config file's rule shape, next to the rule saved before; it reads back as the same rule.
    const saved = saves.at(-1) ?? [];
    expect(saved).toEqual([
      { kind: 'marginRatio', above: '0.9', bandPoints: '1' },
      { kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', source: 'mark', above: level, bandPct: '0.1' },
    ]);
    const entries = session.services.alerts?.rules() ?? [];
    expect(parseStoredAlertRules(JSON.parse(JSON.stringify(saved))).rules).toEqual(entries.filter((e) => e.source === 'added').map((e) => e.rule));
    expect(logTexts().filter((t) => t.includes('crossed above'))).toEqual([]);

    // The exchange's BTC moves 5 % up: the alert fires once, in the log and the banner.
    sim.exchange.shockPrice('USDT-FUTURES', 'BTCUSDT', new Decimal('1.05'));
    sim.exchange.tick(sim.exchange.now());
    await waitFor(() => mark()?.gte(level), () => `mark ${String(mark())}, level ${level}`);
    await app.waitForText(new RegExp(` ! BTCUSDT mark price \\d+(\\.\\d+)? crossed above ${level}`));
    expect(logTexts().filter((t) => t.includes(`crossed above ${level}`))).toEqual([expect.stringMatching(new RegExp(`^warn BTCUSDT mark price \\d+(\\.\\d+)? crossed above ${level}$`))]);

    // The list: config rules, the saved one and the new one (FIRED); d then y removes it and saves.
    await runFromPalette('list alerts', 'List alerts');
    await app.waitForText('Alerts — 8 active rules');
    expect(app.frame()).toMatch(/config\s+armed\s+a loan within 5 points of its margin call/);
    expect(app.frame()).toMatch(new RegExp(`added here\\s+FIRED\\s+USDT-FUTURES BTCUSDT mark price crosses above ${level}`));
    await afterEffects();
    await app.press('jjjjjjj');
    await app.waitForText(new RegExp(`› added here\\s+FIRED\\s+USDT-FUTURES BTCUSDT`));
    await app.press('d');
    await app.waitForText(`Remove "USDT-FUTURES BTCUSDT mark price crosses above ${level}"?`);
    await afterEffects();
    await app.press('y');
    await app.waitForText('Alerts — 7 active rules');
    expect(saves.at(-1)).toEqual([{ kind: 'marginRatio', above: '0.9', bandPoints: '1' }]);
    expect(logTexts()).toContain(`info alert removed: USDT-FUTURES BTCUSDT mark price crosses above ${level}`);
  });
});
