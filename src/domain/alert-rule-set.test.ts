import { describe, expect, it } from 'vitest';
import { parseAlertSettings } from './alert-config.js';
import { alertKeyAfterRemoval, alertOutputText, alertRearmText, alertRuleFired, alertRuleText, forgetAlertRule } from './alert-rule-set.js';
import type { AlertMemory } from './alert-rules.js';

describe('forgetAlertRule', () => {
  const memory: AlertMemory = {
    primed: true,
    fired: new Set(['0:price', '1:loan:7', '1:loan:8', '2:socket:public', '10:account']),
    seen: new Map([[1, new Set(['a'])], [3, new Set(['b'])]]),
    downSince: { public: 5 },
  };

  it('drops the removed rule, re-keys the later ones one lower, keeps the earlier ones and the sockets', () => {
    const next = forgetAlertRule(memory, 1);
    expect([...next.fired].sort()).toEqual(['0:price', '1:socket:public', '9:account']);
    expect([...next.seen.entries()]).toEqual([[2, new Set(['b'])]]);
    expect(next.primed).toBe(true);
    expect(next.downSince).toEqual({ public: 5 });
    expect(memory.fired.size).toBe(5);
  });

  it('re-keys one key; a malformed key is dropped', () => {
    expect(alertKeyAfterRemoval('3:loan:1:2', 1)).toBe('2:loan:1:2');
    expect(alertKeyAfterRemoval('0:x', 1)).toBe('0:x');
    expect(alertKeyAfterRemoval('1:x', 1)).toBeNull();
    expect(alertKeyAfterRemoval('x:y', 1)).toBeNull();
  });

  it('a rule stands fired while one of its subjects is fired', () => {
    expect(alertRuleFired(memory, 1)).toBe(true);
    expect(alertRuleFired(memory, 3)).toBe(false);
    // "1:" is not a prefix of "10:".
    expect(alertRuleFired({ ...memory, fired: new Set(['10:account']) }, 1)).toBe(false);
  });
});

describe('a rule in words', () => {
  it('says each kind, its re-arm and its outputs', () => {
    const rules = parseAlertSettings({
      rules: [
        { kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', above: '100000' },
        { kind: 'liquidationDistance', belowPct: '5' },
        { kind: 'loanRatio', above: '0.75' },
        { kind: 'loanMarginCall', withinPoints: '0' },
        { kind: 'loanLiquidation', withinPoints: '1' },
        { kind: 'marginRatio', above: '0.8' },
        { kind: 'socketDown', afterSec: 10 },
        { kind: 'orderRejected', bell: false },
      ],
    }).rules;
    expect(rules.map(alertRuleText)).toEqual([
      'USDT-FUTURES BTCUSDT last price crosses above 100000',
      'any position within 5% of its liquidation price',
      "a loan's ratio reaches 75%",
      'a loan reaches its margin call',
      'a loan within 1 point of liquidation',
      'the account margin ratio reaches 80%',
      'a socket down for 10 s or more',
      'the exchange rejects an order of ours',
    ]);
    expect(rules.map(alertRearmText)).toEqual(['re-arms 0.1% of the level back', 're-arms at 5.5%', 're-arms 1 point below the line', 're-arms 1 point below the line', 're-arms 1 point below the line', 're-arms 1 point below the line', 're-arms when the socket is back', null]);
    expect(rules.map(alertOutputText).at(-1)).toBe('error · banner · bell off');
    const [five] = parseAlertSettings({ rules: [{ kind: 'loanMarginCall', withinPoints: '5' }] }).rules;
    expect(five && alertRuleText(five)).toBe('a loan within 5 points of its margin call');
  });
});
