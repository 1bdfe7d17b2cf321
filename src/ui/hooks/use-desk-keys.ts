import { useState, type MutableRefObject } from 'react';
import type { FormField } from '../../services/operation-catalog.js';
import { Command } from '../keys/commands.js';
import { useAppContext } from './app-context.js';
import { useCommand, useRestingField } from './use-commands.js';
import type { DeskForm } from './use-desk-form.js';
import { useRefState, type RefStateSetter } from './use-ref-state.js';

/** Where the cursor is. */
export type DeskZone = 'form' | 'results';

/** Why the form keys wait while a write is under review. */
const REVIEWING = 'reviewing: y sends, n or Esc goes back to the form';

/** Where the desk's cursor is outside the form: its zone, the results' row and columns, a row's detail. */
export interface DeskCursor {
  readonly zone: DeskZone;
  readonly zoneRef: MutableRefObject<DeskZone>;
  readonly setZone: RefStateSetter<DeskZone>;
  /** Selected result row (0-based). */
  readonly rowCursor: number;
  readonly setRowCursor: RefStateSetter<number>;
  /** Result columns scrolled off to the left. */
  readonly colOffset: number;
  readonly setColOffset: (update: (c: number) => number) => void;
  /** True while the selected row's detail is open. */
  readonly detail: boolean;
  readonly detailRef: MutableRefObject<boolean>;
  readonly setDetail: RefStateSetter<boolean>;
  /** A page arrived: the results zone, on its first row and column, no detail open. */
  showResults(): void;
}

/** The desk's cursor outside the form, starting in `initialZone` (see `DeskCursor`). */
export function useDeskCursor(initialZone: DeskZone): DeskCursor {
  const [zone, setZone, zoneRef] = useRefState<DeskZone>(initialZone);
  const [rowCursor, setRowCursor] = useRefState(0);
  const [colOffset, setColOffset] = useState(0);
  const [detail, setDetail, detailRef] = useRefState(false);
  const showResults = () => {
    setRowCursor(0);
    setColOffset(0);
    setDetail(false);
    setZone('results');
  };
  return { zone, zoneRef, setZone, rowCursor, setRowCursor, colOffset, setColOffset, detail, detailRef, setDetail, showResults };
}

/** What the keys ask of the view's requests (`useDeskRequest` in use-desk-view.ts). */
export interface DeskRequestKeys {
  /** The operation's paging; null when the view has one page. */
  readonly paging: object | null;
  /** The write under review (y sends it, n or Esc drops it); null when none. */
  readonly reviewRef: { readonly current: object | null };
  /** Drops the review. */
  setReview(review: null): void;
  /** True while a request is in flight. */
  readonly busyRef: { readonly current: boolean };
  /** The page on screen; null before the first reply. */
  readonly result: { readonly rows: readonly unknown[]; readonly page: number; readonly next: string | null } | null;
  /** The paging value each page was asked with (index = page - 1). */
  readonly pages: { readonly current: readonly (string | undefined)[] };
  /** Runs the form as page `page`, starting at `pageValue` (a write goes to review). */
  run(pageValue: string | undefined, page: number): void;
  /** Sends the write under review. */
  confirm(): void;
}

/** What the desk's key commands act on. */
export interface DeskKeysInput {
  readonly fields: readonly FormField[];
  readonly form: DeskForm;
  readonly req: DeskRequestKeys;
  readonly cursor: DeskCursor;
  readonly onClose: () => void;
}

/** The desk overlay's key commands (scope `overlay.desk`) and its resting field. */
export function useDeskKeys({ fields, form, req, cursor, onClose }: DeskKeysInput): void {
  const { store } = useAppContext();
  const { zoneRef, setZone, setRowCursor, setColOffset, detailRef, setDetail } = cursor;
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
  useDeskPageKeys(req);
  useCommand(Command.DESK_BACK, () => {
    if (form.editingRef.current !== null) return form.finishEdit();
    if (detailRef.current) return setDetail(false);
    if (req.reviewRef.current) return req.setReview(null);
    // Secrets are dropped with the view's state when it closes.
    onClose();
  });
}

/** n and p: the next (older) and the previous page; under review, n answers no. */
function useDeskPageKeys(req: DeskRequestKeys): void {
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
}
