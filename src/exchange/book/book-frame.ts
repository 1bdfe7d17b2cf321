/**
 * Fast, lossless reader for one `books*` websocket push (protocol-notes §4.5, §5.4):
 * `{"action":"snapshot"|"update","arg":{…},"data":[{"a":[[p,s],…],"b":[[p,s],…],"seq":N,"pseq":N,
 * "ts":"…","checksum":N,"maxDepth":"…"}],"ts":N}`.
 *
 * Why a hand-written scanner instead of `JSON.parse`: `seq`/`pseq` are bare JSON integers that can
 * exceed 2^53 and `JSON.parse` would round them; and reading the level strings straight into flat
 * arrays skips the per-level tuple allocation, so parse + apply stays close to the cost of
 * `JSON.parse` alone. Level strings are validated while scanning (plain non-negative decimals only),
 * which the order book relies on for ordering.
 */
import { BookFrameError, matchAt, Scanner } from './frame-scanner.js';

export { BookFrameError } from './frame-scanner.js';

// Local copies, not imports: some loaders compile imported bindings to getter calls in hot loops.
const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

/** One parsed `books*` push. Prices and sizes are the exact wire strings. */
export interface BookFrame {
  /** `snapshot` replaces the book; `update` carries absolute sizes per level ("0" deletes). */
  readonly action: 'snapshot' | 'update';
  /** `arg.topic` (`books`, `books5`, …); empty when absent. */
  readonly topic: string;
  /** `arg.instType` as sent (lower case on v3 public); empty when absent. */
  readonly instType: string;
  /** `arg.symbol`; empty when absent. */
  readonly symbol: string;
  /** Sequence number as a canonical decimal integer string (no leading zeros); "0" when absent. */
  readonly seq: string;
  /** Previous sequence number, same form; "0" on snapshots and when absent. */
  readonly pseq: string;
  /** `data[0].ts`, Unix ms as a string; empty when absent. */
  readonly ts: string;
  /** Signed 32-bit CRC when the frame carries `checksum`; null when absent. 0 means "not sent". */
  readonly checksum: number | null;
  /** `maxDepth` (or the wire spelling `maxdepth`); null when absent. */
  readonly maxDepth: string | null;
  /** Bids as a flat list `[price0, size0, price1, size1, …]` in wire order (best first). */
  readonly bids: string[];
  /** Asks as a flat list `[price0, size0, …]` in wire order (best first). */
  readonly asks: string[];
}

interface MutableFrame {
  action: 'snapshot' | 'update';
  topic: string;
  instType: string;
  symbol: string;
  seq: string;
  pseq: string;
  ts: string;
  checksum: number | null;
  maxDepth: string | null;
  bids: string[];
  asks: string[];
}

/** Data-item keys, recognised from the raw text without slicing a key string. */
const enum DataKey {
  Other,
  Asks,
  Bids,
  Seq,
  Pseq,
  Ts,
  Checksum,
  MaxDepth,
}

/** Identifies the key whose text is `t[start, end)`. */
function dataKey(t: string, start: number, end: number): DataKey {
  const len = end - start;
  const c = t.charCodeAt(start);
  switch (len) {
    case 1:
      return c === 0x61 ? DataKey.Asks : c === 0x62 ? DataKey.Bids : DataKey.Other;
    case 2:
      return matchAt(t, start, 'ts') ? DataKey.Ts : DataKey.Other;
    case 3:
      return matchAt(t, start, 'seq') ? DataKey.Seq : DataKey.Other;
    case 4:
      if (matchAt(t, start, 'pseq')) return DataKey.Pseq;
      if (matchAt(t, start, 'asks')) return DataKey.Asks;
      return matchAt(t, start, 'bids') ? DataKey.Bids : DataKey.Other;
    case 8:
      if (matchAt(t, start, 'checksum')) return DataKey.Checksum;
      return matchAt(t, start, 'maxDepth') || matchAt(t, start, 'maxdepth') ? DataKey.MaxDepth : DataKey.Other;
    default:
      return DataKey.Other;
  }
}

/** Reads one data item (the hot path: a plain loop, no callbacks, no key strings). */
function readData(s: Scanner, f: MutableFrame): void {
  const t = s.text;
  s.expect(LBRACE, "'{' starting a data item");
  if (s.peek() === RBRACE) {
    s.pos++;
    return;
  }
  for (;;) {
    if (s.peek() !== QUOTE) s.fail('a key');
    const start = s.pos + 1;
    const end = t.indexOf('"', start);
    if (end < 0) s.fail('a closing quote');
    const bs = s.escapes ? t.indexOf('\\', start) : -1;
    const key = bs >= 0 && bs < end ? DataKey.Other : dataKey(t, start, end);
    if (key === DataKey.Other) s.string();
    else s.pos = end + 1;
    s.expect(COLON, "':'");
    switch (key) {
      case DataKey.Asks:
        s.levels(f.asks);
        break;
      case DataKey.Bids:
        s.levels(f.bids);
        break;
      case DataKey.Seq:
        f.seq = s.integer('seq');
        break;
      case DataKey.Pseq:
        f.pseq = s.integer('pseq');
        break;
      case DataKey.Ts:
        f.ts = s.peek() === QUOTE ? s.string() : s.numberText();
        break;
      case DataKey.Checksum:
        f.checksum = s.smallInteger('checksum');
        break;
      case DataKey.MaxDepth:
        f.maxDepth = s.peek() === QUOTE ? s.string() : s.numberText();
        break;
      default:
        s.skipValue();
    }
    const c = s.peek();
    s.pos++;
    if (c === RBRACE) return;
    if (c !== COMMA) s.fail("',' or '}'");
  }
}

/** Reads `data`: an array of items; returns how many there were. */
function readDataList(s: Scanner, f: MutableFrame): number {
  s.expect(LBRACKET, "'[' starting data");
  if (s.peek() === RBRACKET) {
    s.pos++;
    return 0;
  }
  let items = 0;
  for (;;) {
    items++;
    readData(s, f);
    const c = s.peek();
    s.pos++;
    if (c === RBRACKET) return items;
    if (c !== COMMA) s.fail("',' or ']' in data");
  }
}

/** Reads `arg` (`instType`, `topic`/`channel`, `symbol`/`instId`; other members skipped). */
function readArg(s: Scanner, f: MutableFrame): void {
  s.members((as, ae) => {
    if (s.peek() !== QUOTE) return s.skipValue();
    const value = s.string();
    if (s.is(as, ae, 'topic') || s.is(as, ae, 'channel')) f.topic = value;
    else if (s.is(as, ae, 'instType')) f.instType = value;
    else if (s.is(as, ae, 'symbol') || s.is(as, ae, 'instId')) f.symbol = value;
  });
}

/**
 * Parses one `books*` push. Throws `BookFrameError` (code `EXCH_BAD_REPLY`) when the text is not a
 * book push with exactly one data item and valid levels.
 */
export function parseBookFrame(text: string): BookFrame {
  const s = new Scanner(text);
  const f: MutableFrame = {
    action: 'update',
    topic: '',
    instType: '',
    symbol: '',
    seq: '0',
    pseq: '0',
    ts: '',
    checksum: null,
    maxDepth: null,
    bids: [],
    asks: [],
  };
  let action = '';
  let items = 0;
  s.expect(LBRACE, "'{' starting the frame");
  if (s.peek() !== RBRACE) {
    for (;;) {
      if (s.peek() !== QUOTE) s.fail('a key');
      const ks = s.pos + 1;
      const ke = text.indexOf('"', ks);
      if (ke < 0) s.fail('a closing quote');
      const plain = !s.escapes || text.lastIndexOf('\\', ke) < ks;
      if (plain) s.pos = ke + 1;
      else s.string();
      s.expect(COLON, "':'");
      if (plain && s.is(ks, ke, 'action')) {
        if (s.peek() === QUOTE && matchAt(text, s.pos, '"update"')) {
          action = 'update';
          s.pos += 8;
        } else action = s.string();
      } else if (plain && s.is(ks, ke, 'data')) {
        items += readDataList(s, f);
      } else if (plain && s.is(ks, ke, 'arg')) {
        readArg(s, f);
      } else {
        s.skipValue();
      }
      const c = s.peek();
      s.pos++;
      if (c === RBRACE) break;
      if (c !== COMMA) s.fail("',' or '}'");
    }
  } else s.pos++;
  s.peek();
  if (s.pos < text.length) s.fail('the end of the frame');
  if (action !== 'snapshot' && action !== 'update') throw new BookFrameError(`book frame: action must be "snapshot" or "update", got ${JSON.stringify(action.length > 40 ? `${action.slice(0, 40)}…` : action)}`);
  if (items !== 1) throw new BookFrameError(`book frame: expected exactly one data item, got ${items}`);
  f.action = action;
  return f;
}
