import { cleanup } from 'ink-testing-library';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CountdownServices } from '../../services/app-services.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { CountdownPanel, countdownBar, windowFieldProblem } from './CountdownPanel.js';
import { afterEffects } from '../../../test/helpers/field-keys.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

/** Records arm/disarm calls; answers with `reply` (null = success). */
class RecordingCountdown implements CountdownServices {
  readonly calls: string[] = [];
  reply: string | null = null;
  constructor(private readonly store: AppStore) {}
  async arm(windowSec: number): Promise<string | null> {
    this.calls.push(`arm ${windowSec}`);
    if (this.reply === null) this.store.getState().setCountdownArmed(windowSec, NOW);
    return this.reply;
  }
  async disarm(): Promise<string | null> {
    this.calls.push('disarm');
    if (this.reply === null) this.store.getState().setCountdownDisarmed();
    return this.reply;
  }
  lastFailure(): unknown {
    return this.reply === null ? undefined : new Error(this.reply);
  }
}

function setup(width = 60, height = 10, now = NOW) {
  const store = createAppStore();
  store.getState().setFocus('countdown');
  const countdown = new RecordingCountdown(store);
  const view = renderPanel(<CountdownPanel focused width={width} height={height} now={now} />, { store, services: unusedServices({ countdown }), columns: width, rows: height });
  return { store, countdown, view };
}

function expectFits(frame: string, width: number, height: number) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(height);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(width);
}

afterEach(() => cleanup());

describe('CountdownPanel', () => {
  it('shows OFF until armed; a, digits, Enter reviews, y arms with the typed window (Enter never sends)', async () => {
    const { countdown, view } = setup();
    await view.waitForText('OFF');
    await view.waitForText('off: a arms the dead-man switch');
    await view.press('a');
    await view.waitForText('Window');
    await view.press('1');
    await view.press('5');
    await view.waitForText('15▌');
    await view.press('\r');
    await view.waitForText('Send? arm countdown=15: y sends');
    await view.press('\r');
    await afterEffects();
    expect(countdown.calls).toEqual([]);
    await view.press('y');
    await waitFor(() => countdown.calls.length > 0);
    expect(countdown.calls).toEqual(['arm 15']);
    await view.waitForText('ARMED');
    await view.waitForText('window 15s');
    await view.waitForText('arm: done');
    expectFits(view.frame(), 60, 10);
  });

  it('"a 15 Enter" in one chunk reviews 15 s; a y in that chunk does not send, a y of its own does', async () => {
    const { countdown, view, store } = setup();
    await view.waitForText('OFF');
    await view.press('a15\ry');
    await view.waitForText('arm countdown=15');
    await waitFor(() => store.getState().ui.log.some((l) => l.text.includes('press it on its own')));
    expect(countdown.calls).toEqual([]);
    await view.press('y');
    await waitFor(() => countdown.calls.length > 0);
    expect(countdown.calls).toEqual(['arm 15']);
  });

  it('Enter on an empty field arms the default 30 s; typed letters never reach hotkeys while editing', async () => {
    const { countdown, view, store } = setup();
    await view.press('a');
    await view.waitForText('Window');
    // A letter typed into the window is refused with a hint; it runs no command (z would disarm).
    await view.press('z');
    await waitFor(() => store.getState().ui.hint?.text.includes('the window takes whole seconds') ?? false);
    await view.press('3');
    await view.waitForText('3▌');
    await view.press('\r');
    await view.waitForText('the window must be 5 to 60 seconds (got 3)');
    expect(countdown.calls).toEqual([]);
    await view.press('\x7f');
    await view.waitForText('30▌');
    await view.press('\r');
    await view.waitForText('countdown=30');
    await view.press('y');
    await waitFor(() => countdown.calls.length > 0);
    expect(countdown.calls).toEqual(['arm 30']);
  });

  it('refuses a window out of range with the reason and sends nothing; Esc closes the field', async () => {
    const { countdown, view } = setup();
    await view.press('a');
    await view.press('4');
    await view.waitForText('4▌');
    await view.press('\r');
    await view.waitForText('the window must be 5 to 60 seconds (got 4)');
    await view.press('\x1b');
    await waitFor(() => !view.frame().includes('Window'));
    expect(countdown.calls).toEqual([]);
  });

  it('leaving the panel ends the edit', async () => {
    const store = createAppStore();
    store.getState().setFocus('countdown');
    const Focused = () => {
      const focus = useAppStore((s) => s.ui.focus);
      return <CountdownPanel focused={focus === 'countdown'} width={60} height={10} now={NOW} />;
    };
    const view = renderPanel(<Focused />, { store, services: unusedServices({ countdown: new RecordingCountdown(store) }), columns: 60, rows: 10 });
    await view.press('a');
    await view.waitForText('Window');
    store.getState().setFocus('book');
    await waitFor(() => !view.frame().includes('Window'));
  });

  it('shows the bar of the time left and the last ack age, moving with the now prop', async () => {
    const store = createAppStore();
    const clock = { t: NOW + 13_000, subs: new Set<() => void>() };
    const Clocked = () => {
      const now = useSyncExternalStore(
        (cb) => {
          clock.subs.add(cb);
          return () => clock.subs.delete(cb);
        },
        () => clock.t,
      );
      return <CountdownPanel focused width={60} height={10} now={now} />;
    };
    const view = renderPanel(<Clocked />, { store, services: unusedServices({ countdown: new RecordingCountdown(store) }), columns: 60, rows: 10 });
    store.getState().setCountdownArmed(30, NOW);
    await view.waitForText('ARMED');
    await view.waitForText(countdownBar(17_000, 30, 58));
    await view.waitForText('last ack 13s ago (12:00:00)');
    clock.t = NOW + 20_000;
    for (const cb of clock.subs) cb();
    await view.waitForText(countdownBar(10_000, 30, 58));
    expect(view.frame()).toContain('10s');
    expectFits(view.frame(), 60, 10);
  });

  it('turns FAILING with the reason and when the exchange will cancel', async () => {
    const { store, view } = setup(100, 10, NOW + 2000);
    store.getState().setCountdownArmed(10, NOW);
    store.getState().setCountdownFailing('private socket reconnecting');
    await view.waitForText('FAILING');
    await view.waitForText('renewals stopped: private socket reconnecting — orders cancel at 12:00:10 (in 8s)');
    expectFits(view.frame(), 100, 10);
  });

  it('shows FIRED after the exchange cancelled on expiry', async () => {
    const { store, view } = setup();
    store.getState().setCountdownArmed(5, NOW);
    store.getState().setCountdownFired(NOW + 5600);
    await view.waitForText('FIRED');
    await view.waitForText('expired at 12:00:05: the exchange cancelled all UTA orders');
  });

  it('r re-arms with the current window and z disarms, each after its review and y; both refuse with a reason when not armed', async () => {
    const { store, countdown, view } = setup();
    await view.press('r');
    await waitFor(() => store.getState().ui.log.length > 0);
    expect(store.getState().ui.log.at(-1)?.text).toBe('Re-arm now (asks first): the countdown is not armed (a arms it)');
    expect(countdown.calls).toEqual([]);
    store.getState().setCountdownArmed(20, NOW);
    await view.waitForText('window 20s');
    await view.press('r');
    await view.waitForText('Send? re-arm countdown=20: y sends');
    await view.press('\x1b');
    await afterEffects();
    expect(countdown.calls).toEqual([]);
    await view.press('r');
    await view.waitForText('Send? re-arm');
    await view.press('y');
    await waitFor(() => countdown.calls.length === 1);
    await view.waitForText('re-arm: done');
    await view.press('z');
    await view.waitForText('countdown=0');
    await view.press('y');
    await waitFor(() => countdown.calls.length === 2);
    expect(countdown.calls).toEqual(['arm 20', 'disarm']);
    await view.waitForText('OFF');
  });

  it('shows a failed action in the panel', async () => {
    const { store, countdown, view } = setup();
    store.getState().setCountdownArmed(20, NOW);
    countdown.reply = 'EXCH_NETWORK connection reset';
    await view.waitForText('ARMED');
    await view.press('z');
    await view.waitForText('countdown=0');
    await view.press('y');
    await view.waitForText('disarm failed: EXCH_NETWORK connection reset');
    expect(store.getState().countdown.armed).toBe(true);
  });

  it('without API keys every key is disabled with the reason', async () => {
    const store = createAppStore();
    store.getState().setFocus('countdown');
    const view = renderPanel(<CountdownPanel focused width={40} height={8} now={NOW} />, { store, services: unusedServices({ countdown: null }), columns: 40, rows: 8 });
    await view.waitForText('no API keys');
    await view.press('a');
    await waitFor(() => store.getState().ui.log.length > 0);
    expect(store.getState().ui.log.at(-1)?.text).toBe('Arm the countdown (enter a window, 5–60 s): no API keys');
    expect(view.frame()).not.toContain('Window');
  });

  it('fits the minimum size (30×6) in every state, keeping the state, the bar and the failure', async () => {
    const { store, view } = setup(30, 6, NOW + 4000);
    store.getState().setCountdownArmed(10, NOW);
    store.getState().setCountdownFailing('REST failing: EXCH_NETWORK');
    await view.waitForText('FAILING');
    await view.waitForText('renewals stopped');
    const frame = view.frame();
    expect(frame).toContain('░');
    expectFits(frame, 30, 6);
    await view.press('a');
    await view.waitForText('Window');
    expectFits(view.frame(), 30, 6);
  });
});

describe('countdown panel helpers', () => {
  it('bar and window rules', () => {
    expect(countdownBar(15_000, 30, 15)).toBe('█████░░░░░  15s');
    expect(countdownBar(0, 30, 15)).toBe('░░░░░░░░░░   0s');
    expect(countdownBar(30_000, 30, 10)).toBe('█████  30s');
    expect(windowFieldProblem('5')).toBeNull();
    expect(windowFieldProblem('60')).toBeNull();
    expect(windowFieldProblem('61')).toBe('the window must be 5 to 60 seconds (got 61)');
    expect(windowFieldProblem('')).toBe('enter whole seconds from 5 to 60');
  });
});
