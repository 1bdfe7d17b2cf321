import { Text } from 'ink';
import { useEffect, useState, type ReactNode } from 'react';
import { formatAge, formatClock } from '../../domain/time-format.js';
import type { CountdownServices } from '../../services/app-services.js';
import type { CountdownData } from '../../store/slices/countdown-slice.js';
import { FieldRow } from '../components/FieldRow.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useTextField } from '../hooks/use-text-field.js';
import { Command } from '../keys/commands.js';

/** Props of the countdown panel. */
export interface CountdownPanelProps {
  readonly focused: boolean;
  /** Outer width in columns (≥ 30). */
  readonly width: number;
  /** Outer height in rows (≥ 6). */
  readonly height: number;
  /** Current Unix ms (re-rendered once a second by the app clock, so the bar moves). */
  readonly now: number;
}

/** The countdown's state as the panel names it. */
export type CountdownState = 'OFF' | 'ARMED' | 'FAILING' | 'FIRED';

/** OFF, ARMED, FAILING (renewals held back or failing) or FIRED (the exchange cancelled on expiry). */
export function countdownState(cd: CountdownData): CountdownState {
  if (cd.armed) return cd.failing ? 'FAILING' : 'ARMED';
  return cd.firedAt > 0 ? 'FIRED' : 'OFF';
}

/** Why the window text cannot be armed (whole seconds, 5–60), or null. */
export function windowFieldProblem(text: string): string | null {
  if (!/^[0-9]{1,2}$/.test(text)) return 'enter whole seconds from 5 to 60';
  const n = Number.parseInt(text, 10);
  return n < 5 || n > 60 ? `the window must be 5 to 60 seconds (got ${n})` : null;
}

/** A text bar of `width` cells filled to `left / window`, then the seconds left: `██████░░░░  17s`. */
export function countdownBar(leftMs: number, windowSec: number, width: number): string {
  const barW = Math.max(1, width - 5);
  const frac = windowSec > 0 ? Math.min(1, Math.max(0, leftMs) / (windowSec * 1000)) : 0;
  const filled = Math.round(frac * barW);
  return `${'█'.repeat(filled)}${'░'.repeat(barW - filled)}${`${Math.ceil(Math.max(0, leftMs) / 1000)}s`.padStart(5)}`;
}

/** Word-wraps `text` into at most `maxLines` lines of `width` cells; the last one ends in '…' when cut. */
function wrapLines(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > 0 && lines.length < maxLines) {
    if (rest.length <= width) {
      lines.push(rest);
      break;
    }
    if (lines.length === maxLines - 1) {
      lines.push(`${rest.slice(0, width - 1)}…`);
      break;
    }
    const cut = rest.lastIndexOf(' ', width);
    const at = cut > width / 3 ? cut : width;
    lines.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  return lines;
}

interface Row {
  readonly key: string;
  /** Lower is kept first when the panel is short. */
  readonly priority: number;
  readonly node: ReactNode;
}

/**
 * The dead-man countdown: state (OFF / ARMED / FAILING / FIRED), window, a bar of the time left,
 * the age of the last acknowledgement and, while failing, when the exchange will cancel every
 * order. Keys (scope `countdown`): `a` arm (window field, default 30 s), `r` re-arm now, `z` disarm.
 */
export function CountdownPanel({ focused, width, height, now }: CountdownPanelProps) {
  const { theme, services } = useAppContext();
  const cd = useAppStore((s) => s.countdown);
  const field = useTextField({ maxLength: 2, accept: /^[0-9]$/, label: 'the window', takes: 'whole seconds (5 to 60)' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<{ readonly ok: boolean; readonly text: string } | null>(null);
  /** The write under review: what `y` sends (every countdown write is reviewed first; Enter never sends). */
  // A ref state: "a 15 Enter y" may arrive as one stdin chunk, so y must see the review Enter opened.
  const [pending, setPending, pendingNow] = useRefState<{ readonly label: string; readonly sends: string; readonly call: (c: CountdownServices) => Promise<string | null> } | null>(null);
  const countdown = services.countdown;
  const { editing, stopEditing } = field;
  // Leaving the panel ends the edit, so typed keys never go to a field the user cannot see focused.
  useEffect(() => {
    if (!focused && editing) stopEditing();
  }, [focused, editing, stopEditing]);
  const fallback = String(cd.windowSec > 0 ? cd.windowSec : 30);
  const blocked = () => (countdown === null ? 'no API keys' : busy ? `${busy} is in flight` : null);
  const notArmed = () => blocked() ?? (cd.armed ? null : 'the countdown is not armed (a arms it)');
  const run = (label: string, call: (c: CountdownServices) => Promise<string | null>) => {
    if (!countdown) return;
    setBusy(label);
    setResult(null);
    void call(countdown).then(
      (reason) => {
        setBusy(null);
        setResult(reason === null ? { ok: true, text: `${label}: done` } : { ok: false, text: `${label} failed: ${reason}` });
      },
      (error: unknown) => {
        setBusy(null);
        setResult({ ok: false, text: `${label} failed: ${error instanceof Error ? error.message : String(error)}` });
      },
    );
  };
  useCommand(
    Command.COUNTDOWN_ARM,
    () => {
      field.setValue('');
      setFieldError(null);
      field.startEditing();
    },
    blocked,
  );
  useCommand(Command.COUNTDOWN_REARM, () => setPending({ label: 're-arm', sends: `countdown=${cd.windowSec}`, call: (c: CountdownServices) => c.arm(cd.windowSec) }), notArmed);
  useCommand(Command.COUNTDOWN_DISARM, () => setPending({ label: 'disarm', sends: 'countdown=0', call: (c: CountdownServices) => c.disarm() }), notArmed);
  useCommand(
    Command.COUNTDOWN_CONFIRM,
    () => {
      const p = pendingNow.current;
      if (!p) return false;
      setPending(null);
      run(p.label, p.call);
      return true;
    },
    () => (pendingNow.current ? blocked() : 'nothing to send: a arms, r re-arms, z disarms (each asks first)'),
  );
  // isEditing()/current(): "a 20 Enter" may arrive as one stdin chunk, before the next render.
  useCommand(Command.COUNTDOWN_SUBMIT, () => {
    if (!field.isEditing()) return false;
    const typed = field.current();
    const text = typed === '' ? fallback : typed;
    const problem = windowFieldProblem(text);
    if (problem) {
      setFieldError(problem);
      return true;
    }
    field.stopEditing();
    setFieldError(null);
    const sec = Number.parseInt(text, 10);
    setPending({ label: 'arm', sends: `countdown=${sec}`, call: (c: CountdownServices) => c.arm(sec) });
    return true;
  });
  useCommand(Command.COUNTDOWN_CANCEL_EDIT, () => {
    if (pendingNow.current) {
      setPending(null);
      return true;
    }
    if (!field.isEditing()) return false;
    field.stopEditing();
    setFieldError(null);
    return true;
  });

  const inner = Math.max(10, width - 2);
  const rows = Math.max(1, height - 3);
  const state = countdownState(cd);
  const left = Math.max(0, cd.expiresAt - now);
  const stateColor = { OFF: theme.muted, ARMED: theme.ok, FAILING: theme.danger, FIRED: theme.danger }[state];
  const alarm = state === 'FAILING' || state === 'FIRED';
  const line = (key: string, priority: number, text: string, color: string | null = null, bold = false): Row => ({
    key,
    priority,
    node: (
      <Text key={key} wrap="truncate-end" color={color ?? undefined} bold={bold}>
        {text}
      </Text>
    ),
  });
  const list: Row[] = [
    {
      key: 'state',
      priority: 0,
      node: (
        <Text key="state" wrap="truncate-end">
          <Text color={stateColor ?? undefined} bold={state !== 'OFF'} inverse={alarm && stateColor === null}>
            {` ${state} `.padEnd(9)}
          </Text>
          {` window ${String(cd.windowSec).padStart(2)}s`}
          {busy ? <Text color={theme.warn ?? undefined}>{`  ${busy}: sending`}</Text> : null}
        </Text>
      ),
    },
  ];
  if (field.editing) {
    list.push({
      key: 'field',
      priority: 0,
      node: <FieldRow key="field" label="Window" value={field.value} placeholder={fallback} selected editing unit="s (5–60) Enter reviews, Esc cancels" labelWidth={7} />,
    });
    if (fieldError) list.push(line('fieldError', 1, `        ${fieldError}`, theme.danger, theme.danger === null));
  }
  if (pending) {
    list.push(line('pending', 0, `Send? ${pending.label} ${pending.sends}: y sends, Esc backs out`, theme.warn, theme.warn === null));
    list.push(line('pendingKeys', 1, '  POST /api/v3/trade/countdown-cancel-all (Enter never sends)', theme.muted));
  }
  if (state === 'ARMED' || state === 'FAILING') {
    const barColor = state === 'FAILING' ? theme.danger : left < (cd.windowSec * 1000) / 3 ? theme.warn : theme.ok;
    list.push(line('bar', 2, countdownBar(left, cd.windowSec, inner), barColor));
  }
  if (state === 'FAILING') {
    const text = `renewals stopped: ${cd.lastError ?? 'unknown reason'} — orders cancel at ${formatClock(cd.expiresAt)} (in ${Math.ceil(left / 1000)}s)`;
    wrapLines(text, inner, 2).forEach((t, i) => list.push(line(`failing${i}`, i === 0 ? 1 : 3, t, theme.danger, true)));
  }
  if (state === 'FIRED') {
    wrapLines(`expired at ${formatClock(cd.firedAt)}: the exchange cancelled all UTA orders`, inner, 2).forEach((t, i) => list.push(line(`fired${i}`, 1, t, theme.danger, true)));
  }
  if (cd.armed && cd.lastAckAt > 0) list.push(line('ack', 4, `last ack ${formatAge(now - cd.lastAckAt).padStart(3)} ago (${formatClock(cd.lastAckAt)})`, theme.muted));
  if (result) list.push(line('result', result.ok ? 5 : 3, result.text, result.ok ? theme.muted : theme.danger, !result.ok && theme.danger === null));
  if (countdown === null) list.push(line('nokeys', 1, 'no API keys: the countdown needs trading keys', theme.muted));
  else if (state === 'OFF' && !field.editing) list.push(line('hint', 6, 'off: a arms the dead-man switch (5–60 s)', theme.muted));

  const keep = new Set(
    list
      .map((r, i) => ({ r, i }))
      .sort((x, y) => x.r.priority - y.r.priority || x.i - y.i)
      .slice(0, rows)
      .map((x) => x.r.key),
  );
  return (
    <Panel title="Countdown (dead-man switch)" hotkey="7" focused={focused} width={width} height={height}>
      {list.filter((r) => keep.has(r.key)).map((r) => r.node)}
    </Panel>
  );
}
