import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { parseAlertSettings, type AlertRuleJson, type AlertSettings } from '../domain/alert-config.js';
import type { AlertRule } from '../domain/alert-rules.js';
import type { Fill, Loan, Ticker } from '../domain/model.js';
import { createAppStore } from '../store/create-app-store.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import { CONFIG_RULE_READ_ONLY, startAlertRuleServices } from './alert-rule-services.js';
import { AlertService } from './alert-service.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const d = (v: string) => new Decimal(v);

function ticker(last: string): Ticker {
  return {
    category: 'USDT-FUTURES', symbol: 'BTCUSDT', lastPrice: d(last), bid1Price: d(last), ask1Price: d(last), high24h: d(last), low24h: d(last), open24h: d(last), change24h: d('0'),
    volume24h: d('1'), turnover24h: d('1'), markPrice: d(last), indexPrice: d(last), fundingRate: null, openInterest: null,
    deliveryStatus: null, ts: NOW,
  };
}

function loan(ratio: string): Loan {
  return {
    orderId: 'L1', loanCoin: 'USDT', loanAmount: d('1000'), interestAmount: d('1'), hourInterestRate: d('0.00001'), pledgeCoin: 'BTC', pledgeAmount: d('0.05'),
    pledgeRate: d(ratio), supRate: d('0.8'), forceRate: d('0.9'), borrowTime: NOW, expireTime: 0,
  };
}

function fill(execId: string): Fill {
  return { execId, orderId: 'o', clientOid: 'c', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', price: d('1'), qty: d('1'), fee: d('0'), feeCoin: 'USDT', scope: 'taker', pnl: null, time: NOW };
}

function rule(json: AlertRuleJson): AlertRule {
  const [r] = parseAlertSettings({ rules: [json] }).rules;
  if (!r) throw new Error('no rule');
  return r;
}

/** A service on a fresh store with `config` rules (default: the loan margin call at the line, band 3 points). */
function setup(saved?: unknown, config: AlertSettings = parseAlertSettings({ rules: [{ kind: 'loanMarginCall', withinPoints: '0', bandPoints: '3' }] })) {
  const store = createAppStore();
  const service = new AlertService({ store, now: () => NOW, settings: config, write: () => undefined });
  const writes: (readonly AlertRuleJson[])[] = [];
  let failSave: string | null = null;
  const logged: string[] = [];
  const alerts = startAlertRuleServices(
    service,
    { saved, save: (rules) => (failSave === null ? void writes.push(rules) : undefined) ?? failSave },
    (level: LogLevelUi, text: string) => void logged.push(`${level} ${text}`),
  );
  const fires = () => store.getState().ui.log.filter((l) => l.level !== 'info').map((l) => l.text);
  return { store, service, alerts, writes, logged, fires, failNextSaves: (why: string) => void (failSave = why) };
}

describe('AlertService: a rule set that changes at run time', () => {
  it('an added rule is evaluated at once; removing another rule keeps its fired state (no second alert, no false re-arm)', () => {
    const { store, service, fires } = setup();
    store.getState().setLoans([loan('0.85')], NOW);
    service.check();
    expect(fires()).toHaveLength(1);
    // A price rule added after the loan rule fired: its condition is already true, so it fires now.
    store.getState().setTickers([ticker('101000')], NOW);
    const price = service.addRule(rule({ kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', above: '100000' }));
    expect(fires()).toEqual([expect.stringContaining('margin call'), 'BTCUSDT last price 101000 crossed above 100000']);
    expect(service.rules().map((e) => [e.source, e.fired])).toEqual([['config', true], ['added', true]]);
    // Remove a rule in front of the price rule: the price rule (now index 0) stays fired, so no repeat.
    const extra = service.addRule(rule({ kind: 'loanRatio', above: '0.5' }));
    expect(fires()).toHaveLength(3);
    service.removeRule(service.rules()[0]?.id ?? '');
    service.check();
    expect(fires()).toHaveLength(3);
    expect(service.rules().map((e) => [e.id, e.fired])).toEqual([[price, true], [extra, true]]);
    // The price falls back past its band: the clear is for the price rule, re-keyed.
    store.getState().setTickers([ticker('99000')], NOW);
    expect(service.check().map((e) => `${e.phase} ${e.key}`)).toEqual(['clear 0:price']);
    expect(service.removeRule('nope')).toBe(false);
  });

  it('an event rule added later takes the events already there as seen: only new ones alert', () => {
    const { store, service } = setup(undefined, parseAlertSettings({ rules: [] }));
    store.getState().addFills([fill('f1')], NOW);
    service.check();
    service.addRule(rule({ kind: 'fill' }));
    expect(store.getState().ui.log.filter((l) => l.text.startsWith('fill:'))).toEqual([]);
    store.getState().addFills([fill('f2')], NOW);
    expect(service.check().map((e) => e.key)).toEqual(['0:f2']);
  });

  it('removing the rule whose banner shows takes the banner with it', () => {
    const { store, service } = setup();
    store.getState().setLoans([loan('0.85')], NOW);
    service.check();
    expect(store.getState().ui.banner).not.toBeNull();
    service.removeRule(service.rules()[0]?.id ?? '');
    expect(store.getState().ui.banner).toBeNull();
  });
});

describe('startAlertRuleServices: the UI interface and the saved rules', () => {
  it('puts saved rules back as "added"; a bad saved rule is skipped with a warning, never thrown', () => {
    const { alerts, logged } = setup([{ kind: 'orderRejected' }, { kind: 'price', symbol: 'BTCUSDT' }, { kind: 'socketDown', afterSec: 30 }]);
    expect(alerts.rules().map((e) => `${e.source} ${e.rule.kind}`)).toEqual(['config loanMarginCall', 'added orderRejected', 'added socketDown']);
    expect(logged).toEqual(['warn saved alert rule 2.above (or .below) is missing: the price level as a decimal string like "100000": skipped (it is not kept once the rules change)']);
  });

  it('add and remove save the added rules in the config shape; config rules are not removable; a failed save is logged and reported', () => {
    const { alerts, writes, logged, failNextSaves } = setup();
    const { id, saveProblem } = alerts.add(rule({ kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', below: '2500' }));
    expect(saveProblem).toBeNull();
    expect(writes.at(-1)).toEqual([{ kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', source: 'last', below: '2500', bandPct: '0.1' }]);
    expect(logged).toEqual(['info alert added: SPOT ETHUSDT last price crosses below 2500']);
    expect(alerts.remove(alerts.rules()[0]?.id ?? '')).toBe(CONFIG_RULE_READ_ONLY);
    expect(alerts.rules()).toHaveLength(2);
    failNextSaves('disk full');
    expect(alerts.add(rule({ kind: 'countdownFailing' })).saveProblem).toBe('disk full');
    expect(logged.at(-1)).toBe('warn alert rules not saved for the next start: disk full');
    expect(alerts.remove(id)).toBeNull();
    expect(alerts.rules().map((e) => e.rule.kind)).toEqual(['loanMarginCall', 'countdownFailing']);
    expect(alerts.remove(id)).toMatch(/^no alert rule added-\d+/);
  });
});
