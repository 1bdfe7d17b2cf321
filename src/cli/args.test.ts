import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.js';

describe('parseArgs', () => {
  it('reads every option', () => {
    const o = parseArgs(['--profile', 'main', '--paper', '--symbol=BTCUSDT', '--theme', 'light', '--max-fps', '12', '--log-file', '/tmp/x.log', '--ssh', '--seed', '7']);
    expect(o).toMatchObject({ profile: 'main', paper: true, symbol: 'BTCUSDT', theme: 'light', maxFps: 12, logFile: '/tmp/x.log', ssh: true, seed: 7, demo: false });
  });
  it.each([
    [['--bogus'], 'unknown option "--bogus"'],
    [['--max-fps', 'fast'], '--max-fps must be a whole number from 1 to 60 (got "fast")'],
    [['--max-fps', '0'], '--max-fps must be a whole number from 1 to 60 (got "0")'],
    [['--profile'], '--profile needs a value'],
    [['--symbol', '--paper'], '--symbol needs a value'],
    [['--paper', '--demo'], '--paper and --demo exclude each other'],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
  it('defaults', () => {
    expect(parseArgs([])).toMatchObject({ profile: null, paper: false, demo: false, maxFps: null, help: false, version: false });
  });
});
