import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { alertRuleJson, parseAlertRule } from './alert-config.js';
import { ALERT_FORM_FIELDS, ALERT_FORM_KINDS, alertFormInitialValues, checkAlertForm, firstAlertFormError, type AlertFormValues } from './alert-form.js';
import type { AlertKind } from './alert-rules.js';

const START = alertFormInitialValues({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
const INSTRUMENTS = new Set(['USDT-FUTURES:BTCUSDT', 'SPOT:ETHUSDT']);

function check(kind: AlertKind, values: AlertFormValues) {
  return checkAlertForm(kind, { ...START, ...values }, { instruments: INSTRUMENTS });
}

describe('checkAlertForm: texts that make a rule', () => {
  it('a price level: the focused symbol, the file parser defaults (band 0.1 %, last price), the config shape to save', () => {
    const c = check('price', { level: '100000' });
    expect(c.errors).toEqual({});
    expect(c.json).toEqual({ kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', source: 'last', above: '100000' });
    expect(c.rule).toMatchObject({ kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', direction: 'above', source: 'last', severity: 'warn', banner: true, bell: null });
    expect(c.rule?.kind === 'price' && [c.rule.level.toFixed(), c.rule.bandPct.toFixed()]).toEqual(['100000', '0.1']);
    const below = check('price', { category: 'SPOT', symbol: 'ethusdt', direction: 'below', source: 'mark', level: '2500.5' });
    expect(below.json).toEqual({ kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', source: 'mark', below: '2500.5' });
  });

  it.each<[AlertKind, AlertFormValues, Record<string, unknown>]>([
    ['liquidationDistance', { belowPct: '5' }, { kind: 'liquidationDistance', belowPct: new Decimal(5), symbol: null, bandPct: new Decimal('0.5') }],
    ['liquidationDistance', { belowPct: '2.5', positionSymbol: 'btcusdt' }, { symbol: 'BTCUSDT' }],
    ['loanRatio', { loanAbove: '75' }, { kind: 'loanRatio', above: new Decimal('0.75'), bandPoints: new Decimal(1) }],
    ['loanMarginCall', {}, { kind: 'loanMarginCall', withinPoints: new Decimal(5) }],
    ['loanMarginCall', { withinMarginCall: '0' }, { withinPoints: new Decimal(0) }],
    ['loanLiquidation', {}, { kind: 'loanLiquidation', withinPoints: new Decimal(3), severity: 'error' }],
    ['marginRatio', { marginAbove: '100' }, { kind: 'marginRatio', above: new Decimal(1) }],
    ['socketDown', { afterSec: '30', socket: 'private' }, { kind: 'socketDown', afterSec: 30, socket: 'private' }],
    ['orderFilled', {}, { kind: 'orderFilled', severity: 'info' }],
    ['orderRejected', {}, { kind: 'orderRejected', severity: 'error' }],
    ['countdownFailing', {}, { kind: 'countdownFailing' }],
    ['fill', {}, { kind: 'fill', banner: false }],
  ])('%s %j', (kind, values, expected) => {
    const c = check(kind, values);
    expect(c.errors).toEqual({});
    expect(c.rule).toMatchObject(expected);
    // What is saved reads back, through the file's parser, as the same rule.
    expect(c.json && c.rule ? parseAlertRule(alertRuleJson(c.rule), 'x') : null).toEqual(c.rule);
  });

  it('every kind the form offers has its fields; every text field starts with a default or shows an example', () => {
    expect(ALERT_FORM_KINDS.map((k) => k.kind).sort()).toEqual(Object.keys(ALERT_FORM_FIELDS).sort());
    for (const fields of Object.values(ALERT_FORM_FIELDS)) for (const f of fields) if (f.type === 'text') expect(f.placeholder.length, f.key).toBeGreaterThan(0);
  });
});

describe('checkAlertForm: each bad input has its own message, starting with the field label', () => {
  it.each<[AlertKind, AlertFormValues, string, string]>([
    ['price', { level: '' }, 'level', 'level: required (e.g. 100000)'],
    ['price', { level: 'abc' }, 'level', "level: not a number (digits and one '.', e.g. 100000)"],
    ['price', { level: '1.2.3' }, 'level', "level: not a number (digits and one '.', e.g. 100000)"],
    ['price', { level: '.5' }, 'level', "level: not a number (digits and one '.', e.g. 100000)"],
    ['price', { level: '0' }, 'level', 'level: must be more than 0'],
    ['price', { level: '1', symbol: '' }, 'symbol', 'symbol: required (e.g. BTCUSDT)'],
    ['price', { level: '1', symbol: 'BTCUSD' }, 'symbol', 'symbol: no USDT-FUTURES instrument BTCUSD'],
    ['liquidationDistance', {}, 'belowPct', 'below: required (e.g. 5)'],
    ['liquidationDistance', { belowPct: '0' }, 'belowPct', 'below: must be more than 0'],
    ['loanRatio', {}, 'loanAbove', 'above: required (e.g. 80)'],
    ['loanRatio', { loanAbove: '0' }, 'loanAbove', 'above: must be between 0 and 100 % (a percent: 80 means 80 %)'],
    ['loanRatio', { loanAbove: '100.5' }, 'loanAbove', 'above: must be between 0 and 100 % (a percent: 80 means 80 %)'],
    ['marginRatio', { marginAbove: '250' }, 'marginAbove', 'above: must be between 0 and 100 % (a percent: 80 means 80 %)'],
    ['marginRatio', { marginAbove: 'x' }, 'marginAbove', "above: not a number (digits and one '.', e.g. 80)"],
    ['loanMarginCall', { withinMarginCall: '' }, 'withinMarginCall', 'within: required (e.g. 5)'],
    ['loanLiquidation', { withinLiquidation: '-1' }, 'withinLiquidation', "within: not a number (digits and one '.', e.g. 3)"],
    ['socketDown', { afterSec: '' }, 'afterSec', 'after: required: a whole number of seconds from 0 to 86400'],
    ['socketDown', { afterSec: '86401' }, 'afterSec', 'after: a whole number of seconds from 0 to 86400'],
    ['socketDown', { afterSec: '1.5' }, 'afterSec', 'after: a whole number of seconds from 0 to 86400'],
  ])('%s %j → %s', (kind, values, field, message) => {
    const c = check(kind, values);
    expect(c.rule).toBeNull();
    expect(c.json).toBeNull();
    expect(c.errors).toEqual({ [field]: message });
    expect(firstAlertFormError(kind, c)).toBe(message);
  });

  it('reports every bad field at once, in form order, and does not check symbols before instruments are loaded', () => {
    const c = check('price', { symbol: '', level: 'x' });
    expect(c.errors).toEqual({ symbol: 'symbol: required (e.g. BTCUSDT)', level: "level: not a number (digits and one '.', e.g. 100000)" });
    expect(firstAlertFormError('price', c)).toBe('symbol: required (e.g. BTCUSDT)');
    expect(checkAlertForm('price', { ...START, symbol: 'NEWUSDT', level: '1' }, { instruments: new Set() }).rule).toMatchObject({ symbol: 'NEWUSDT' });
  });
});
