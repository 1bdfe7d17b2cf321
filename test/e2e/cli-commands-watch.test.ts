import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../src/exchange/rest/facade.js';
import { jsonOf, runCli, startCli, startCliSim, type CliSim } from '../helpers/cli-commands-rig.js';

/**
 * Issue 20, `utadash watch`. Description: the config file's alert rules run without the full
 * screen, one line per alert on stdout; `--once` checks once and exits 5 when a rule fired, 0 when
 * none did; without `--once` it runs until a signal. Setup: the embedded exchange on port 0; a
 * config file with price rules written per case. Run: the real CLI; a fill made by the test while
 * `watch` runs must come out as a line.
 */

let rig: CliSim;
let api: ExchangeApi;

beforeAll(async () => {
  rig = await startCliSim('utadash-cli-watch-');
  api = rig.api;
});

afterAll(async () => {
  await rig.close();
});

/** A config whose alert rules are `rules` (bell on, desktop notifications on). */
function alertConfig(rules: readonly Record<string, string>[]): unknown {
  return { alerts: { bell: true, notify: 'osc9', rules } };
}

describe('watch --once', () => {
  it('a rule that holds: one line on stdout, exit 5, no bell or escape into a pipe', async () => {
    rig.writeConfig(alertConfig([{ kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', above: '1' }, { kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', below: '1' }]));
    const run = await runCli(['watch', '--once'], rig.env);
    expect(run.code).toBe(5);
    expect(run.stdout).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z WARN BTCUSDT last price \d+(\.\d+)? crossed above 1\n$/);
    expect(run.stdout).not.toMatch(/[\x07\x1b]/);
  });

  it('no rule holds: exit 0 and nothing on stdout; --json gives one object a line', async () => {
    rig.writeConfig(alertConfig([{ kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', below: '1' }]));
    const quiet = await runCli(['watch', '--once'], rig.env);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toBe('');
    rig.writeConfig(alertConfig([{ kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', above: '1' }]));
    const json = await runCli(['watch', '--once', '--json'], rig.env);
    expect(json.code).toBe(5);
    expect(jsonOf<{ level: string; text: string }>(json)).toMatchObject({ level: 'warn', text: expect.stringMatching(/^ETHUSDT last price \S+ crossed above 1$/) as unknown });
  });

  it('a rule naming a symbol the exchange does not list is exit 2', async () => {
    rig.writeConfig(alertConfig([{ kind: 'price', category: 'USDT-FUTURES', symbol: 'NOSUCHUSDT', above: '1' }]));
    const run = await runCli(['watch', '--once'], rig.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^utadash: watch: an alert rule in \S+ names USDT-FUTURES:NOSUCHUSDT, which the exchange does not list\n$/);
  });
});

describe('watch', () => {
  it('prints a line for a fill made while it runs, and exits 0 on SIGTERM', async () => {
    rig.writeConfig({});
    const watch = startCli(['watch'], rig.env);
    await watch.waitFor('stderr', /watching \d+ alert rules on DEMO \(sim 6000000001\); Ctrl-C stops\n/);
    await api.trade.placeOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.01', clientOid: 'watch-fill-1' });
    await watch.waitFor('stdout', /INFO fill: buy 0\.01 BTCUSDT @ \S+ \(taker, fee /);
    watch.kill('SIGTERM');
    const end = await watch.exited;
    expect(end.code).toBe(0);
    await api.trade.closePositions({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  });
});
