import { describe, expect, it } from 'vitest';
import { applyKeyOverrides, DEFAULT_BINDINGS, findKeyClashes, KeyBindingError } from './bindings.js';
import { Command, type CommandId } from './commands.js';
import { dispatchKey, footerHints, type CommandRegistration } from './dispatcher.js';
import { keyNames } from './key-names.js';

describe('keymap invariants', () => {
  it('every command has a binding with a description and exactly one category', () => {
    for (const id of Object.values(Command)) {
      const bound = DEFAULT_BINDINGS.filter((b) => b.command === id);
      expect(bound.length, id).toBeGreaterThan(0);
      expect(new Set(bound.map((b) => b.category)).size, id).toBe(1);
      for (const b of bound) expect(b.description.length, id).toBeGreaterThan(2);
    }
  });
  it('no key is claimed twice within one scope', () => {
    expect(findKeyClashes(DEFAULT_BINDINGS)).toEqual([]);
  });
  it('detects a clash and a panel key shadowing a global one', () => {
    const clashes = findKeyClashes([
      ...DEFAULT_BINDINGS,
      { command: Command.BOOK_DEPTH, keys: ['q'], description: 'x', category: 'Book', scope: 'book', showInFooter: false },
    ]);
    expect(clashes).toContainEqual({ key: 'q', scope: 'book', commands: [Command.BOOK_DEPTH, Command.APP_QUIT] });
  });
});

describe('overrides', () => {
  it('replaces a command’s keys', () => {
    const b = applyKeyOverrides(DEFAULT_BINDINGS, { 'app.quit': ['Q'] });
    expect(b.find((x) => x.command === Command.APP_QUIT)?.keys).toEqual(['Q']);
  });
  it('refuses unknown ids and clashing keys by name', () => {
    expect(() => applyKeyOverrides(DEFAULT_BINDINGS, { 'app.nope': ['x'] })).toThrow(KeyBindingError);
    expect(() => applyKeyOverrides(DEFAULT_BINDINGS, { 'app.nope': ['x'] })).toThrow('unknown command "app.nope"');
    expect(() => applyKeyOverrides(DEFAULT_BINDINGS, { 'app.help': ['q'] })).toThrow('key "q" is bound twice in global');
  });
});

describe('dispatch', () => {
  const ran: string[] = [];
  const reg = (id: CommandId, reason: string | null = null, consume = true): [CommandId, CommandRegistration] => [
    id,
    { handler: () => { ran.push(id); return consume; }, disabledReason: () => reason },
  ];
  it('an overlay is modal; the focused panel wins over global; disabled commands say why', () => {
    const registry = new Map([reg(Command.APP_QUIT), reg(Command.APP_CLOSE_OVERLAY), reg(Command.BOOK_CURSOR_UP), reg(Command.BOOK_DEPTH, 'full depth only on futures')]);
    expect(dispatchKey('q', { overlay: 'overlay.help', focus: 'book' }, DEFAULT_BINDINGS, registry)).toEqual({ kind: 'ran', command: Command.APP_CLOSE_OVERLAY });
    expect(dispatchKey('k', { overlay: null, focus: 'book' }, DEFAULT_BINDINGS, registry)).toEqual({ kind: 'ran', command: Command.BOOK_CURSOR_UP });
    expect(dispatchKey('k', { overlay: null, focus: 'trades' }, DEFAULT_BINDINGS, registry)).toEqual({ kind: 'unbound' });
    expect(dispatchKey('d', { overlay: null, focus: 'book' }, DEFAULT_BINDINGS, registry)).toEqual({ kind: 'disabled', command: Command.BOOK_DEPTH, reason: 'full depth only on futures' });
    expect(ran).toEqual([Command.APP_CLOSE_OVERLAY, Command.BOOK_CURSOR_UP]);
  });
  it('footer hints come from the same table', () => {
    const hints = footerHints({ overlay: null, focus: 'book' }, DEFAULT_BINDINGS);
    expect(hints.map((h) => h.key)).toEqual(expect.arrayContaining(['q', '?', '↑', 'd', 'Enter']));
    // The focused panel's keys come before the global ones.
    expect(hints[0]?.key).toBe('↑');
    expect(hints.map((h) => h.key)).not.toContain('y');
  });
});

describe('key names', () => {
  it('names special keys and splits a burst into single keys', () => {
    expect(keyNames('', { upArrow: true })).toEqual(['up']);
    expect(keyNames('c', { ctrl: true })).toEqual(['ctrl+c']);
    expect(keyNames('', { tab: true, shift: true })).toEqual(['shift+tab']);
    expect(keyNames('qq', {})).toEqual(['q', 'q']);
    expect(keyNames('', { escape: true })).toEqual(['escape']);
  });

  it('names Enter, Tab and Backspace inside a burst and drops other control bytes', () => {
    expect(keyNames('\r96.5\r', {})).toEqual(['enter', '9', '6', '.', '5', 'enter']);
    expect(keyNames('ab\u007f\tc\u0001', {})).toEqual(['a', 'b', 'backspace', 'tab', 'c']);
  });
});
