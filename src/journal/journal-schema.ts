import type { Database } from 'better-sqlite3';
import { JournalError } from './journal-errors.js';
import { ROLLUP_SUMS } from './journal-rollups.js';

/**
 * The journal's schema, as numbered migrations. The file's version is `PRAGMA user_version`; a file
 * from a newer schema is refused before anything is written to it. Each pending step runs in one
 * write transaction (all of them or none), and the version is read again inside it, so two
 * processes opening a new file at once migrate it once.
 *
 * Money columns keep the decimal text (`fee`, `pnl`, `amount`, …) and, beside it, exact integer
 * shadows for fast SUMs (`*_units`, `*_micro`, `*_pico`: exact-sum.ts). Rows are keyed by the
 * exchange's ids (fills by `exec_id`, financial records and loan events by `id`, order events by
 * (order, kind, time), equity samples by time): `INSERT OR IGNORE` stores each once.
 */

/** One step of the schema. */
export interface Migration {
  /** The version the file has after this step (the first step makes version 1). */
  readonly to: number;
  /** What the step does, for a reader of the code. */
  readonly describe: string;
  /** Runs the step (inside the migration's transaction). */
  up(db: Database): void;
}

const SHADOW = (name: string): string => `${name}_units INTEGER, ${name}_micro INTEGER, ${name}_pico INTEGER`;
const ROLLUP_COLUMNS = ROLLUP_SUMS.map((c) => `${c} INTEGER NOT NULL DEFAULT 0`).join(', ');

const SCHEMA_1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE fills (
  exec_id TEXT NOT NULL UNIQUE,
  order_id TEXT NOT NULL,
  client_oid TEXT NOT NULL,
  category TEXT NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL,
  price TEXT NOT NULL,
  qty TEXT NOT NULL,
  fee TEXT NOT NULL,
  fee_coin TEXT NOT NULL,
  scope TEXT NOT NULL,
  pnl TEXT,
  pnl_coin TEXT NOT NULL,
  time INTEGER NOT NULL,
  win INTEGER NOT NULL,
  loss INTEGER NOT NULL,
  inexact INTEGER NOT NULL,
  ${SHADOW('pnl')},
  ${SHADOW('fee')}
);
-- Time ranges and the fills list; covering for the row-level sums (the rollups' edges).
CREATE INDEX fills_time_sums ON fills (time, symbol, pnl_coin, fee_coin, win, loss, pnl_units, pnl_micro, pnl_pico, fee_units, fee_micro, fee_pico);
-- Covering, for the amounts summed from their text (more than 12 decimals).
CREATE INDEX fills_inexact ON fills (time, symbol, pnl_coin, fee_coin, pnl, fee, pnl_units, fee_units) WHERE inexact = 1;

CREATE TABLE orders (
  order_ref TEXT NOT NULL,
  kind TEXT NOT NULL,
  time INTEGER NOT NULL,
  order_id TEXT NOT NULL,
  client_oid TEXT NOT NULL,
  category TEXT NOT NULL,
  symbol TEXT NOT NULL,
  detail TEXT NOT NULL,
  PRIMARY KEY (order_ref, kind, time)
);
CREATE INDEX orders_time ON orders (time);

CREATE TABLE financial (
  id TEXT PRIMARY KEY,
  category TEXT,
  symbol TEXT,
  coin TEXT NOT NULL,
  kind TEXT NOT NULL,
  amount TEXT NOT NULL,
  type TEXT NOT NULL,
  time INTEGER NOT NULL,
  ${SHADOW('amount')}
);
CREATE INDEX financial_time ON financial (time);
CREATE INDEX financial_kind_sums ON financial (kind, time, coin, symbol, amount_units, amount_micro, amount_pico);
CREATE INDEX financial_inexact ON financial (kind, time, coin, symbol, amount, amount_units) WHERE amount_units IS NULL;

CREATE TABLE loans (
  id TEXT PRIMARY KEY,
  loan_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  loan_coin TEXT NOT NULL,
  pledge_coin TEXT NOT NULL,
  amount TEXT NOT NULL,
  coin TEXT NOT NULL,
  ratio TEXT,
  time INTEGER NOT NULL,
  ${SHADOW('amount')}
);
CREATE INDEX loans_time ON loans (time);
CREATE INDEX loans_kind_sums ON loans (kind, time, coin, amount_units, amount_micro, amount_pico);
CREATE INDEX loans_inexact ON loans (kind, time, coin, amount, amount_units) WHERE amount_units IS NULL;

CREATE TABLE equity (
  time INTEGER PRIMARY KEY,
  equity TEXT NOT NULL,
  margin_ratio TEXT,
  worst_loan_ratio TEXT
);

-- Rollups (journal-rollups.ts): shadow sums of every stored row per coin and UTC hour (for local
-- days and weeks: every zone's midnight is on a quarter hour), and per symbol, coin and UTC day.
-- fills, wins, losses count the fills whose PnL coin is this coin.
CREATE TABLE pnl_hours (
  coin TEXT NOT NULL,
  hour INTEGER NOT NULL,
  ${ROLLUP_COLUMNS},
  PRIMARY KEY (coin, hour)
) WITHOUT ROWID;
CREATE TABLE pnl_days (
  symbol TEXT NOT NULL,
  coin TEXT NOT NULL,
  day INTEGER NOT NULL,
  ${ROLLUP_COLUMNS},
  PRIMARY KEY (symbol, coin, day)
) WITHOUT ROWID;
`;

/** The journal's migrations, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    to: 1,
    describe: 'fills, order events, financial records, loan events, equity samples, PnL rollups; meta (the identity)',
    up: (db) => db.exec(SCHEMA_1),
  },
];

/** The schema version this build writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.to ?? 0;

/** The file's schema version (`PRAGMA user_version`; 0 for a new file). */
export function schemaVersionOf(db: Database): number {
  const v: unknown = db.pragma('user_version', { simple: true });
  return typeof v === 'number' ? v : Number(v);
}

/** Refuses a file whose schema is newer than `latest`. */
export function refuseNewer(db: Database, path: string, latest: number = SCHEMA_VERSION): void {
  const version = schemaVersionOf(db);
  if (version > latest) {
    throw new JournalError(
      'JOURNAL_NEWER_SCHEMA',
      `journal ${path} was written by a newer utadash (schema ${version}; this one knows up to ${latest}): update utadash, or point --journal at another file`,
    );
  }
}

/** Brings the file to the last migration's version; refuses a newer file. Returns the steps run. */
export function migrate(db: Database, path: string, migrations: readonly Migration[] = MIGRATIONS): number {
  const latest = migrations.at(-1)?.to ?? 0;
  refuseNewer(db, path, latest);
  if (schemaVersionOf(db) === latest) return 0;
  let ran = 0;
  db.transaction(() => {
    // Again under the write lock: another process may have migrated the file meanwhile.
    refuseNewer(db, path, latest);
    const from = schemaVersionOf(db);
    for (const step of migrations) {
      if (step.to <= from) continue;
      step.up(db);
      db.pragma(`user_version = ${step.to}`);
      ran += 1;
    }
  }).immediate();
  return ran;
}
