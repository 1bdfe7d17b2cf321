import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { CountdownFacts } from '../../domain/risk-summary.js';
import { makeDirs } from '../../services/private-ndjson-file.js';

/**
 * The commands' files beside the dashboard's (`$XDG_STATE_HOME/utadash`, else
 * ~/.local/state/utadash): the audit log they append to, and the countdown as `countdown arm`
 * last set it. The exchange has no call that reads the countdown back, so `status` shows what the
 * command line armed on this machine (a cron job re-arming it keeps this true).
 */

/** `$XDG_STATE_HOME/utadash` (or ~/.local/state/utadash), where the dashboard keeps its log. */
export function stateDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME && env.XDG_STATE_HOME !== '' ? env.XDG_STATE_HOME : join(env.HOME ?? homedir(), '.local', 'state');
  return join(base, 'utadash');
}

/** The audit log the dashboard writes by default: every write the commands send is appended to it too. */
export function auditPath(env: NodeJS.ProcessEnv): string {
  return join(stateDir(env), 'audit.ndjson');
}

/** The countdown as the command line armed it, per account. */
interface ArmedCountdown {
  /** Window, seconds. */
  readonly windowSec: number;
  /** Unix ms the exchange acknowledged the arm. */
  readonly ackAt: number;
}

function countdownPath(env: NodeJS.ProcessEnv): string {
  return join(stateDir(env), 'countdown.json');
}

function readAll(env: NodeJS.ProcessEnv): Record<string, ArmedCountdown> {
  try {
    const data: unknown = JSON.parse(readFileSync(countdownPath(env), 'utf8'));
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
    const out: Record<string, ArmedCountdown> = {};
    for (const [key, v] of Object.entries(data as Record<string, unknown>)) {
      const r = v as Partial<ArmedCountdown> | null;
      if (r && typeof r.windowSec === 'number' && typeof r.ackAt === 'number') out[key] = { windowSec: r.windowSec, ackAt: r.ackAt };
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * Records (or with null, forgets) the countdown of `account` (mode and account label, never a key).
 * Written whole through a temporary file; a failure is returned as text (the arm itself stands).
 */
export function saveCountdown(env: NodeJS.ProcessEnv, account: string, armed: ArmedCountdown | null): string | null {
  const all = readAll(env);
  if (armed === null) delete all[account];
  else all[account] = armed;
  try {
    makeDirs(stateDir(env));
    const path = countdownPath(env);
    writeFileSync(`${path}.tmp`, `${JSON.stringify(all)}\n`, { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The countdown of `account` at `now` as the risk line reads it: armed until its window runs out,
 * then fired (the exchange cancelled, unless something else renewed it); off when never armed here
 * or disarmed.
 */
export function loadCountdown(env: NodeJS.ProcessEnv, account: string, now: number): CountdownFacts {
  const c = readAll(env)[account];
  if (!c) return { armed: false, expiresAt: 0, failing: false, firedAt: 0 };
  const expiresAt = c.ackAt + c.windowSec * 1000;
  return now < expiresAt ? { armed: true, expiresAt, failing: false, firedAt: 0 } : { armed: false, expiresAt: 0, failing: false, firedAt: expiresAt };
}
