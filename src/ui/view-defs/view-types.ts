/**
 * Desk views: history, reference and administration screens described as data. Each view names
 * one operation of the table; its form comes from the operation's fields (the services'
 * catalogue), its paging from the spec's paging fields, its table from the reply. A view adds only
 * what the operation cannot say: defaults, column choices, a local refusal, a warning.
 */
import type { Category } from '../../domain/model.js';
import type { AppState } from '../../store/app-state.js';
import type { KeyScope } from '../keys/binding-types.js';

/** Help-sheet section a view is listed under. */
export type ViewGroup = 'Loans' | 'Account' | 'Orders' | 'Positions' | 'Market';

/** What a view's defaults may depend on. */
export interface ViewEnv {
  /** Unix ms. */
  readonly now: number;
  /** The focused instrument. */
  readonly category: Category;
  readonly symbol: string;
  readonly baseCoin: string;
  readonly quoteCoin: string;
  /** The account's hold mode as last polled (`one_way_mode` / `hedge_mode`); null before the first poll. */
  readonly holdMode: string | null;
}

/** One result row: wire fields by name (strings, numbers, nested records). */
export type ViewRow = Readonly<Record<string, unknown>>;

/** One table column. */
export interface ViewColumn {
  /** Field of the row (dotted for nested records, e.g. `twapParams.duration`). */
  readonly key: string;
  /** Header (default: the key). */
  readonly label?: string;
  /** `time` shows Unix ms as a local date-time; `text` as is. Default text. */
  readonly format?: 'time' | 'text';
}

/** One desk view. */
export interface ViewDef {
  /** Command id that opens it, `views.<name>`. */
  readonly command: string;
  readonly title: string;
  readonly group: ViewGroup;
  /** Operation id (see the services' catalogue). */
  readonly op: string;
  /** A second path for the same operation, offered as an `endpoint` choice (e.g. /public/time). */
  readonly altOp?: string;
  /** Panel scope whose key opens the view. */
  readonly scope: KeyScope;
  /** The key in that scope. */
  readonly key: string;
  /** Fields left off the form (still sent when a default sets them). */
  readonly hide?: readonly string[];
  /** Initial form values by field name (wire text; time fields accept `-7d`, `now`, dates). */
  readonly defaults?: (env: ViewEnv) => Readonly<Record<string, string>>;
  /** Table columns; default: the first row's scalar fields. */
  readonly columns?: readonly ViewColumn[];
  /** Rows from a reply; default by the reply's shape (array, `list`, record as field/value rows, candles). */
  readonly rows?: (data: unknown) => readonly ViewRow[];
  /** Refuses locally, before anything is sent, with the reason; null to go ahead. */
  readonly precheck?: (state: AppState, params: Readonly<Record<string, string>>) => string | null;
  /** The reply holds secrets: shown once with a warning, never logged, dropped on close. */
  readonly sensitive?: boolean;
  /** Batch operations: this field may hold comma-separated values, one item each. */
  readonly batchSplit?: string;
  /** One line under the title: the operation's rules in words (look-back, span, paging). */
  readonly note?: string;
}
