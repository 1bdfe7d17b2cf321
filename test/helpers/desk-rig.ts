/**
 * The rig of the desk e2e files: the embedded exchange on 127.0.0.1 port 0 with its access log, a
 * real session (RestClient, StreamClient, services, store), the whole app rendered at a fixed size,
 * and recorders of what reached the exchange (`exchange.handle` calls), what the UI asked for
 * (`services.exchange.call`) and the terminal bell. Every action in the tests is a keystroke.
 */
import { cleanup } from 'ink-testing-library';
import { openSession, type Session } from '../../src/cli/session.js';
import type { AppServices } from '../../src/services/app-services.js';
import type { IntervalTimer } from '../../src/services/coalescer.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { PANEL_ORDER } from '../../src/ui/layout/compute-layout.js';
import { renderApp } from './render-app.js';
import { afterEffects, typeIntoSelectedField } from './field-keys.js';
import { waitFor } from './wait-for.js';
import { simEndpoint } from './sim-dashboard.js';

export { afterEffects };

/** Raw terminal input of the keys the desk uses. */
export const KEY = {
  enter: '\r',
  escape: '\u001B',
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  tab: '\t',
  backspace: '\u007F',
} as const;

/** One operation the exchange executed (any client: the UI, the services' polls, the streams' resyncs). */
export interface HandledCall {
  readonly opId: string;
  readonly params: unknown;
}

/** One operation the UI asked the services for through `services.exchange.call`. */
export interface UiCall {
  readonly id: string;
  readonly params: unknown;
}

/** A running rig. */
export interface DeskRig {
  readonly sim: SimHandle;
  readonly session: Session;
  readonly app: ReturnType<typeof renderApp>;
  /** Access-log lines of the exchange, `METHOD path status code`, in arrival order. */
  readonly accessLog: string[];
  /** Every `exchange.handle` call, in order. */
  readonly handled: HandledCall[];
  /** Every `services.exchange.call` made by the UI, in order. */
  readonly uiCalls: UiCall[];
  /** Bell rings (the app writes `\x07` for each). */
  readonly bells: string[];
  /** Unmounts the app, stops the services and the exchange. */
  close(): Promise<void>;
}

/** Options of `startDeskRig`. */
export interface DeskRigOptions {
  /** Market seed of the exchange (default 11). */
  readonly seed?: number;
  /** Terminal size (default 160x48). */
  readonly columns?: number;
  readonly rows?: number;
  /**
   * Stops the market agents once the focused book has filled (default false: a live market). The
   * screen then changes only when a key or the test changes something: for tests whose subject is
   * the keys, not the market, it spares redrawing the whole app on every market update.
   */
  readonly quietMarket?: boolean;
  /**
   * Timer of the session's loan poll (default a real 10 s one). A test passes a manual one
   * (manual-interval.ts) to run the poll when it says, and to know that nothing else did.
   */
  readonly loanPollTimer?: IntervalTimer;
}

/** Starts the exchange and a session, waits for account, private socket and book, renders the app. */
export async function startDeskRig(options: DeskRigOptions = {}): Promise<DeskRig> {
  const accessLog: string[] = [];
  const handled: HandledCall[] = [];
  const uiCalls: UiCall[] = [];
  const bells: string[] = [];
  const sim = await startSim({ seed: options.seed ?? 11, log: (line) => accessLog.push(line) });
  const original = sim.exchange.handle.bind(sim.exchange);
  sim.exchange.handle = (opId, uid, params) => {
    handled.push({ opId, params });
    return original(opId, uid, params);
  };
  const session = await openSession(
    simEndpoint(sim),
    { bell: () => bells.push('\x07'), ...(options.loanPollTimer ? { loanPollTimer: options.loanPollTimer } : {}) },
  );
  const { store } = session;
  await waitFor(() => store.getState().account.summary);
  await waitFor(() => /authenticated|subscribed/.test(store.getState().connection.private.state));
  await waitFor(() => store.getState().market.books[symbolKey(store.getState().market.selected)]?.bids[0]);
  if (options.quietMarket === true) sim.exchange.market.stop();
  const services: AppServices = {
    ...session.services,
    exchange: {
      call: (id, params) => {
        uiCalls.push({ id, params });
        return session.services.exchange.call(id, params);
      },
    },
  };
  const app = renderApp({ store, services, columns: options.columns ?? 160, rows: options.rows ?? 48 });
  await app.waitForText('DEMO');
  return {
    sim, session, app, accessLog, handled, uiCalls, bells,
    close: async () => {
      cleanup();
      await session.services.shutdown();
      await sim.close();
    },
  };
}

/** The digit that focuses a panel scope (PANEL_ORDER: 1..9 then 0). */
export function digitOf(scope: string): string {
  const i = PANEL_ORDER.indexOf(scope as (typeof PANEL_ORDER)[number]);
  if (i < 0) throw new Error(`${scope} is not a panel`);
  return String((i + 1) % 10);
}

/**
 * Focuses a panel with Alt and its digit (works even when the cursor rests on a text field, where a
 * bare digit types) and waits until the app has rendered with the new focus (the key
 * dispatcher reads the focus of the last render: a key sent before that goes to the old panel).
 */
export async function focusPanel(rig: DeskRig, scope: string): Promise<void> {
  const { app, session } = rig;
  if (session.store.getState().ui.focus === scope && session.store.getState().ui.overlay === null) return;
  await app.press(`\u001b${digitOf(scope)}`);
  await waitFor(() => session.store.getState().ui.focus === scope, () => `focus ${session.store.getState().ui.focus}, wanted ${scope}`);
  const frames = app.frames.length;
  await waitFor(() => app.frames.length > frames, () => 'no render after the focus change');
  await afterEffects();
}

/** Presses Escape and waits until the overlay is `expected` (a lone Escape reaches handlers ~20 ms late). */
export async function escapeTo(rig: DeskRig, expected: string | null): Promise<void> {
  await rig.app.press(KEY.escape);
  await waitFor(() => rig.session.store.getState().ui.overlay === expected, () => `overlay ${String(rig.session.store.getState().ui.overlay)}, wanted ${String(expected)}\n${rig.app.frame()}`);
}

/**
 * Edits the selected field by keys: Enter starts editing (a cursor `▌` shows), `text` replaces the
 * value, Enter finishes. Waits for each step on screen.
 */
export async function typeIntoField(rig: DeskRig, text: string): Promise<void> {
  await typeIntoSelectedField(rig.app, text);
}

/**
 * Cycles the selected choice field with `key` (Enter, right or left) until it shows `value`
 * (`‹ value ›`); fails after `max` presses.
 */
export async function chooseWith(rig: DeskRig, key: string, value: string, max = 8): Promise<void> {
  const shown = `‹ ${value} ›`;
  for (let i = 0; i < max && !rig.app.frame().includes(shown); i += 1) {
    const before = rig.app.frame();
    await rig.app.press(key);
    await waitFor(() => rig.app.frame() !== before, () => rig.app.frame());
  }
  await rig.app.waitForText(shown);
}

/** The record `v` or an empty one. */
export function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** The list `v` or an empty one. */
export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The event log's lines (newest last). */
export function logLines(rig: DeskRig): string[] {
  return rig.session.store.getState().ui.log.map((l) => l.text);
}
