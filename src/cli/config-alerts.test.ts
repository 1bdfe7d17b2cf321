import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function home(content: unknown): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'utadash-cfg-'));
  mkdirSync(join(dir, 'utadash'));
  const file = join(dir, 'utadash', 'config.json');
  writeFileSync(file, JSON.stringify(content));
  chmodSync(file, 0o600);
  return { XDG_CONFIG_HOME: dir };
}

describe('loadConfig: alerts', () => {
  it('the built-in rules without a section; their near-liquidation distance follows loanAlarms', () => {
    const c = loadConfig({ XDG_CONFIG_HOME: '/nonexistent' }, null);
    expect(c.alerts.bell).toBe(true);
    expect(c.alerts.rules.map((r) => r.kind)).toContain('loanMarginCall');
    const own = loadConfig(home({ loanAlarms: { liquidationMarginPct: '2' } }), null).alerts.rules.find((r) => r.kind === 'loanLiquidation');
    expect(own?.kind === 'loanLiquidation' && own.withinPoints.toFixed()).toBe('2');
  });

  it('reads the section', () => {
    const c = loadConfig(home({ alerts: { notify: 'osc9', rules: [{ kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', above: '100000' }] } }), null);
    expect(c.alerts.notify).toBe('osc9');
    expect(c.alerts.rules).toHaveLength(1);
  });

  it('a bad entry is one ConfigError line naming the file, the index and the field', () => {
    const env = home({ alerts: { rules: [{ kind: 'fill' }, { kind: 'marginRatio', above: 'high' }] } });
    let caught: unknown = null;
    try {
      loadConfig(env, null);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toMatch(/config\.json: alerts\.rules\[1\]\.above must be a positive decimal string like "5" \(got "high"\)$/);
    expect((caught as Error).message).not.toContain('\n');
  });
});
