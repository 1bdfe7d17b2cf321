import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { AlertConfigError, alertRuleJson, defaultAlertSettings, parseAlertRule, parseAlertSettings, parseStoredAlertRules } from './alert-config.js';

describe('parseAlertSettings', () => {
  it('absent: bell on, notifications off, banner 30 s, the built-in rules (loan liquidation distance from loanAlarms)', () => {
    const s = parseAlertSettings(undefined, new Decimal(4));
    expect(s.bell).toBe(true);
    expect(s.notify).toBe('off');
    expect(s.bannerSec).toBe(30);
    expect(s.rules.map((r) => r.kind)).toEqual(['loanMarginCall', 'loanLiquidation', 'countdownFailing', 'socketDown', 'orderRejected', 'fill']);
    const liq = s.rules[1];
    expect(liq?.kind === 'loanLiquidation' && liq.withinPoints.toFixed()).toBe('4');
    const fill = s.rules[5];
    expect(fill).toMatchObject({ kind: 'fill', banner: false, bell: false, notify: false, severity: 'info' });
    expect(defaultAlertSettings().rules[1]).toMatchObject({ kind: 'loanLiquidation', withinPoints: new Decimal(3) });
  });

  it('reads every kind with its defaults', () => {
    const s = parseAlertSettings({
      bell: false,
      notify: true,
      bannerSec: 10,
      rules: [
        { kind: 'price', symbol: 'BTCUSDT', category: 'USDT-FUTURES', above: '100000' },
        { kind: 'price', symbol: 'ETHUSDT', category: 'SPOT', below: 2500, source: 'mark', bandPct: '0.5', level: 'error', bell: true },
        { kind: 'loanRatio', above: '0.7' },
        { kind: 'loanMarginCall', withinPoints: '5' },
        { kind: 'loanLiquidation' },
        { kind: 'liquidationDistance', belowPct: '5' },
        { kind: 'marginRatio', above: '0.8', bandPoints: '2' },
        { kind: 'orderFilled', notify: false },
        { kind: 'orderRejected' },
        { kind: 'fill' },
        { kind: 'countdownFailing', banner: false },
        { kind: 'socketDown', afterSec: 10, socket: 'private' },
      ],
    });
    expect(s.bell).toBe(false);
    expect(s.notify).toBe('both');
    expect(s.bannerSec).toBe(10);
    const [p1, p2, lr, mc, ll, ld, mr, of, or, fl, cd, sd] = s.rules;
    expect(p1).toMatchObject({ kind: 'price', direction: 'above', source: 'last', severity: 'warn', banner: true, bell: null, notify: null });
    expect(p1?.kind === 'price' && [p1.level.toFixed(), p1.bandPct.toFixed()]).toEqual(['100000', '0.1']);
    expect(p2).toMatchObject({ kind: 'price', category: 'SPOT', direction: 'below', source: 'mark', severity: 'error', bell: true });
    expect(p2?.kind === 'price' && [p2.level.toFixed(), p2.bandPct.toFixed()]).toEqual(['2500', '0.5']);
    expect(lr?.kind === 'loanRatio' && [lr.above.toFixed(), lr.bandPoints.toFixed()]).toEqual(['0.7', '1']);
    expect(mc?.kind === 'loanMarginCall' && mc.withinPoints.toFixed()).toBe('5');
    expect(ll).toMatchObject({ kind: 'loanLiquidation', severity: 'error', withinPoints: new Decimal(3) });
    expect(ld).toMatchObject({ kind: 'liquidationDistance', belowPct: new Decimal(5), bandPct: new Decimal('0.5'), symbol: null, severity: 'error' });
    expect(mr).toMatchObject({ kind: 'marginRatio', bandPoints: new Decimal(2) });
    expect(of).toMatchObject({ kind: 'orderFilled', severity: 'info', notify: false });
    expect(or).toMatchObject({ kind: 'orderRejected', severity: 'error' });
    expect(fl).toMatchObject({ kind: 'fill', banner: false });
    expect(cd).toMatchObject({ kind: 'countdownFailing', banner: false });
    expect(sd).toMatchObject({ kind: 'socketDown', afterSec: 10, socket: 'private' });
  });

  it('keeps the built-in rules when only the outputs are set; "rules": [] turns every alert off', () => {
    expect(parseAlertSettings({ notify: 'osc777' }).rules).toHaveLength(6);
    expect(parseAlertSettings({ notify: 'osc777' }).notify).toBe('osc777');
    expect(parseAlertSettings({ rules: [] }).rules).toEqual([]);
  });

  it.each([
    ['not an object', 'yes', /^alerts must be an object/],
    ['unknown key', { sound: true }, /^alerts has unknown key\(s\) sound/],
    ['bell', { bell: 'on' }, /^alerts\.bell must be true or false \(got "on"\)$/],
    ['notify', { notify: 'osc99' }, /^alerts\.notify must be true, false, "osc9" or "osc777"/],
    ['bannerSec', { bannerSec: 0 }, /^alerts\.bannerSec must be a whole number/],
    ['rules not a list', { rules: {} }, /^alerts\.rules must be a list/],
    ['rule not an object', { rules: ['price'] }, /^alerts\.rules\[0\] must be an object/],
    ['unknown kind', { rules: [{ kind: 'pnl' }] }, /^alerts\.rules\[0\]\.kind must be one of price, /],
    ['field of another kind', { rules: [{ kind: 'fill' }, { kind: 'loanRatio', above: '0.7', belowPct: '3' }] }, /^alerts\.rules\[1\]\.belowPct is not a field of a loanRatio rule/],
    ['missing level', { rules: [{ kind: 'price', symbol: 'BTCUSDT' }] }, /^alerts\.rules\[0\]\.above \(or \.below\) is missing/],
    ['both sides', { rules: [{ kind: 'price', symbol: 'BTCUSDT', above: '1', below: '2' }] }, /^alerts\.rules\[0\] has both above and below/],
    ['bad decimal', { rules: [{ kind: 'price', symbol: 'BTCUSDT', above: '1e5' }] }, /^alerts\.rules\[0\]\.above must be a positive decimal string like "5" \(got "1e5"\)$/],
    ['zero level', { rules: [{ kind: 'marginRatio', above: '0' }] }, /^alerts\.rules\[0\]\.above must be a positive decimal/],
    ['negative band', { rules: [{ kind: 'loanRatio', above: '0.7', bandPoints: -1 }] }, /^alerts\.rules\[0\]\.bandPoints must be a decimal/],
    ['missing symbol', { rules: [{ kind: 'price', above: '1' }] }, /^alerts\.rules\[0\]\.symbol must be a non-empty string/],
    ['bad category', { rules: [{ kind: 'price', symbol: 'X', above: '1', category: 'futures' }] }, /^alerts\.rules\[0\]\.category must be one of SPOT, /],
    ['bad afterSec', { rules: [{ kind: 'socketDown', afterSec: 2.5 }] }, /^alerts\.rules\[0\]\.afterSec must be a whole number of seconds/],
    ['bad socket', { rules: [{ kind: 'socketDown', socket: 'both' }] }, /^alerts\.rules\[0\]\.socket must be one of public, private, any/],
    ['bad flag', { rules: [{ kind: 'fill', bell: 'yes' }] }, /^alerts\.rules\[0\]\.bell must be true or false/],
    ['bad level', { rules: [{ kind: 'fill', level: 'loud' }] }, /^alerts\.rules\[0\]\.level must be one of info, warn, error/],
  ])('%s: one line naming the field', (_name, raw, message) => {
    let caught: unknown = null;
    try {
      parseAlertSettings(raw);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AlertConfigError);
    const text = (caught as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });
});

describe('alert rules saved from the in-app form', () => {
  it('alertRuleJson writes the config shape that parseAlertRule reads back to the same rule; defaults of the common fields are left out', () => {
    const rules = parseAlertSettings({
      rules: [
        { kind: 'price', symbol: 'ETHUSDT', category: 'SPOT', below: '2500', source: 'mark', bandPct: '0.5', level: 'error', bell: true },
        { kind: 'liquidationDistance', belowPct: '5', symbol: 'BTCUSDT' },
        { kind: 'fill', banner: true, notify: false },
        { kind: 'socketDown', afterSec: 0, socket: 'public' },
      ],
    }).rules;
    const json = rules.map(alertRuleJson);
    expect(json[0]).toEqual({ kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', source: 'mark', below: '2500', bandPct: '0.5', level: 'error', bell: true });
    expect(json[2]).toEqual({ kind: 'fill', banner: true, notify: false });
    expect(json.map((j, i) => parseAlertRule(j, `r${i}`))).toEqual(rules);
    expect(parseAlertSettings(JSON.parse(JSON.stringify({ rules: json }))).rules).toEqual(rules);
  });

  it('parseStoredAlertRules keeps the good rules and names each bad one, never throwing', () => {
    const stored = parseStoredAlertRules([{ kind: 'orderRejected' }, { kind: 'pnl' }, 'x', { kind: 'loanRatio', above: '0.8' }]);
    expect(stored.rules.map((r) => r.kind)).toEqual(['orderRejected', 'loanRatio']);
    expect(stored.problems).toEqual([expect.stringMatching(/^saved alert rule 2\.kind must be one of price, /), expect.stringMatching(/^saved alert rule 3 must be an object/)]);
    expect(parseStoredAlertRules(undefined)).toEqual({ rules: [], problems: [] });
    expect(parseStoredAlertRules({ rules: [] }).problems).toEqual([expect.stringMatching(/^saved alert rules must be a list/)]);
  });

  it('a ratio rule above 1 (a percent written where a fraction belongs) is refused: it could never fire', () => {
    expect(() => parseAlertSettings({ rules: [{ kind: 'loanRatio', above: '80' }] })).toThrow(/^alerts\.rules\[0\]\.above must be a fraction of at most 1 like "0\.8" \(a ratio: 1 = 100%\) \(got "80"\)$/);
    expect(parseAlertSettings({ rules: [{ kind: 'marginRatio', above: '1' }] }).rules).toHaveLength(1);
  });
});
