/** The subset of Ink's key flags the dispatcher reads (kept structural so keys/ has no Ink import). */
export interface InkKeyLike {
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
  readonly leftArrow?: boolean;
  readonly rightArrow?: boolean;
  readonly pageUp?: boolean;
  readonly pageDown?: boolean;
  readonly home?: boolean;
  readonly end?: boolean;
  readonly return?: boolean;
  readonly escape?: boolean;
  readonly tab?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
  readonly ctrl?: boolean;
  readonly shift?: boolean;
  readonly meta?: boolean;
}

/** Control bytes inside a multi-character input, by name. Other control bytes are dropped. */
const BURST_CONTROL: Readonly<Record<string, string>> = { '\r': 'enter', '\n': 'enter', '\t': 'tab', '\u007f': 'backspace', '\b': 'backspace' };

/**
 * Turns one Ink input event into key names such as `q`, `Q`, `ctrl+c`, `up`, `shift+tab`, `enter`.
 * A multi-character input (a paste or a burst) becomes one name per character, so hotkeys never
 * assume one key per call.
 */
export function keyNames(input: string, key: InkKeyLike): readonly string[] {
  const named = (base: string): string => `${key.ctrl ? 'ctrl+' : ''}${key.meta ? 'alt+' : ''}${key.shift && base.length > 1 ? 'shift+' : ''}${base}`;
  if (key.upArrow) return [named('up')];
  if (key.downArrow) return [named('down')];
  if (key.leftArrow) return [named('left')];
  if (key.rightArrow) return [named('right')];
  if (key.pageUp) return [named('pageup')];
  if (key.pageDown) return [named('pagedown')];
  if (key.home) return [named('home')];
  if (key.end) return [named('end')];
  if (key.return) return [named('enter')];
  if (key.escape) return ['escape'];
  if (key.tab) return [key.shift ? 'shift+tab' : 'tab'];
  if (key.backspace || key.delete) return [named('backspace')];
  if (key.ctrl && input.length === 1) return [`ctrl+${input.toLowerCase()}`];
  if (input === '') return [];
  // A burst keeps Enter, Tab and Backspace as raw bytes between the characters (the parser splits
  // only escape sequences): name them, so "type 96500, Enter" in one chunk still ends the edit.
  return [...input].flatMap((ch) => {
    const named = BURST_CONTROL[ch];
    if (named !== undefined) return [named];
    if (ch < ' ') return [];
    return [key.meta ? `alt+${ch}` : ch];
  });
}
