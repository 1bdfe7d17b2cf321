import type { AppState } from '../../store/app-state.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormField, OperationInfo } from '../../services/operation-catalog.js';
import { Command } from '../keys/commands.js';
import type { ViewDef, ViewEnv, ViewRow } from '../views/view-types.js';
import { buildParams, defaultRows, nextPageValue, pagingOf } from '../views/view-values.js';
import { useAppContext } from './app-context.js';
import { useCommand } from './use-commands.js';
import { useRefState } from './use-ref-state.js';
import { useTextField } from './use-text-field.js';

/** Pseudo-field choosing between an operation's two paths. */
export const ENDPOINT_FIELD = 'endpoint';

/** A page of results. */
export interface DeskResult {
  readonly rows: readonly ViewRow[];
  /** Unix ms the reply arrived. */
  readonly at: number;
  /** 1-based page number. */
  readonly page: number;
  /** The paging value of the next page, or null when this is the last. */
  readonly next: string | null;
  /** The operation that answered (its path is shown). */
  readonly op: OperationInfo;
  /** True when the rows hold secrets (shown once). */
  readonly sensitive: boolean;
}

/** Where the cursor is. */
export type DeskZone = 'form' | 'results';

/** What the desk overlay renders. */
export interface DeskState {
  readonly op: OperationInfo | null;
  readonly fields: readonly FormField[];
  readonly values: Readonly<Record<string, string>>;
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly editing: string | null;
  /** Text of the field being edited. */
  readonly editText: string;
  readonly zone: DeskZone;
  readonly formCursor: number;
  readonly rowCursor: number;
  readonly colOffset: number;
  readonly detail: boolean;
  /** A write waiting for `y`: the request in words. */
  readonly review: readonly string[] | null;
  readonly busy: boolean;
  readonly problem: string | null;
  readonly result: DeskResult | null;
}

const PAGING_FIELDS = new Set(['cursor', 'pageNum', 'idLessThan']);

function envOf(s: Pick<AppState, 'market' | 'extras'>, now: number): ViewEnv {
  const sel = s.market.selected;
  const inst = s.market.instruments[`${sel.category}:${sel.symbol}`];
  return { now, category: sel.category, symbol: sel.symbol, baseCoin: inst?.baseCoin ?? 'BTC', quoteCoin: inst?.quoteCoin ?? 'USDT', holdMode: s.extras.settings?.holdMode ?? null };
}

/** Shown form values: a secret as bullets. */
export function shownValue(field: FormField, value: string): string {
  return field.secret ? '•'.repeat(value.length) : value;
}

/**
 * The state and keys of one open desk view: a form generated from the operation's fields, run
 * (reads at once, writes after a review and `y`), paging with n/p, a table and a row detail.
 */
export function useDeskView(def: ViewDef, onClose: () => void): DeskState {
  const { services, store, now } = useAppContext();
  const op = services.catalog.describe(def.op);
  const alt = def.altOp ? services.catalog.describe(def.altOp) : null;
  const fields = useMemo<readonly FormField[]>(() => {
    const own = (op?.fields ?? []).filter((f) => !PAGING_FIELDS.has(f.name) && !(def.hide ?? []).includes(f.name));
    return alt && op ? [{ name: ENDPOINT_FIELD, kind: 'choice', required: true, choices: [op.path, alt.path], secret: false }, ...own] : own;
  }, [op, alt, def.hide]);
  const initial = useMemo(() => {
    const d = def.defaults?.(envOf(store.getState(), now())) ?? {};
    // A required choice starts on its first value; an optional one on "any" (left out).
    const firsts = Object.fromEntries((op?.fields ?? []).filter((f) => f.kind === 'choice' && f.required && f.choices?.[0] !== undefined).map((f) => [f.name, f.choices?.[0] ?? '']));
    return alt && op ? { ...firsts, [ENDPOINT_FIELD]: op.path, ...d } : { ...firsts, ...d };
    // Defaults are read once, when the view opens.
  }, []);
  const [values, setValues, valuesRef] = useRefState<Readonly<Record<string, string>>>(initial);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const [editing, setEditing, editingRef] = useRefState<string | null>(null);
  const text = useTextField({ maxLength: 200 });
  const [zone, setZone, zoneRef] = useRefState<DeskZone>(op?.write ? 'form' : 'results');
  const [formCursor, setFormCursor, formCursorRef] = useRefState(0);
  const [rowCursor, setRowCursor] = useRefState(0);
  const [colOffset, setColOffset] = useState(0);
  const [detail, setDetail, detailRef] = useRefState(false);
  const [review, setReview, reviewRef] = useRefState<{ lines: readonly string[]; opId: string; params: unknown } | null>(null);
  const [busy, setBusy, busyRef] = useRefState(false);
  const [problem, setProblem] = useState<string | null>(op ? null : `operation ${def.op} is not in the catalogue`);
  const [result, setResult] = useState<DeskResult | null>(null);
  const pages = useRef<(string | undefined)[]>([]);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const paging = pagingOf(op?.fields ?? []);
  const log = (level: 'ok' | 'warn' | 'error' | 'info', line: string) => store.getState().logEvent(level, line, now());
  const target = (): OperationInfo | null => (alt && valuesRef.current[ENDPOINT_FIELD] === alt.path ? alt : op);

  /** Builds and checks the request; null (with the problem shown) when it cannot go. */
  const prepare = (pageValue: string | undefined) => {
    const which = target();
    if (!which) return null;
    const own = fields.filter((f) => f.name !== ENDPOINT_FIELD);
    const vals = paging && pageValue !== undefined ? { ...valuesRef.current, [paging.param]: pageValue } : valuesRef.current;
    const withPaging = paging ? [...own, ...(op?.fields ?? []).filter((f) => f.name === paging.param)] : own;
    const built = buildParams(withPaging, vals, now(), which.batchMaxItems !== undefined, def.batchSplit);
    setFieldErrors(built.errors);
    if (Object.keys(built.errors).length > 0) {
      setProblem(`fix the marked field${Object.keys(built.errors).length === 1 ? '' : 's'}: ${Object.entries(built.errors).map(([k, v]) => `${k}: ${v}`).join('; ')}`);
      return null;
    }
    const refusal = def.precheck?.(store.getState(), valuesRef.current) ?? null;
    if (refusal) {
      setProblem(`refused: ${refusal}`);
      log('warn', `${def.title}: refused, nothing sent: ${refusal}`);
      return null;
    }
    const check = services.catalog.check(which.id, built.params, now());
    if (check) {
      setProblem(`not sent: ${check}`);
      return null;
    }
    return { which, params: built.params };
  };

  const send = (which: OperationInfo, params: unknown, pageValue: string | undefined, page: number) => {
    setBusy(true);
    setProblem(null);
    setReview(null);
    if (which.write) log('info', `${def.title}: sending ${which.method} ${which.path}`);
    services.exchange.call(which.id, params).then(
      (data) => {
        if (!alive.current) return;
        const rows = def.rows ? def.rows(data) : defaultRows(which.reply, data);
        const size = Number(valuesRef.current.pageSize ?? valuesRef.current.limit ?? (paging?.kind === 'page' ? '10' : '100'));
        setResult({ rows, at: now(), page, next: nextPageValue(paging, pageValue, data, rows, Number.isFinite(size) ? size : 100), op: which, sensitive: def.sensitive === true });
        setRowCursor(0);
        setColOffset(0);
        setDetail(false);
        setZone('results');
        setBusy(false);
        if (which.write) log('ok', `${def.title}: done${def.sensitive ? ' (secrets shown once on screen, not logged)' : ''}`);
      },
      (error: unknown) => {
        if (!alive.current) return;
        const why = error instanceof Error ? error.message : String(error);
        setBusy(false);
        setProblem(which.write ? `rejected: ${why}` : `failed: ${why}`);
        log(which.write ? 'error' : 'warn', `${def.title}: ${why}`);
      },
    );
  };

  const run = (pageValue: string | undefined, page: number) => {
    if (busyRef.current) return;
    const ready = prepare(pageValue);
    if (!ready) return;
    if (ready.which.write) {
      const lines = [`${ready.which.method} ${ready.which.path}`, ...Object.entries(Array.isArray(ready.params) ? { items: `${ready.params.length}` } : ready.params).map(([k, v]) => `${k} = ${fields.find((f) => f.name === k)?.secret ? '(hidden)' : Array.isArray(v) ? v.join(', ') : String(v)}`)];
      setReview({ lines, opId: ready.which.id, params: ready.params });
      setProblem(null);
      return;
    }
    pages.current = [...pages.current.slice(0, page - 1), pageValue];
    send(ready.which, ready.params, pageValue, page);
  };

  // Reads run once on open when their defaults make a valid request.
  useEffect(() => {
    if (op && !op.write) run(undefined, 1);
  }, []);

  const finishEdit = () => {
    const name = editingRef.current;
    if (name === null) return;
    const typed = text.current().trim();
    setValues((v) => ({ ...v, [name]: typed }));
    setEditing(null);
    text.stopEditing();
  };
  const cycle = (delta: number) => {
    const field = fields[formCursorRef.current];
    if (!field || field.kind !== 'choice') return false;
    const choices = field.required ? (field.choices ?? []) : ['', ...(field.choices ?? [])];
    const i = choices.indexOf(valuesRef.current[field.name] ?? '');
    const next = choices[(i + delta + choices.length) % choices.length] ?? '';
    setValues((v) => ({ ...v, [field.name]: next }));
    return true;
  };
  const rows = result?.rows ?? [];
  const detailRows = detail ? 1 : 0;

  useCommand(Command.DESK_UP, () => (zoneRef.current === 'form' ? setFormCursor((c) => Math.max(0, c - 1)) : setRowCursor((c) => Math.max(0, c - 1))), () => (editingRef.current ? 'finish editing first (Enter)' : null));
  useCommand(Command.DESK_DOWN, () => (zoneRef.current === 'form' ? setFormCursor((c) => Math.min(fields.length - 1, c + 1)) : setRowCursor((c) => Math.min(Math.max(0, rows.length - 1), c + 1))), () => (editingRef.current ? 'finish editing first (Enter)' : null));
  useCommand(Command.DESK_ZONE, () => {
    finishEdit();
    setDetail(false);
    setZone((z) => (z === 'form' ? 'results' : 'form'));
  });
  useCommand(Command.DESK_ENTER, () => {
    if (editingRef.current !== null) return finishEdit();
    if (zoneRef.current === 'results') return void setDetail((d) => !d && rows.length > 0);
    const field = fields[formCursorRef.current];
    if (!field) return;
    if (field.kind === 'choice') return void cycle(1);
    setEditing(field.name);
    text.setValue(valuesRef.current[field.name] ?? '');
    text.startEditing();
  });
  useCommand(Command.DESK_LEFT, () => (zoneRef.current === 'form' ? cycle(-1) : setColOffset((c) => Math.max(0, c - 1))));
  useCommand(Command.DESK_RIGHT, () => (zoneRef.current === 'form' ? cycle(1) : setColOffset((c) => c + 1)));
  useCommand(
    Command.DESK_RUN,
    () => {
      finishEdit();
      run(undefined, 1);
    },
    () => (busyRef.current ? 'a request is in flight' : null),
  );
  useCommand(
    Command.DESK_CONFIRM,
    () => {
      const r = reviewRef.current;
      const which = r ? (services.catalog.describe(r.opId) ?? null) : null;
      if (r && which) send(which, r.params, undefined, 1);
    },
    () => (reviewRef.current ? (busyRef.current ? 'sending' : null) : 'nothing to confirm: review first (r)'),
  );
  useCommand(
    Command.DESK_NEXT_PAGE,
    () => {
      if (result?.next) run(result.next, result.page + 1);
    },
    () => (!paging ? 'this view has one page' : !result?.next ? 'no older page' : busy ? 'a request is in flight' : null),
  );
  useCommand(
    Command.DESK_PREV_PAGE,
    () => {
      if (result && result.page > 1) run(pages.current[result.page - 2], result.page - 1);
    },
    () => (!result || result.page <= 1 ? 'already on the first page' : busy ? 'a request is in flight' : null),
  );
  useCommand(Command.DESK_BACK, () => {
    if (editingRef.current !== null) return finishEdit();
    if (detailRef.current) return setDetail(false);
    if (reviewRef.current) return setReview(null);
    // Secrets are dropped with the view's state when it closes.
    onClose();
  });

  return {
    op,
    fields,
    values: editing === null ? values : { ...values, [editing]: text.value },
    fieldErrors,
    editing,
    editText: text.value,
    zone,
    formCursor,
    rowCursor,
    colOffset,
    detail: detail && detailRows > 0,
    review: review?.lines ?? null,
    busy,
    problem,
    result,
  };
}
