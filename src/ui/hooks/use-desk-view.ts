import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppState } from '../../store/app-state.js';
import type { FormField, OperationCatalog, OperationInfo } from '../../services/operation-catalog.js';
import type { ViewDef, ViewEnv, ViewRow } from '../view-defs/view-types.js';
import { buildParams, defaultRows, nextPageValue, pagingOf, type BuiltParams, type Paging } from '../view-defs/view-values.js';
import { useAppContext } from './app-context.js';
import { useDeskForm, type DeskValues } from './use-desk-form.js';
import { useDeskCursor, useDeskKeys, type DeskRequestKeys, type DeskZone } from './use-desk-keys.js';
import { useRefState, type RefStateSetter } from './use-ref-state.js';

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

/** What a view's defaults read: the time and the focused instrument. */
function envOf(s: Pick<AppState, 'market' | 'extras'>, now: number): ViewEnv {
  const sel = s.market.selected;
  const inst = s.market.instruments[`${sel.category}:${sel.symbol}`];
  return { now, category: sel.category, symbol: sel.symbol, baseCoin: inst?.baseCoin ?? 'BTC', quoteCoin: inst?.quoteCoin ?? 'USDT', holdMode: s.extras.settings?.holdMode ?? null };
}

/** Shown form values: a secret as bullets. */
export function shownValue(field: FormField, value: string): string {
  return field.secret ? '•'.repeat(value.length) : value;
}

/** The form's fields: the operation's own less paging and hidden ones, after an endpoint choice when it has two paths. */
function formFieldsOf(op: OperationInfo | null, alt: OperationInfo | null, hide: readonly string[]): readonly FormField[] {
  const own = (op?.fields ?? []).filter((f) => !PAGING_FIELDS.has(f.name) && !hide.includes(f.name));
  return alt && op ? [{ name: ENDPOINT_FIELD, kind: 'choice', required: true, choices: [op.path, alt.path], secret: false }, ...own] : own;
}

/** The values a view opens with: its defaults over each required choice's first value (and the first path). */
function initialValuesOf(def: ViewDef, op: OperationInfo | null, alt: OperationInfo | null, env: () => ViewEnv): DeskValues {
  const d = def.defaults?.(env()) ?? {};
  // A required choice starts on its first value; an optional one on "any" (left out).
  const firsts = Object.fromEntries((op?.fields ?? []).filter((f) => f.kind === 'choice' && f.required && f.choices?.[0] !== undefined).map((f) => [f.name, f.choices?.[0] ?? '']));
  return alt && op ? { ...firsts, [ENDPOINT_FIELD]: op.path, ...d } : { ...firsts, ...d };
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

/** What the local checks of one view read. */
interface CheckContext {
  readonly def: ViewDef;
  readonly op: OperationInfo | null;
  readonly alt: OperationInfo | null;
  readonly fields: readonly FormField[];
  readonly paging: Paging;
  readonly catalog: Pick<OperationCatalog, 'check'>;
  readonly state: () => AppState;
  readonly now: () => number;
}

/**
 * The local checks of `vals` as page `pageValue`: the fields read, the view's own refusal, then the
 * operation's validator. Null when the operation is not in the catalogue.
 */
function checkRequest(c: CheckContext, vals: DeskValues, pageValue: string | undefined): LocalCheck | null {
  const { def, op, alt, paging } = c;
  const which = alt && vals[ENDPOINT_FIELD] === alt.path ? alt : op;
  if (!which) return null;
  const own = c.fields.filter((f) => f.name !== ENDPOINT_FIELD);
  const withPage = paging && pageValue !== undefined ? { ...vals, [paging.param]: pageValue } : vals;
  const withPaging = paging ? [...own, ...(op?.fields ?? []).filter((f) => f.name === paging.param)] : own;
  const built = buildParams(withPaging, withPage, c.now(), which.batchMaxItems !== undefined, def.batchSplit);
  const errors = Object.entries(built.errors);
  if (errors.length > 0) return { kind: 'problem', errors: built.errors, problem: `fix the marked field${errors.length === 1 ? '' : 's'}: ${errors.map(([k, v]) => `${k}: ${v}`).join('; ')}`, refusal: null };
  const refusal = def.precheck?.(c.state(), vals) ?? null;
  if (refusal) return { kind: 'problem', errors: {}, problem: `refused: ${refusal}`, refusal };
  const invalid = c.catalog.check(which.id, built.params, c.now());
  if (invalid) return { kind: 'problem', errors: {}, problem: `not sent: ${invalid}`, refusal: null };
  return { kind: 'ok', which, params: built.params };
}

/** The review of a write: its method and path, then each parameter (a secret hidden, a batch as its item count). */
function reviewOf(which: OperationInfo, params: BuiltParams['params'], fields: readonly FormField[]): Review {
  const shown = Array.isArray(params) ? { items: `${params.length}` } : params;
  const lines = [`${which.method} ${which.path}`, ...Object.entries(shown).map(([k, v]) => `${k} = ${fields.find((f) => f.name === k)?.secret ? '(hidden)' : Array.isArray(v) ? v.join(', ') : String(v)}`)];
  return { lines, opId: which.id, params };
}

/** The page a reply makes: its rows (the view's or by the reply's shape) and where the next page starts. */
function resultOf(def: ViewDef, which: OperationInfo, data: unknown, vals: DeskValues, paging: Paging, pageValue: string | undefined, page: number, now: () => number): DeskResult {
  const rows = def.rows ? def.rows(data) : defaultRows(which.reply, data);
  const size = Number(vals.pageSize ?? vals.limit ?? (paging?.kind === 'page' ? '10' : '100'));
  return { rows, at: now(), page, next: nextPageValue(paging, pageValue, data, rows, Number.isFinite(size) ? size : 100), op: which, sensitive: def.sensitive === true };
}

/** The requests of one view as `useDeskView` and its keys use them. */
interface DeskRequest extends DeskRequestKeys {
  readonly paging: Paging;
  readonly review: Review | null;
  readonly setReview: RefStateSetter<Review | null>;
  readonly reviewRef: { readonly current: Review | null };
  readonly busy: boolean;
  readonly result: DeskResult | null;
  /** Problems of `shown` (the values on screen), once a run was refused; else the last reply's failure. */
  problems(shown: DeskValues): { readonly errors: Readonly<Record<string, string>>; readonly problem: string | null };
}

/** Requests of one view: local checks, run (reads at once, writes to a review), send, paging. */
function useDeskRequest(def: ViewDef, fields: readonly FormField[], valuesRef: { readonly current: DeskValues }, onResult: () => void): DeskRequest {
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
  const checks: CheckContext = { def, op, alt, fields, paging, catalog: services.catalog, state: store.getState, now };

  const send = (which: OperationInfo, params: unknown, pageValue: string | undefined, page: number) => {
    setBusy(true);
    setFailure(null);
    setReview(null);
    if (which.write) log('info', `${def.title}: sending ${which.method} ${which.path}`);
    services.exchange.call(which.id, params).then(
      (data) => {
        if (!alive.current) return;
        setResult(resultOf(def, which, data, valuesRef.current, paging, pageValue, page, now));
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
    const ready = checkRequest(checks, valuesRef.current, pageValue);
    if (!ready) return;
    setChecking(ready.kind === 'problem');
    setFailure(null);
    if (ready.kind === 'problem') {
      if (ready.refusal) log('warn', `${def.title}: refused, nothing sent: ${ready.refusal}`);
      return;
    }
    if (ready.which.write) return setReview(reviewOf(ready.which, ready.params, fields));
    pages.current = [...pages.current.slice(0, page - 1), pageValue];
    send(ready.which, ready.params, pageValue, page);
  };
  const confirm = () => {
    const r = reviewRef.current;
    const which = r ? (services.catalog.describe(r.opId) ?? null) : null;
    if (r && which) send(which, r.params, undefined, 1);
  };
  const problems = (shown: DeskValues) => {
    const c = checking ? checkRequest(checks, shown, undefined) : null;
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
  const fields = useMemo(() => formFieldsOf(op, alt, def.hide ?? []), [op, alt, def.hide]);
  // Defaults are read once, when the view opens.
  const initial = useMemo(() => initialValuesOf(def, op, alt, () => envOf(store.getState(), now())), []);
  const form = useDeskForm(fields, initial);
  const cursor = useDeskCursor(op?.write ? 'form' : 'results');
  const req = useDeskRequest(def, fields, form.valuesRef, cursor.showResults);

  // Reads run once on open when their defaults make a valid request.
  useEffect(() => {
    if (op && !op.write) req.run(undefined, 1);
  }, []);

  useDeskKeys({ fields, form, req, cursor, onClose });
  const shown = form.editing === null ? form.values : { ...form.values, [form.editing]: form.editText };
  const { errors, problem } = req.problems(shown);
  return {
    op,
    fields,
    values: shown,
    fieldErrors: errors,
    editing: form.editing,
    editText: form.editText,
    zone: cursor.zone,
    formCursor: form.cursor,
    rowCursor: cursor.rowCursor,
    colOffset: cursor.colOffset,
    detail: cursor.detail && (req.result?.rows.length ?? 0) > 0,
    review: req.review?.lines ?? null,
    busy: req.busy,
    problem,
    result: req.result,
  };
}
