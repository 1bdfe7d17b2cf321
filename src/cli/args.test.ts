import { describe, expect, it } from 'vitest';
import { parseArgs, USAGE, UsageError } from './args.js';
import { COMMAND_NAMES } from './commands/command-names.js';

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
    [['--replay', 'a.ndjson', '--record', 'b.ndjson'], '--record and --replay exclude each other'],
    [['--replay', 'a.ndjson', '--paper'], '--replay and --paper exclude each other'],
    [['--replay-speed', '2'], '--replay-speed needs --replay FILE'],
    [['--replay', 'a.ndjson', '--replay-speed', '0'], '--replay-speed must be a number above 0'],
    [['--replay', 'a.ndjson', '--replay-speed', 'fast'], '--replay-speed must be a number above 0'],
    [['--no-audit', '--audit-file', '/tmp/a'], '--no-audit and --audit-file exclude each other'],
    [['--no-journal', '--journal', '/tmp/j.sqlite'], '--no-journal and --journal exclude each other'],
    [['--journal'], '--journal needs a value'],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
  it('defaults', () => {
    expect(parseArgs([])).toMatchObject({ profile: null, paper: false, demo: false, maxFps: null, help: false, version: false, record: null, replay: null, replaySpeed: 1, auditFile: null, noAudit: false });
  });
  it('reads the recording, replay and audit options', () => {
    expect(parseArgs(['--record', '/tmp/r.ndjson', '--audit-file=/tmp/a.ndjson'])).toMatchObject({ record: '/tmp/r.ndjson', auditFile: '/tmp/a.ndjson', noAudit: false });
    expect(parseArgs(['--replay', 'r.ndjson', '--replay-speed', 'max', '--no-audit'])).toMatchObject({ replay: 'r.ndjson', replaySpeed: Number.POSITIVE_INFINITY, noAudit: true });
    expect(parseArgs(['--replay', 'r.ndjson', '--replay-speed', '2.5']).replaySpeed).toBe(2.5);
  });
  it('reads the trade journal options', () => {
    expect(parseArgs([])).toMatchObject({ journal: null, noJournal: false });
    expect(parseArgs(['--journal', '/tmp/j.sqlite'])).toMatchObject({ journal: '/tmp/j.sqlite', noJournal: false });
    expect(parseArgs(['--journal=/tmp/k.sqlite']).journal).toBe('/tmp/k.sqlite');
    expect(parseArgs(['--no-journal'])).toMatchObject({ journal: null, noJournal: true });
  });
});

describe('USAGE', () => {
  it('names every scriptable command and points to utadash help', () => {
    const commandsPart = USAGE.slice(USAGE.indexOf('utadash COMMAND'), USAGE.indexOf('Options:'));
    for (const name of COMMAND_NAMES) if (name !== 'help') expect(commandsPart, name).toMatch(new RegExp(`\\b${name}\\b`));
    expect(commandsPart).toContain('utadash help');
  });
});
