import { describe, expect, it } from 'vitest';
import { UsageError } from '../args.js';
import { oneOf, parseCommandArgs, parseSymbolRef, positiveDecimalText } from './flags.js';

const spec = { values: ['--price'], switches: ['--yes'], aliases: { '-y': '--yes' } };

describe('command flags', () => {
  it('reads positionals, values (both spellings), switches, aliases and the common flags', () => {
    const a = parseCommandArgs(['BTCUSDT', '--price=97000', '-y', '--profile', 'main', '--json', 'buy'], spec, 'order place');
    expect(a.positionals).toEqual(['BTCUSDT', 'buy']);
    expect(a.values.get('--price')).toBe('97000');
    expect(a.switches.has('--yes')).toBe(true);
    expect(a.common).toEqual({ profile: 'main', paper: false, demo: false, seed: null, format: 'json', help: false });
  });

  it('everything after -- is a positional', () => {
    expect(parseCommandArgs(['--', '--yes'], spec, 'x').positionals).toEqual(['--yes']);
  });

  it.each([
    [['--bogus'], 'order place: unknown option "--bogus" (see utadash order place --help)'],
    [['--price'], 'order place: --price needs a value'],
    [['--price', '--yes'], 'order place: --price needs a value'],
    [['--yes=1'], 'order place: unknown option "--yes=1"'],
    [['--json', '--csv'], '--json and --csv exclude each other'],
    [['--paper', '--demo'], '--paper and --demo exclude each other'],
    [['--seed', '3'], '--seed needs --demo'],
    [['--demo', '--seed', 'x'], '--seed must be a whole number'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommandArgs(argv, spec, 'order place')).toThrow(UsageError);
    expect(() => parseCommandArgs(argv, spec, 'order place')).toThrow(message);
  });

  it('symbols default to USDT futures as the dashboard --symbol does', () => {
    expect(parseSymbolRef('btcusdt', 'x')).toEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    expect(parseSymbolRef('spot:ETHUSDT', 'x')).toEqual({ category: 'SPOT', symbol: 'ETHUSDT' });
    expect(() => parseSymbolRef('FOO:BAR', 'x')).toThrow('unknown category "FOO"');
    // The dashboard's --symbol is read by the same function (main.ts): nothing is dropped silently.
    expect(() => parseSymbolRef('SPOT:BTC:USDT', '--symbol')).toThrow('--symbol: "SPOT:BTC:USDT" is not a symbol');
    expect(() => parseSymbolRef('SPOT:', '--symbol')).toThrow('is not a symbol');
    expect(() => parseSymbolRef('BTC USDT', '--symbol')).toThrow('is not a symbol');
  });

  it('numbers stay text; only positive plain decimals pass', () => {
    expect(positiveDecimalText('0.010', 'QTY', 'x')).toBe('0.010');
    for (const bad of ['0', '-1', '1e3', '1.', '.5', 'abc', '1,5']) expect(() => positiveDecimalText(bad, 'QTY', 'x')).toThrow('QTY must be a positive number');
    expect(oneOf('GTC', ['gtc', 'ioc'], '--tif', 'x')).toBe('gtc');
    expect(() => oneOf('day', ['gtc', 'ioc'], '--tif', 'x')).toThrow('--tif must be one of gtc, ioc (got "day")');
  });
});
