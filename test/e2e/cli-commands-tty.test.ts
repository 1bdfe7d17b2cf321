import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../src/exchange/rest/facade.js';
import { APP_BIN } from '../helpers/app-bin.js';
import { nearBuyPrice, openOrdersOn, restWrites, startCliSim, type CliSim } from '../helpers/cli-commands-rig.js';
import { runInPty } from '../helpers/pty.js';

/**
 * Issue 20, the commands on a terminal. Description: a write asks y/N after its summary (never a
 * silent send, never both); `n` sends nothing, `y` sends; a guard warning needs the word `yes`.
 * `watch` on a terminal rings the bell and sends the desktop-notification escape the config asks
 * for. Setup: the embedded exchange on port 0; the real CLI on a pseudo-terminal (python3 pty).
 * Run: the prompt is waited for on the screen, then answered.
 */

let rig: CliSim;
let api: ExchangeApi;

beforeAll(async () => {
  rig = await startCliSim('utadash-cli-tty-');
  api = rig.api;
});

afterAll(async () => {
  await rig.close();
});

async function openOrderIds(): Promise<string[]> {
  return (await openOrdersOn(api)).map((o) => o.orderId);
}

describe('the y/N prompt', () => {
  it('n sends nothing (exit 1); y sends (exit 0)', async () => {
    const price = await nearBuyPrice(api);
    const command = [process.execPath, APP_BIN, 'order', 'place', 'BTCUSDT', 'buy', '0.01', price];
    const writes = restWrites(rig.requests).length;
    const events = rig.orderEvents.length;
    const no = await runInPty(command, [{ waitFor: 'Send? [y/N] ' }, { send: 'n\r' }], { timeoutSec: 60, env: rig.env });
    expect(no.failedStep).toBeNull();
    expect(no.exitCode).toBe(1);
    expect(no.output).toContain(`place buy 0.01 BTCUSDT @ ${price} on DEMO`);
    expect(no.output).toContain('utadash: order place: not sent: not confirmed');
    expect(restWrites(rig.requests)).toHaveLength(writes);
    expect(rig.orderEvents).toHaveLength(events);
    const yes = await runInPty(command, [{ waitFor: 'Send? [y/N] ' }, { send: 'y\r' }], { timeoutSec: 60, env: rig.env });
    expect(yes.exitCode).toBe(0);
    const id = /accepted order (\d+) clientOid/.exec(yes.output)?.[1];
    expect(await openOrderIds()).toEqual([id]);
    await api.trade.cancelSymbolOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  });

  it('with a guard warning, y is not enough: the word yes sends', async () => {
    const command = [process.execPath, APP_BIN, 'order', 'place', 'BTCUSDT', 'buy', '0.01', '50000'];
    const events = rig.orderEvents.length;
    const y = await runInPty(command, [{ waitFor: 'Type yes to send: ' }, { send: 'y\r' }], { timeoutSec: 60, env: rig.env });
    expect(y.exitCode).toBe(1);
    expect(y.output).toMatch(/warning: limit 50000 is [\d.]+% below mark/);
    expect(rig.orderEvents).toHaveLength(events);
    const word = await runInPty(command, [{ waitFor: 'Type yes to send: ' }, { send: 'yes\r' }], { timeoutSec: 60, env: rig.env });
    expect(word.exitCode).toBe(0);
    expect((await openOrderIds()).length).toBe(1);
    await api.trade.cancelSymbolOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  });
});

describe('watch on a terminal', () => {
  it('rings the bell and sends OSC 9 as the config says', async () => {
    rig.writeConfig({ alerts: { bell: true, notify: 'osc9', rules: [{ kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', above: '1' }] } });
    const r = await runInPty([process.execPath, APP_BIN, 'watch', '--once'], [], { timeoutSec: 60, env: rig.env });
    expect(r.exitCode).toBe(5);
    expect(r.output).toContain('\x07');
    expect(r.output).toMatch(/\x1b\]9;utadash: BTCUSDT last price \S+ crossed above 1\x07/);
  });
});
