import type { AppState } from '../../store/app-state.js';
import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import type { FormField, OperationInfo } from '../../services/operation-catalog.js';
import { Command } from '../keys/commands.js';
import type { ViewDef, ViewEnv, ViewRow } from '../views/view-types.js';
import { buildParams, defaultRows, nextPageValue, pagingOf, type BuiltParams } from '../views/view-values.js';
import { useAppContext } from './app-context.js';
import { useCommand, useRestingField, type RestingField } from './use-commands.js';
import { useRefState, type RefStateSetter } from './use-ref-state.js';
import { useTextField, type TextField } from './use-text-field.js';

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
  /** Form values, with the text of the field being edited. */
  readonly values: Readonly<Record<string, string>>;
  /** Problems of the values on screen, once a run or review was refused (recomputed at each edit). */
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
/** Field kinds typed as numbers: their text takes digits, `.` and `-` only. */
const NUMERIC_KINDS: ReadonlySet<FormField['kind']> = new Set(['decimal', 'integer']);
/** Why the form keys wait while a write is under review. */
const REVIEWING = 'reviewing: y sends, n or Esc goes back to the form';

type Values = Readonly<Record<string, string>>;

function envOf(s: Pick<AppState, 'market' | 'extras'>, now: number): ViewEnv {
  const sel = s.market.selected;
  const inst = s.market.instruments[`${sel.category}:${sel.symbol}`];
  return { now, category: sel.category, symbol: sel.symbol, baseCoin: inst?.baseCoin ?? 'BTC', quoteCoin: inst?.quoteCoin ?? 'USDT', holdMode: s.extras.settings?.holdMode ?? null };
}

/** Shown form values: a secret as bullets. */
export function shownValue(field: FormField, value: string): string {
  return field.secret ? '•'.repeat(value.length) : value;
}

/** The form: its values, the cursor, and the one field being edited at a time. */
interface DeskForm {
  readonly values: Values;
  readonly valuesRef: MutableRefObject<Values>;
  readonly editing: string | null;
  readonly editingRef: MutableRefObject<string | null>;
  readonly editText: string;
  readonly cursor: number;
  readonly cursorRef: MutableRefObject<number>;
  readonly setCursor: RefStateSetter<number>;
  startEdit(field: FormField): void;
  /** Keeps the typed text (trimmed) as the field's value and ends the edit. */
  finishEdit(): void;
  /** The field as a resting field: a character its text accepts starts editing it with that character. */
  resting(field: FormField): RestingField;
  /** Next (`delta` 1) or previous option of a choice field; false for other fields. */
  cycle(field: FormField | undefined, delta: number): boolean;
}

function useDeskForm(fields: readonly FormField[], initial: Values): DeskForm {
  const [values, setValues, valuesRef] = useRefState<Values>(initial);
  const [editing, setEditing, editingRef] = useRefState<string | null>(null);
  const [cursor, setCursor, cursorRef] = useRefState(0);
  // Two inputs, one per kind of text, so each refuses what its fields cannot take.
  const label = fields[cursor]?.name ?? 'this field';
  const numberText = useTextField({ accept: /^[0-9.-]$/, maxLength: 200, label, takes: 'digits, . and -' });
  const freeText = useTextField({ maxLength: 200, label, takes: 'printable characters' });
  const textOf = (f: FormField): TextField => (NUMERIC_KINDS.has(f.kind) ? numberText : freeText);
  const named = (name: string | null) => fields.find((f) => f.name === name);
  const active = named(editing);
  return {
    values,
    valuesRef,
    editing,
    editingRef,
    editText: active ? textOf(active).value : '',
    cursor,
    cursorRef,
    setCursor,
    startEdit: (f) => {
      const t = textOf(f);
      setEditing(f.name);
      t.setValue(valuesRef.current[f.name] ?? '');
      t.startEditing();
    },
    finishEdit: () => {
      const f = named(editingRef.current);
      if (!f) return;
      const t = textOf(f);
      const typed = t.current().trim();
      setValues((v) => ({ ...v, [f.name]: typed }));
      setEditing(null);
      t.stopEditing();
    },
    resting: (f) => ({
      offer: (key) => {
        if (!textOf(f).offer(key)) return false;
        setEditing(f.name);
        return true;
      },
    }),
    cycle: (f, delta) => {
      if (!f || f.kind !== 'choice') return false;
      const choices = f.required ? (f.choices ?? []) : ['', ...(f.choices ?? [])];
      const i = choices.indexOf(valuesRef.current[f.name] ?? '');
      const next = choices[(i + delta + choices.length) % choices.length] ?? '';
      setValues((v) => ({ ...v, [f.name]: next }));
      return true;
    },
  };
}

/** What the local checks make of a form: the request, or the problems that hold it back. */
type LocalCheck =
  | { readonly kind: 'ok'; readonly which: OperationInfo; readonly params: BuiltParams['params'] }
  | { readonly kind: 'problem'; readonly errors: Readonly<Record<string, string>>; readonly problem: string; readonly refusal: string | null };

/** A write under review: its words, and exactly what `y` sends. */
interface Review {
  readonly lines: readonly string[];
  readonly opId: string;
  readonly params: unknown;
}

/** Requests of one view: local checks, run (reads at once, writes to a review), send, paging. */
function useDeskRequest(def: ViewDef, fields: readonly FormField[], valuesRef: MutableRefObject<Values>, onResult: () => void) {
  const { services, store, now } = useAppContext();
  const op = services.catalog.describe(def.op);
  const alt = def.altOp ? services.catalog.describe(def.altOp) : null;
  const [review, setReview, reviewRef] = useRefState<Review | null>(null);
  const [busy, setBusy, busyRef] = useRefState(false);
  /** The last reply's failure (or a missing operation): a fact, kept until the next run. */
  const [failure, setFailure] = useState<string | null>(op ? null : `operation ${def.op} is not in the catalogue`);
  /** True once a run was refused locally: from then on the form is checked again at each edit. */
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<DeskResult | null>(null);
  const pages = useRef<(string | undefined)[]>([]);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  const paging = pagingOf(op?.fields ?? []);
  const log = (level: 'ok' | 'warn' | 'error' | 'info', line: string) => store.getState().logEvent(level, line, now());

  const check = (vals: Values, pageValue: string | undefined): LocalCheck | null => {
    const which = alt && vals[ENDPOINT_FIELD] === alt.path ? alt : op;
    if (!which) return null;
    const own = fields.filter((f) => f.name !== ENDPOINT_FIELD);
    const withPage = paging && pageValue !== undefined ? { ...vals, [paging.param]: pageValue } : vals;
    const withPaging = paging ? [...own, ...(op?.fields ?? []).filter((f) => f.name === paging.param)] : own;
    const built = buildParams(withPaging, withPage, now(), which.batchMaxItems !== undefined, def.batchSplit);
    const errors = Object.entries(built.errors);
    if (errors.length > 0) return { kind: 'problem', errors: built.errors, problem: `fix the marked field${errors.length === 1 ? '' : 's'}: ${errors.map(([k, v]) => `${k}: ${v}`).join('; ')}`, refusal: null };
    const refusal = def.precheck?.(store.getState(), vals) ?? null;
    if (refusal) return { kind: 'problem', errors: {}, problem: `refused: ${refusal}`, refusal };
    const invalid = services.catalog.check(which.id, built.params, now());
    if (invalid) return { kind: 'problem', errors: {}, problem: `not sent: ${invalid}`, refusal: null };
    return { kind: 'ok', which, params: built.params };
  };

  const send = (which: OperationInfo, params: unknown, pageValue: string | undefined, page: number) => {
    setBusy(true);
    setFailure(null);
    setReview(null);
    if (which.write) log('info', `${def.title}: sending ${which.method} ${which.path}`);
    services.exchange.call(which.id, params).then(
      (data) => {
        if (!alive.current) return;
        const rows = def.rows ? def.rows(data) : defaultRows(which.reply, data);
        const size = Number(valuesRef.current.pageSize ?? valuesRef.current.limit ?? (paging?.kind === 'page' ? '10' : '100'));
        setResult({ rows, at: now(), page, next: nextPageValue(paging, pageValue, data, rows, Number.isFinite(size) ? size : 100), op: which, sensitive: def.sensitive === true });
        onResult();
        setBusy(false);
        if (which.write) log('ok', `${def.title}: done${def.sensitive ? ' (secrets shown once on screen, not logged)' : ''}`);
      },
      (error: unknown) => {
        if (!alive.current) return;
        const why = error instanceof Error ? error.message : String(error);
        setBusy(false);
        setFailure(which.write ? `rejected: ${why}` : `failed: ${why}`);
        log(which.write ? 'error' : 'warn', `${def.title}: ${why}`);
      },
    );
  };

  /** Runs a read at once; a write goes to review. A local refusal is shown (and kept up to date). */
  const run = (pageValue: string | undefined, page: number) => {
    if (busyRef.current) return;
    const ready = check(valuesRef.current, pageValue);
    if (!ready) return;
    setChecking(ready.kind === 'problem');
    setFailure(null);
    if (ready.kind === 'problem') {
      if (ready.refusal) log('warn', `${def.title}: refused, nothing sent: ${ready.refusal}`);
      return;
    }
    if (ready.which.write) {
      const shown = Array.isArray(ready.params) ? { items: `${ready.params.length}` } : ready.params;
      const lines = [`${ready.which.method} ${ready.which.path}`, ...Object.entries(shown).map(([k, v]) => `${k} = ${fields.find((f) => f.name === k)?.secret ? '(hidden)' : Array.isArray(v) ? v.join(', ') : String(v)}`)];
      setReview({ lines, opId: ready.which.id, params: ready.params });
      return;
    }
    pages.current = [...pages.current.slice(0, page - 1), pageValue];
    send(ready.which, ready.params, pageValue, page);
  };
  const confirm = () => {
    const r = reviewRef.current;
    const which = r ? (services.catalog.describe(r.opId) ?? null) : null;
    if (r && which) send(which, r.params, undefined, 1);
  };
  /** Problems of `shown` (the values on screen), once a run was refused; else none. */
  const problems = (shown: Values): { readonly errors: Readonly<Record<string, string>>; readonly problem: string | null } => {
    const c = checking ? check(shown, undefined) : null;
    return c?.kind === 'problem' ? { errors: c.errors, problem: c.problem } : { errors: {}, problem: failure };
  };
  return { paging, review, setReview, reviewRef, busy, busyRef, result, pages, run, confirm, problems };
}

/**
 * The state and keys of one open desk view: a form generated from the operation's fields, run
 * (reads at once, writes after a review with `o` and `y`), paging with n/p, a table and a row
 * detail. The keys are every form's: ↑/↓ or j/k move, Enter edits a text field (or finishes) and
 * cycles a choice, ←/→ cycle, a character the selected text field accepts starts editing it.
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
  const form = useDeskForm(fields, initial);
  const [zone, setZone, zoneRef] = useRefState<DeskZone>(op?.write ? 'form' : 'results');
  const [rowCursor, setRowCursor] = useRefState(0);
  const [colOffset, setColOffset] = useState(0);
  const [detail, setDetail, detailRef] = useRefState(false);
  const req = useDeskRequest(def, fields, form.valuesRef, () => {
    setRowCursor(0);
    setColOffset(0);
    setDetail(false);
    setZone('results');
  });

  // Reads run once on open when their defaults make a valid request.
  useEffect(() => {
    if (op && !op.write) req.run(undefined, 1);
  }, []);

  useDeskKeys({ fields, form, req, zoneRef, setZone, setRowCursor, setColOffset, detailRef, setDetail, onClose });
  const shown = form.editing === null ? form.values : { ...form.values, [form.editing]: form.editText };
  const { errors, problem } = req.problems(shown);
  return {
    op,
    fields,
    values: shown,
    fieldErrors: errors,
    editing: form.editing,
    editText: form.editText,
    zone,
    formCursor: form.cursor,
    rowCursor,
    colOffset,
    detail: detail && (req.result?.rows.length ?? 0) > 0,
    review: req.review?.lines ?? null,
    busy: req.busy,
    problem,
    result: req.result,
  };
}

/** What the desk's key commands act on. */
interface DeskKeysInput {
  readonly fields: readonly FormField[];
  readonly form: DeskForm;
  readonly req: ReturnType<typeof useDeskRequest>;
  readonly zoneRef: MutableRefObject<DeskZone>;
  readonly setZone: RefStateSetter<DeskZone>;
  readonly setRowCursor: RefStateSetter<number>;
  readonly setColOffset: (update: (c: number) => number) => void;
  readonly detailRef: MutableRefObject<boolean>;
  readonly setDetail: RefStateSetter<boolean>;
  readonly onClose: () => void;
}

/** The desk overlay's key commands (scope `overlay.desk`) and its resting field. */
function useDeskKeys({ fields, form, req, zoneRef, setZone, setRowCursor, setColOffset, detailRef, setDetail, onClose }: DeskKeysInput): void {
  const { store } = useAppContext();
  // Handlers read the present (refs): keys of one burst run before any render.
  const inForm = () => zoneRef.current === 'form';
  const fieldNow = () => fields[form.cursorRef.current];
  const rowCount = () => req.result?.rows.length ?? 0;
  const reviewing = () => (req.reviewRef.current ? REVIEWING : null);
  const move = (delta: number) => {
    form.finishEdit();
    if (inForm()) form.setCursor((c) => Math.min(fields.length - 1, Math.max(0, c + delta)));
    else setRowCursor((c) => Math.min(Math.max(0, rowCount() - 1), Math.max(0, c + delta)));
  };
  useRestingField(() => {
    if (store.getState().ui.overlay !== 'desk' || !inForm() || form.editingRef.current !== null || req.reviewRef.current || req.busyRef.current) return null;
    const f = fieldNow();
    return f && f.kind !== 'choice' ? form.resting(f) : null;
  });
  useCommand(Command.DESK_UP, () => move(-1), reviewing);
  useCommand(Command.DESK_DOWN, () => move(1), reviewing);
  useCommand(Command.DESK_ZONE, () => {
    form.finishEdit();
    setDetail(false);
    setZone((z) => (z === 'form' ? 'results' : 'form'));
  });
  useCommand(
    Command.DESK_ENTER,
    () => {
      if (form.editingRef.current !== null) return form.finishEdit();
      if (!inForm()) return void setDetail((d) => !d && rowCount() > 0);
      const f = fieldNow();
      if (f && !form.cycle(f, 1)) form.startEdit(f);
      return undefined;
    },
    reviewing,
  );
  useCommand(Command.DESK_LEFT, () => (inForm() ? form.cycle(fieldNow(), -1) : setColOffset((c) => Math.max(0, c - 1))), reviewing);
  useCommand(Command.DESK_RIGHT, () => (inForm() ? form.cycle(fieldNow(), 1) : setColOffset((c) => c + 1)), reviewing);
  useCommand(
    Command.DESK_RUN,
    () => {
      form.finishEdit();
      req.run(undefined, 1);
    },
    () => (req.busyRef.current ? 'a request is in flight' : null),
  );
  useCommand(Command.DESK_CONFIRM, req.confirm, () => (req.reviewRef.current ? (req.busyRef.current ? 'sending' : null) : 'nothing to confirm: review first (o)'));
  const result = req.result;
  useCommand(
    Command.DESK_NEXT_PAGE,
    () => {
      // Under review, n answers no.
      if (req.reviewRef.current) return req.setReview(null);
      if (result?.next) req.run(result.next, result.page + 1);
      return undefined;
    },
    () => (req.reviewRef.current ? null : !req.paging ? 'this view has one page' : !result?.next ? 'no older page' : req.busyRef.current ? 'a request is in flight' : null),
  );
  useCommand(
    Command.DESK_PREV_PAGE,
    () => {
      if (result && result.page > 1) req.run(req.pages.current[result.page - 2], result.page - 1);
    },
    () => (!result || result.page <= 1 ? 'already on the first page' : req.busyRef.current ? 'a request is in flight' : null),
  );
  useCommand(Command.DESK_BACK, () => {
    if (form.editingRef.current !== null) return form.finishEdit();
    if (detailRef.current) return setDetail(false);
    if (req.reviewRef.current) return req.setReview(null);
    // Secrets are dropped with the view's state when it closes.
    onClose();
  });
}
