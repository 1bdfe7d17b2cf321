import type { Decimal } from 'decimal.js';
import type { AlertMemory, AlertRule } from './alert-rules.js';

/**
 * The rule set as it changes at run time (rules added and removed from inside the app): the
 * evaluation memory kept across a removal, whether a rule stands fired, and a rule in words for
 * the review and the list. Pure.
 */

/** The rule index of a memory key (`index:subject`), or null for a malformed key. */
function ruleIndexOf(key: string): number | null {
  const colon = key.indexOf(':');
  const n = Number(key.slice(0, colon));
  return colon > 0 && Number.isInteger(n) ? n : null;
}

/**
 * A memory key after rule `removed` left the list: null for the removed rule's own subjects, the
 * index one lower for the rules after it, unchanged before it.
 */
export function alertKeyAfterRemoval(key: string, removed: number): string | null {
  const i = ruleIndexOf(key);
  if (i === null || i === removed) return null;
  return i > removed ? `${i - 1}${key.slice(key.indexOf(':'))}` : key;
}

/**
 * The memory after rule `removed` left the list: its subjects and seen events are forgotten, every
 * other rule keeps its fired subjects and seen events (so nothing fires again and nothing re-arms
 * because another rule went), re-keyed to its new index.
 */
export function forgetAlertRule(memory: AlertMemory, removed: number): AlertMemory {
  const fired = new Set<string>();
  for (const key of memory.fired) {
    const next = alertKeyAfterRemoval(key, removed);
    if (next !== null) fired.add(next);
  }
  const seen = new Map<number, ReadonlySet<string>>();
  for (const [i, ids] of memory.seen) if (i !== removed) seen.set(i > removed ? i - 1 : i, ids);
  return { ...memory, fired, seen };
}

/** True while some subject of rule `index` has fired and not re-armed (state rules; event rules never stand fired). */
export function alertRuleFired(memory: AlertMemory, index: number): boolean {
  const prefix = `${index}:`;
  for (const key of memory.fired) if (key.startsWith(prefix)) return true;
  return false;
}

function pct(fraction: Decimal): string {
  return `${fraction.times(100).toFixed()}%`;
}

function pointsText(p: Decimal): string {
  return `${p.toFixed()} point${p.eq(1) ? '' : 's'}`;
}

/** The rule's condition in words, e.g. "USDT-FUTURES BTCUSDT last price crosses above 100000". */
export function alertRuleText(rule: AlertRule): string {
  switch (rule.kind) {
    case 'price':
      return `${rule.category} ${rule.symbol} ${rule.source} price crosses ${rule.direction} ${rule.level.toFixed()}`;
    case 'liquidationDistance':
      return `${rule.symbol === null ? 'any position' : `a ${rule.symbol} position`} within ${rule.belowPct.toFixed()}% of its liquidation price`;
    case 'loanRatio':
      return `a loan's ratio reaches ${pct(rule.above)}`;
    case 'loanMarginCall':
      return rule.withinPoints.isZero() ? 'a loan reaches its margin call' : `a loan within ${pointsText(rule.withinPoints)} of its margin call`;
    case 'loanLiquidation':
      return rule.withinPoints.isZero() ? 'a loan reaches its liquidation line' : `a loan within ${pointsText(rule.withinPoints)} of liquidation`;
    case 'marginRatio':
      return `the account margin ratio reaches ${pct(rule.above)}`;
    case 'orderFilled':
      return 'an order of ours is filled completely';
    case 'fill':
      return 'every fill of our orders';
    case 'orderRejected':
      return 'the exchange rejects an order of ours';
    case 'countdownFailing':
      return "the armed countdown's renewals fail";
    case 'socketDown':
      return `${rule.socket === 'any' ? 'a' : `the ${rule.socket}`} socket down for ${rule.afterSec} s or more`;
  }
}

/** When a state rule re-arms, in words; null for an event rule (each new event alerts). */
export function alertRearmText(rule: AlertRule): string | null {
  switch (rule.kind) {
    case 'price':
      return `re-arms ${rule.bandPct.toFixed()}% of the level back`;
    case 'liquidationDistance':
      return `re-arms at ${rule.belowPct.plus(rule.bandPct).toFixed()}%`;
    case 'loanRatio':
    case 'loanMarginCall':
    case 'loanLiquidation':
    case 'marginRatio':
      return `re-arms ${pointsText(rule.bandPoints)} below the line`;
    case 'countdownFailing':
      return 're-arms once renewals succeed';
    case 'socketDown':
      return 're-arms when the socket is back';
    case 'orderFilled':
    case 'fill':
    case 'orderRejected':
      return null;
  }
}

/** How a rule reports, in words: its level and the outputs it sets itself (null ones follow the `alerts` settings). */
export function alertOutputText(rule: AlertRule): string {
  const own = (name: string, v: boolean | null) => (v === null ? null : `${name} ${v ? 'on' : 'off'}`);
  const parts = [rule.severity, rule.banner ? 'banner' : 'log only', own('bell', rule.bell), own('notification', rule.notify)].filter((p): p is string => p !== null);
  return parts.join(' · ');
}
