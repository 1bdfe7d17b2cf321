/**
 * Description: issue 17 item 4 — alerts against the embedded exchange. A loan driven past its
 * margin call fires once: an event-log line, the banner on screen, the bell and the desktop
 * notification (OSC 9 and OSC 777) through the one injected terminal writer. While the ratio
 * jitters around the line (inside the hysteresis band) nothing fires again; once it recovers past
 * the band the alert re-arms (logged, banner gone), and the next crossing fires again.
 * Setup: `startSim()` on 127.0.0.1 port 0, a real session (RestClient, StreamClient, services,
 * store) with `alerts` parsed from config JSON (one rule: loanMarginCall at the line, band 3
 * points; bell on, notify on), loans polled every 200 ms, the whole app rendered at 160x48.
 * Run: borrow 20000 USDT against BTC (ratio 65%); move BTC so the ratio reads 84%, 82%, 78.5%,
 * 81%, 70%, 85%, each time waiting until the store holds the new ratio (never a fixed time).
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { parseAlertSettings } from '../../src/domain/alert-config.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import type { renderApp } from '../helpers/render-app.js';
import { closeDashboard, showDashboard, simEndpoint } from '../helpers/sim-dashboard.js';
import { waitFor } from '../helpers/wait-for.js';

const BEL = '\x07';
const TEXT = 'passed the margin call at 80.0%: add collateral or repay';

let sim: SimHandle;
let session: Session;
let app: ReturnType<typeof renderApp>;
/** Everything the alert service wrote to the "terminal". */
const written: string[] = [];
let orderId = '';

/** The loan's ratio as the exchange reports it now (printed in percent there). */
function exchangeRatio(): Decimal {
  const list = sim.exchange.handle('loan.getOngoing', sim.uid, {}) as Record<string, unknown>[];
  const loan = list.find((l) => l['orderId'] === orderId);
  return new Decimal(String(loan?.['pledgeRate'])).div(100);
}

function storeRatio(): Decimal | null {
  return session.store.getState().loans.ongoing.find((l) => l.orderId === orderId)?.pledgeRate ?? null;
}

/** Moves the BTC price so the loan's ratio is about `target`, and waits until the store holds it. */
async function driveRatioTo(target: string): Promise<void> {
  sim.exchange.shockPrice('SPOT', 'BTCUSDT', exchangeRatio().div(target));
  sim.exchange.tick(sim.exchange.now());
  await waitFor(() => storeRatio()?.minus(target).abs().lt('0.004'), () => `store ratio ${String(storeRatio())}, wanted ≈${target}`);
}

function alertLines(): string[] {
  return session.store.getState().ui.log.filter((l) => l.text.startsWith(`loan ${orderId} `)).map((l) => `${l.level} ${l.text}`);
}

beforeAll(async () => {
  sim = await startSim({ seed: 11 });
  const alerts = parseAlertSettings(JSON.parse('{"bell":true,"notify":true,"rules":[{"kind":"loanMarginCall","withinPoints":"0","bandPoints":"3"}]}'));
  session = await openSession(
    simEndpoint(sim),
    { alerts, terminalWrite: (s) => void written.push(s), loanPollMs: 200 },
  );
  await waitFor(() => session.store.getState().account.summary);
  app = await showDashboard(session);
});

afterAll(async () => closeDashboard(session, sim));

describe('alerts on the embedded exchange (issue 17)', () => {
  it('a loan past its margin call alerts once per crossing: log, banner, bell, OSC 9/777; hysteresis holds it on jitter', async () => {
    const reply = (await session.services.exchange.call('loan.borrow', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', loanAmount: '20000' })) as { orderId?: string };
    orderId = String(reply.orderId);
    await waitFor(() => storeRatio());
    expect(storeRatio()?.lt('0.7')).toBe(true);
    expect(written).toEqual([]);

    // Past the line: one alert, everywhere it should go.
    await driveRatioTo('0.84');
    await app.waitForText(TEXT);
    expect(app.frame()).toContain(` ! loan ${orderId} USDT/BTC: ratio`);
    expect(session.store.getState().ui.banner?.level).toBe('warn');
    expect(alertLines()).toEqual([expect.stringMatching(new RegExp(`^warn loan ${orderId} USDT/BTC: ratio 8\\d\\.\\d% ${TEXT.replace(/[.()]/g, '\\$&')}$`))]);
    expect(written).toHaveLength(2);
    expect(written[0]).toBe(BEL);
    expect(written[1]).toMatch(new RegExp(`^\\x1b\\]9;utadash: loan ${orderId} USDT/BTC: ratio 8\\d\\.\\d% passed the margin call at 80\\.0%: add collateral or repay\\x07\\x1b\\]777;notify;utadash;loan ${orderId} USDT/BTC: .*\\x07$`));

    // Jitter around the line, never 3 points below it: nothing more.
    for (const ratio of ['0.82', '0.785', '0.81']) await driveRatioTo(ratio);
    expect(written).toHaveLength(2);
    expect(alertLines()).toHaveLength(1);
    expect(app.frame()).toContain(TEXT);

    // Recovered past the band: re-armed, logged, the banner goes.
    await driveRatioTo('0.70');
    await waitFor(() => alertLines().length === 2, () => alertLines().join('\n'));
    expect(alertLines()[1]).toMatch(/^info loan \d+ USDT\/BTC: ratio 7\d\.\d% back below margin call 80\.0%$/);
    await waitFor(() => !app.frame().includes(TEXT), () => app.frame());
    expect(session.store.getState().ui.banner).toBeNull();
    expect(written).toHaveLength(2);

    // The next crossing fires again.
    await driveRatioTo('0.85');
    await app.waitForText(TEXT);
    expect(alertLines()).toHaveLength(3);
    expect(alertLines()[2]).toMatch(/^warn .* passed the margin call/);
    expect(written).toHaveLength(4);
    expect(written[2]).toBe(BEL);
    expect(written[3]).toMatch(/^\x1b\]9;utadash: loan \d+ USDT\/BTC: ratio 8\d\.\d% passed the margin call/);
  });
});
