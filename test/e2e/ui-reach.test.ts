/**
 * Issue 6: every operation of the table can be reached from the keyboard.
 * Static part: each operation with a path (part not 'extra') is either a desk view's `op`/`altOp`
 * or a panel operation whose commands are all bound; each view's command is bound to its key in its
 * panel scope and is listed in the help overlay and the command palette.
 * Dynamic part, against the embedded exchange with the whole app at 160x48, by keys only: every
 * read view opens from its panel (digit, then its key), its request reaches the exchange (access
 * log) and it shows rows or a clear error; every write view reviews with r (method and path) or
 * says what is missing ("not sent: …"), and sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/exchange/wire/operations.js';
import type { OperationSpec } from '../../src/exchange/wire/operation-types.js';
import { OPERATION_CATALOG } from '../../src/services/operation-catalog.js';
import type { Binding } from '../../src/ui/keys/binding-types.js';
import { DEFAULT_BINDINGS } from '../../src/ui/keys/bindings.js';
import { PANEL_OPERATIONS } from '../../src/ui/view-defs/panel-operations.js';
import { VIEWS } from '../../src/ui/view-defs/registry.js';
import type { ViewDef } from '../../src/ui/view-defs/view-types.js';
import { afterEffects, digitOf, escapeTo, focusPanel, KEY, startDeskRig, typeIntoField, type DeskRig } from '../helpers/desk-rig.js';
import { waitFor } from '../helpers/wait-for.js';

/** Ids of the operations (with a path, part not 'extra') no view and no bound panel command reaches. */
function unreachable(ops: readonly Pick<OperationSpec<string>, 'id' | 'path' | 'part'>[], views: readonly ViewDef[], panelOps: Readonly<Record<string, readonly string[]>>, bindings: readonly Binding[]): string[] {
  const byView = new Set(views.flatMap((v) => (v.altOp ? [v.op, v.altOp] : [v.op])));
  const bound = new Set<string>(bindings.filter((b) => b.keys.length > 0).map((b) => b.command));
  return ops
    .filter((op) => op.path !== '' && op.part !== 'extra')
    .filter((op) => !byView.has(op.id))
    .filter((op) => {
      const commands = panelOps[op.id] ?? [];
      return commands.length === 0 || !commands.every((c) => bound.has(c));
    })
    .map((op) => op.id);
}

/** Runs one view's steps; a failure names the view. */
async function forView(v: ViewDef, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (error) {
    throw new Error(`${v.command} (${v.scope} ${v.key}, ${v.op}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

describe('every operation is reachable from the keyboard (static)', () => {
  it('each operation with a path is a desk view or a panel operation whose commands are all bound', () => {
    const missing = unreachable(OPERATIONS, VIEWS, PANEL_OPERATIONS, DEFAULT_BINDINGS);
    expect(missing, `operations with no way to reach them from the UI: ${missing.join(', ')}`).toEqual([]);
  });

  it('the check fails, naming the operation, when a view or a binding is missing', () => {
    const [first, ...rest] = VIEWS;
    expect(first).toBeDefined();
    expect(unreachable(OPERATIONS, rest, PANEL_OPERATIONS, DEFAULT_BINDINGS)).toEqual([first?.op]);
    const withoutBorrowKey = DEFAULT_BINDINGS.filter((b) => b.command !== 'loans.borrow');
    expect(unreachable(OPERATIONS, VIEWS, PANEL_OPERATIONS, withoutBorrowKey)).toEqual(['loan.borrow']);
  });

  it('every view names a catalogued operation; panel operations name real ops and bound commands', () => {
    const ids = new Set(OPERATIONS.map((o) => o.id as string));
    for (const v of VIEWS) {
      expect(OPERATION_CATALOG.describe(v.op), v.command).not.toBeNull();
      if (v.altOp) expect(OPERATION_CATALOG.describe(v.altOp), v.command).not.toBeNull();
    }
    const bound = new Set<string>(DEFAULT_BINDINGS.map((b) => b.command));
    for (const [op, commands] of Object.entries(PANEL_OPERATIONS)) {
      expect(ids.has(op), op).toBe(true);
      for (const c of commands) expect(bound.has(c), `${op}: ${c} is not bound`).toBe(true);
    }
  });

  it('each view command is bound to its key in its panel scope, once', () => {
    const commands = VIEWS.map((v) => v.command);
    expect(new Set(commands).size).toBe(commands.length);
    for (const v of VIEWS) {
      const b = DEFAULT_BINDINGS.filter((x) => x.command === v.command);
      expect(b, v.command).toHaveLength(1);
      expect(b[0]).toMatchObject({ scope: v.scope, keys: [v.key] });
      // No other binding of the same scope takes the key first.
      const clash = DEFAULT_BINDINGS.find((x) => x.scope === v.scope && x.keys.includes(v.key) && x.command !== v.command);
      expect(clash, `${v.command}: key ${v.key} also bound to ${clash?.command} in ${v.scope}`).toBeUndefined();
      expect(digitOf(v.scope)).toMatch(/^\d$/);
    }
  });
});

let rig: DeskRig;

beforeAll(async () => {
  // The subject is the keys and the views, not the market: a still market redraws only on keys.
  rig = await startDeskRig({ seed: 23, quietMarket: true });
});

afterAll(async () => {
  await rig.close();
});

describe('help overlay and command palette list every view', () => {
  it('? shows every view with its key, description and scope (scrolling to the end)', async () => {
    const { app, session } = rig;
    await app.press('?');
    await app.waitForText('Keys — Esc or ? to close');
    const seen: string[] = [app.frame()];
    for (let i = 0; i < 40; i += 1) {
      const m = /\((\d+)–(\d+) of (\d+); ↓\/↑ scroll\)/.exec(app.frame());
      if (!m || m[2] === m[3]) break;
      const before = app.frame();
      await app.press('j');
      await waitFor(() => app.frame() !== before, () => app.frame());
      seen.push(app.frame());
    }
    const text = seen.join('\n');
    for (const v of VIEWS) {
      // Lines are `keys.padEnd(14) description (scope)`, cut at the column width.
      const line = `${v.key.padEnd(14)} ${v.title} (${v.scope})`;
      expect(text.includes(line) || text.includes(line.slice(0, 50)), `help lacks: ${line}`).toBe(true);
    }
    await escapeTo(rig, null);
    expect(session.store.getState().ui.overlay).toBeNull();
  });

  it(': finds every view by its title, with its key and group', async () => {
    const { app } = rig;
    for (const v of VIEWS) {
      await app.press(':');
      await app.waitForText('type to filter commands and symbols');
      await afterEffects();
      await app.press(v.title);
      const head = v.title.slice(0, 30);
      await waitFor(
        () => app.frame().split('\n').some((l) => l.includes(head) && new RegExp(`\\s${v.key}\\s+${v.group}\\b`).test(l)),
        () => `palette lacks ${v.command} (${v.key}, ${v.group}):\n${app.frame()}`,
      );
      await escapeTo(rig, null);
    }
    // ~45 views typed one by one: the longest test here (a few seconds; the project's timeout bounds it).
  });
});

/** A local refusal on the status line (nothing sent). */
const REFUSED = /^(not sent|fix the marked|refused)/;

/** What a read view needs typed before it can run, when its defaults cannot (field and text). */
const FILL_INS: Readonly<Record<string, { readonly field: string; readonly text: string }>> = {
  'views.loanInterest': { field: 'pledgeAmount', text: '0.1' },
  'views.loanCoinsConvert': { field: 'productId', text: '1' },
  'views.orderInfo': { field: 'orderId', text: '1' },
};

/** The index of a field in a view's form (paging and hidden fields left out; the endpoint choice first). */
function formIndex(v: ViewDef, name: string): number {
  const fields = (OPERATION_CATALOG.describe(v.op)?.fields ?? []).filter((f) => !['cursor', 'pageNum', 'idLessThan'].includes(f.name) && !(v.hide ?? []).includes(f.name)).map((f) => f.name);
  const all = v.altOp ? ['endpoint', ...fields] : fields;
  const i = all.indexOf(name);
  if (i < 0) throw new Error(`${v.command} has no field ${name} (fields: ${all.join(', ')})`);
  return i;
}

/** Waits for the desk's status line: a page of rows, a failure in the exchange's words, or a local refusal. */
function statusLine(v: ViewDef): Promise<string> {
  return waitFor(
    () => /page \d+ · \d+ rows?|(?:failed|not sent|refused|fix the marked fields?): [^║\n]*[^║\s]/.exec(rig.app.frame())?.[0],
    () => `${v.command}: no result or error line\n${rig.app.frame()}`,
  );
}

describe('every desk view opens by keys against the exchange', () => {
  const reads = VIEWS.filter((v) => OPERATION_CATALOG.describe(v.op)?.write === false);
  const writes = VIEWS.filter((v) => OPERATION_CATALOG.describe(v.op)?.write === true);
  /** Views whose auto-run was refused locally (reported, each with its reason). */
  const notSent: string[] = [];

  it('finds reads and writes among the views', () => {
    expect(reads.length + writes.length).toBe(VIEWS.length);
    expect(reads.length).toBeGreaterThan(20);
    expect(writes.length).toBeGreaterThan(3);
  });

  it('each read view requests its path and shows rows or a clear error; Escape closes it', async () => {
    const { app, accessLog, uiCalls, session } = rig;
    for (const v of reads) await forView(v, async () => {
      const op = OPERATION_CATALOG.describe(v.op);
      if (!op) throw new Error(`${v.op} not catalogued`);
      let logFrom = accessLog.length;
      let callFrom = uiCalls.length;
      await focusPanel(rig, v.scope);
      await app.press(v.key);
      await app.waitForText(v.title.slice(0, 40));
      await app.waitForText(`${op.method} ${op.path}`);
      let status = await statusLine(v);
      if (REFUSED.test(status)) {
        // Refused before sending (a required field has no default): nothing went out; say so, then fill it by keys and run.
        notSent.push(`${v.command}: ${status}`);
        expect(uiCalls.slice(callFrom).some((c) => c.id === op.id), `${v.command} called the exchange though refused`).toBe(false);
        expect(accessLog.slice(logFrom).some((l) => l.startsWith(`${op.method} ${op.path} `)), `${v.command}: ${op.path} reached the exchange though refused`).toBe(false);
        const fill = FILL_INS[v.command];
        if (!fill) throw new Error(`${v.command} cannot run on open (${status}) and this test has no fill-in for it: add one to FILL_INS`);
        await app.press(KEY.tab);
        for (let i = 0; i < formIndex(v, fill.field); i += 1) await app.press(KEY.down);
        await typeIntoField(rig, fill.text);
        logFrom = accessLog.length;
        callFrom = uiCalls.length;
        const before = app.frame();
        await app.press('o');
        await waitFor(() => app.frame() !== before && !app.frame().includes(status), () => app.frame());
        status = await statusLine(v);
        expect(status, `${v.command} still refused after filling ${fill.field}`).not.toMatch(REFUSED);
      }
      expect(uiCalls.slice(callFrom).map((c) => c.id), v.command).toContain(op.id);
      await waitFor(() => accessLog.slice(logFrom).some((l) => l.startsWith(`${op.method} ${op.path} `)), () => `no ${op.method} ${op.path} in the access log:\n${accessLog.slice(logFrom).join('\n')}`);
      if (status.startsWith('page')) {
        const rows = Number(/· (\d+) rows?/.exec(status)?.[1] ?? '0');
        if (rows === 0) await app.waitForText('no records');
        else expect(app.frame()).not.toContain('no records');
      }
      await escapeTo(rig, null);
      // The dashboard is back, its panel focused.
      await app.waitForText('Book BTCUSDT');
      expect(app.frame()).not.toContain('Form/results');
      expect(session.store.getState().ui.focus).toBe(v.scope);
    });
    // Only the views whose operation needs an identifier (or an amount) cannot run on open.
    expect(notSent.map((l) => l.split(':')[0])).toEqual(Object.keys(FILL_INS));
  });

  it('each write view reviews with o (method and path) or says what is missing, and sends nothing', async () => {
    const { app, accessLog, uiCalls, session } = rig;
    for (const v of writes) await forView(v, async () => {
      const op = OPERATION_CATALOG.describe(v.op);
      if (!op) throw new Error(`${v.op} not catalogued`);
      const logFrom = accessLog.length;
      const callFrom = uiCalls.length;
      await focusPanel(rig, v.scope);
      await app.press(v.key);
      await app.waitForText(v.title.slice(0, 40));
      await app.waitForText('fill the form, then o to review');
      await app.press('o');
      const shown = await waitFor(
        () => (app.frame().includes('Send this? y sends, n or Esc goes back') && app.frame().includes(`  ${op.method} ${op.path}`) ? 'review' : /(?:not sent|refused|fix the marked fields?): [^║\n]*[^║\s]/.exec(app.frame())?.[0]),
        () => `${v.command}: o showed neither a review nor a problem\n${app.frame()}`,
      );
      expect(shown.length).toBeGreaterThan(0);
      await afterEffects();
      expect(uiCalls.slice(callFrom).some((c) => c.id === op.id), `${v.command} sent without y`).toBe(false);
      expect(accessLog.slice(logFrom).some((l) => l.startsWith(`${op.method} ${op.path} `)), `${v.command}: ${op.path} reached the exchange without y`).toBe(false);
      // Escape leaves the review (if any), then closes.
      if (shown === 'review') {
        await app.press(KEY.escape);
        await waitFor(() => !app.frame().includes('Send this?'), () => app.frame());
        expect(session.store.getState().ui.overlay).toBe('desk');
      }
      await escapeTo(rig, null);
    });
  });
});
