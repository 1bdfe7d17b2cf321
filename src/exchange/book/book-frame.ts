/**
 * Lossless reader for any `books*` websocket push (protocol-notes §4.5, §5.4), in any JSON layout:
 * `{"action":"snapshot"|"update","arg":{…},"data":[{"a":[[p,s],…],"b":[[p,s],…],"seq":N,"pseq":N,
 * "ts":"…","checksum":N,"maxDepth":"…"}],"ts":N}`. The compact `update` that dominates a stream is
 * read by `update-reader.ts` instead; this reader takes everything else (snapshots, other layouts)
 * and owns every error message. Both scan with the primitives of `json-bytes.ts`.
 *
 * Why not `JSON.parse`: `seq`/`pseq` are bare JSON integers that can exceed 2^53 and `JSON.parse`
 * would round them; and reading the level strings straight into flat arrays skips the per-level
 * tuple allocation. Level strings are validated while scanning (plain non-negative decimals only),
 * which the order book relies on for ordering.
 */
import { ExchangeError } from '../wire/errors.js';
import {
  BAD_STRING,
  COLON,
  COMMA,
  LBRACE,
  LBRACKET,
  QUOTE,
  RBRACE,
  RBRACKET,
  TextBytes,
  bytesAre,
  bytesAt,
  decimalEnd,
  findQuote,
  integerEnd,
  miss,
  skipNumber,
  skipValue,
  skipWs,
  smallIntegerEnd,
  stringEnd,
  type DigitSpan,
} from './json-bytes.js';
import {
  K_ACTION,
  K_ARG,
  K_ASKS,
  K_BIDS,
  K_CHANNEL,
  K_CHECKSUM,
  K_DATA,
  K_INSTID,
  K_INSTTYPE,
  K_MAXDEPTH,
  K_MAXDEPTH_LOWER,
  K_PSEQ,
  K_SEQ,
  K_SYMBOL,
  K_TOPIC,
  K_TS,
  V_UPDATE,
} from './push-keys.js';

/** A frame the reader could not accept: an `ExchangeError` with code `EXCH_BAD_REPLY`. */
export class BookFrameError extends ExchangeError {
  /** @param message what was wrong and where */
  constructor(message: string) {
    super('EXCH_BAD_REPLY', message);
    this.name = 'BookFrameError';
  }
}

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

type MutableFrame = { -readonly [K in keyof BookFrame]: BookFrame[K] };

/** The bytes `parseBookFrame` reads (one buffer for every call: reading is synchronous). */
const BYTES = new TextBytes();

/**
 * Parses one `books*` push. Throws `BookFrameError` (code `EXCH_BAD_REPLY`) when the text is not a
 * book push with exactly one data item and valid levels.
 */
export function parseBookFrame(text: string): BookFrame {
  BYTES.load(text);
  return readBookFrame(text, BYTES);
}

/** `parseBookFrame` of `text`, whose bytes `src` already holds (loaded by `src.load(text)`). */
export function readBookFrame(text: string, src: TextBytes): BookFrame {
  return new FrameReader(text, src).frame();
}

/** One read of one frame: a byte offset into `src` plus the messages and the strings cut from `text`. */
class FrameReader {
  private pos = 0;
  private readonly b: Uint8Array;
  private readonly digits: DigitSpan = { start: 0, end: 0 };
  private readonly small = { value: 0 };
  /** Byte → char offset memo for texts that are not all ASCII (offsets are asked in rising order). */
  private mapByte = 0;
  private mapChar = 0;

  constructor(
    private readonly text: string,
    private readonly src: TextBytes,
  ) {
    this.b = src.bytes;
  }

  frame(): BookFrame {
    const f: MutableFrame = { action: 'update', topic: '', instType: '', symbol: '', seq: '0', pseq: '0', ts: '', checksum: null, maxDepth: null, bids: [], asks: [] };
    let action = '';
    let items = 0;
    this.members("'{' starting the frame", (ks, ke) => {
      if (bytesAre(this.b, ks, ke, K_ACTION)) action = this.action();
      else if (bytesAre(this.b, ks, ke, K_DATA)) items += this.dataList(f);
      else if (bytesAre(this.b, ks, ke, K_ARG)) this.arg(f);
      else this.skip();
    });
    this.pos = skipWs(this.b, this.pos);
    if (this.pos !== this.src.length) this.fail('the end of the frame');
    if (action !== 'snapshot' && action !== 'update') throw new BookFrameError(`book frame: action must be "snapshot" or "update", got ${JSON.stringify(action.length > 40 ? `${action.slice(0, 40)}…` : action)}`);
    if (items !== 1) throw new BookFrameError(`book frame: expected exactly one data item, got ${items}`);
    f.action = action;
    return f;
  }

  private action(): string {
    if (this.peek() === QUOTE && bytesAt(this.b, this.pos, V_UPDATE)) {
      this.pos += V_UPDATE.length;
      return 'update';
    }
    return this.string();
  }

  /** `data`: an array of items; returns how many there were. */
  private dataList(f: MutableFrame): number {
    this.expect(LBRACKET, "'[' starting data");
    if (this.peek() === RBRACKET) {
      this.pos++;
      return 0;
    }
    for (let items = 1; ; items++) {
      this.members("'{' starting a data item", (ks, ke) => this.dataMember(f, ks, ke));
      if (this.next(RBRACKET, "',' or ']' in data")) return items;
    }
  }

  private dataMember(f: MutableFrame, ks: number, ke: number): void {
    const b = this.b;
    const one = ke - ks === 1 ? b[ks] : 0;
    if (one === 0x61 || bytesAre(b, ks, ke, K_ASKS)) this.levels(f.asks);
    else if (one === 0x62 || bytesAre(b, ks, ke, K_BIDS)) this.levels(f.bids);
    else if (bytesAre(b, ks, ke, K_SEQ)) f.seq = this.integer('seq');
    else if (bytesAre(b, ks, ke, K_PSEQ)) f.pseq = this.integer('pseq');
    else if (bytesAre(b, ks, ke, K_TS)) f.ts = this.stringOrNumber();
    else if (bytesAre(b, ks, ke, K_CHECKSUM)) f.checksum = this.checksum();
    else if (bytesAre(b, ks, ke, K_MAXDEPTH) || bytesAre(b, ks, ke, K_MAXDEPTH_LOWER)) f.maxDepth = this.stringOrNumber();
    else this.skip();
  }

  /** `arg` (`instType`, `topic`/`channel`, `symbol`/`instId`; other members skipped). */
  private arg(f: MutableFrame): void {
    this.members("'{'", (ks, ke) => {
      if (this.peek() !== QUOTE) return this.skip();
      const value = this.string();
      const b = this.b;
      if (bytesAre(b, ks, ke, K_TOPIC) || bytesAre(b, ks, ke, K_CHANNEL)) f.topic = value;
      else if (bytesAre(b, ks, ke, K_INSTTYPE)) f.instType = value;
      else if (bytesAre(b, ks, ke, K_SYMBOL) || bytesAre(b, ks, ke, K_INSTID)) f.symbol = value;
    });
  }

  /**
   * Reads an object, calling `member(ks, ke)` with each key's byte range and the cursor before its
   * value. Keys are compared as written: an escaped key arrives as [0, 0) and matches nothing.
   */
  private members(what: string, member: (ks: number, ke: number) => void): void {
    this.expect(LBRACE, what);
    if (this.peek() === RBRACE) {
      this.pos++;
      return;
    }
    do {
      if (this.peek() !== QUOTE) this.fail('a key');
      const ks = this.pos + 1;
      const ke = findQuote(this.b, ks);
      this.pos = ke >= 0 ? ke + 1 : this.need(stringEnd(this.b, this.pos));
      this.expect(COLON, "':'");
      if (ke >= 0) member(ks, ke);
      else member(0, 0);
    } while (!this.next(RBRACE, "',' or '}'"));
  }

  /** `[[p,s],…]` into `out` as a flat list; extra entries in a level (RPI) are skipped. */
  private levels(out: string[]): void {
    this.expect(LBRACKET, "'[' starting the levels");
    if (this.peek() === RBRACKET) {
      this.pos++;
      return;
    }
    do {
      if (!this.compactLevel(out)) this.level(out);
    } while (!this.next(RBRACKET, "',' or ']' between levels"));
  }

  /** One level written without whitespace, `["97000.5","1.2"]`; false, consuming nothing, for anything else. */
  private compactLevel(out: string[]): boolean {
    const b = this.b;
    const at = this.pos;
    if (b[at] !== LBRACKET || b[at + 1] !== QUOTE) return false;
    const p1 = decimalEnd(b, at + 2);
    if (p1 < 0 || b[p1 + 1] !== COMMA || b[p1 + 2] !== QUOTE) return false;
    const s1 = decimalEnd(b, p1 + 3);
    if (s1 < 0 || b[s1 + 1] !== RBRACKET) return false;
    out.push(this.slice(at + 2, p1), this.slice(p1 + 3, s1));
    this.pos = s1 + 2;
    return true;
  }

  /** One level in any JSON layout: `[price, size, …extra]`. */
  private level(out: string[]): void {
    this.expect(LBRACKET, "'[' starting a level");
    out.push(this.decimal());
    this.expect(COMMA, "',' inside a level");
    out.push(this.decimal());
    while (this.peek() === COMMA) {
      this.pos++;
      this.skip();
    }
    this.expect(RBRACKET, "']' ending a level");
  }

  private decimal(): string {
    this.expect(QUOTE, 'a quoted decimal');
    const start = this.pos;
    const end = this.need(decimalEnd(this.b, start));
    this.pos = end + 1;
    return this.slice(start, end);
  }

  /** A bare or quoted non-negative integer, as its digits without leading zeros. */
  private integer(what: string): string {
    const end = integerEnd(this.b, skipWs(this.b, this.pos), this.digits);
    if (end < 0) this.fail(`${what} as a non-negative integer`);
    this.pos = end;
    return this.slice(this.digits.start, this.digits.end);
  }

  /** The checksum: a bare or quoted signed integer of at most 11 digits. */
  private checksum(): number {
    if (this.peek() === QUOTE) {
      const text = this.string();
      if (!/^-?\d{1,11}$/.test(text)) this.fail('checksum as an integer');
      return Number(text);
    }
    const end = smallIntegerEnd(this.b, this.pos, this.small);
    if (end < 0) this.fail('checksum as an integer');
    this.pos = end;
    return this.small.value;
  }

  private stringOrNumber(): string {
    if (this.peek() === QUOTE) return this.string();
    const start = this.pos;
    this.pos = this.need(skipNumber(this.b, start));
    return this.slice(start, this.pos);
  }

  /** A JSON string's value (escapes decoded by `JSON.parse` of the validated literal). */
  private string(): string {
    if (this.peek() !== QUOTE) this.fail('a string');
    const start = this.pos;
    const plain = findQuote(this.b, start + 1);
    if (plain >= 0) {
      this.pos = plain + 1;
      return this.slice(start + 1, plain);
    }
    this.pos = this.need(stringEnd(this.b, start));
    const value: unknown = JSON.parse(this.slice(start, this.pos));
    return typeof value === 'string' ? value : this.fail(BAD_STRING, start);
  }

  private skip(): void {
    this.pos = this.need(skipValue(this.b, skipWs(this.b, this.pos)));
  }

  /** After an item of an array or object: true at `close` (consumed), false at ',' (consumed); else fails with `what`. */
  private next(close: number, what: string): boolean {
    const c = this.peek();
    if (c !== close && c !== COMMA) this.fail(what);
    this.pos++;
    return c === close;
  }

  /** Skips whitespace and returns the byte at the cursor (0 at the end). */
  private peek(): number {
    this.pos = skipWs(this.b, this.pos);
    return this.b[this.pos] as number;
  }

  private expect(code: number, what: string): void {
    if (this.peek() !== code) this.fail(what);
    this.pos++;
  }

  /** A primitive's result: the offset, or (at -1) the failure it recorded in `miss`. */
  private need(end: number): number {
    return end >= 0 ? end : this.fail(miss.what, miss.at);
  }

  /** The chars of `text` at bytes `[start, end)`. */
  private slice(start: number, end: number): string {
    return this.src.ascii ? this.text.slice(start, end) : this.text.slice(this.charAt(start), this.charAt(end));
  }

  /** The char offset of byte `at` (each char's lead byte counts one UTF-16 unit, a 4-byte one two). */
  private charAt(at: number): number {
    if (this.src.ascii) return at;
    if (at < this.mapByte) this.mapByte = this.mapChar = 0;
    let n = this.mapChar;
    for (let i = this.mapByte; i < at; i++) {
      const c = this.b[i] as number;
      if ((c & 0xc0) !== 0x80) n += c >= 0xf0 ? 2 : 1;
    }
    this.mapByte = at;
    this.mapChar = n;
    return n;
  }

  /** Throws `BookFrameError` saying what was expected at byte `at`, with nearby text. */
  private fail(what: string, at = this.pos): never {
    const offset = this.charAt(Math.min(at, this.src.length));
    const near = this.text.slice(Math.max(0, offset - 20), offset + 20);
    throw new BookFrameError(`book frame: expected ${what} at offset ${offset} (near ${JSON.stringify(near)})`);
  }
}
