import { COLON, COMMA, LBRACE, QUOTE, RBRACE, TextBytes, ascii, bytesAre, findQuote, sameBytes, skipValue, skipWs } from '../book/json-bytes.js';
import { K_ACTION, K_ARG, K_EVENT, K_INSTTYPE, K_INTERVAL, K_SYMBOL, K_TOPIC } from '../book/push-keys.js';
import type { BookDepth } from '../../domain/model.js';
import type { StreamArg } from './topics.js';

/**
 * The head scan of `parseFrame` (issue 18): tells a `books*` push by its `action` and `arg`, read
 * from the frame's first bytes with the scanner of `book/json-bytes.ts`, so that the frame goes to
 * the book reader only and is never `JSON.parse`d.
 */

/** The `books*` topics: their pushes are read by the book reader and never `JSON.parse`d. */
export const BOOK_TOPICS: readonly BookDepth[] = ['books', 'books1', 'books5', 'books50'];

/** True for a `books*` topic. */
export function isBookTopic(topic: string): topic is BookDepth {
  return (BOOK_TOPICS as readonly string[]).includes(topic);
}

/** Bytes of a frame's head the scan looks at; a head that does not fit is left to `JSON.parse`. */
const HEAD_BYTES = 512;
const HEAD = new TextBytes();
const BOOK_TOPIC_BYTES = BOOK_TOPICS.map((topic) => ascii(topic));

/**
 * The arg and action of a `books*` push, read from the frame's head without `JSON.parse`: the top
 * object's members up to the point where both `action` and `arg` have been seen. Null (then
 * `JSON.parse` decides) for anything else or anything unsure: an `event` member, a head that is not
 * ASCII or longer than `HEAD_BYTES`, an escape in a key or in a string it keeps, a non-string arg
 * field. Nothing is allocated before the topic is known to be a `books*` one, so other pushes lose
 * little to the scan. Members after the head are the book reader's: an `event` or a second `arg`
 * there is not looked for (no exchange sends one in a push).
 */
export function bookPushHead(text: string): { readonly arg: StreamArg; readonly action: string } | null {
  // A head without `books` is no books push the scan could read: other frames stop here. (One native
  // search; `"books` would cost ten times more, a JSON text being full of quotes.)
  const books = text.indexOf('books');
  if (books < 0 || books >= HEAD_BYTES) return null;
  const s = SCAN.reset(HEAD.loadHead(text, HEAD_BYTES));
  if (!HEAD.ascii || !s.open()) return null;
  let action = false;
  let arg = false;
  do {
    if (!s.key() || s.keyIs(K_EVENT)) return null;
    if (s.keyIs(K_ACTION)) action = s.string(ACTION);
    else if (s.keyIs(K_ARG)) arg = s.arg();
    else s.skip();
    if (action && arg) return { arg: s.streamArg(text), action: ACTION.text(text) };
  } while (s.next());
  return null;
}

/** A string value's byte range (the head is ASCII: byte offsets are char offsets). */
class Span {
  start = -1;
  end = -1;

  /** Its chars in `text`. */
  text(text: string): string {
    return text.slice(this.start, this.end);
  }
}

const ACTION = new Span();

/** A cursor over a frame head's bytes for `bookPushHead`; any failure sets `pos` to -1, after which every step fails. */
class HeadScan {
  private b: Uint8Array = HEAD.bytes;
  private pos = 0;
  private ks = 0;
  private ke = 0;
  private readonly instType = new Span();
  private readonly topic = new Span();
  private readonly symbol = new Span();
  private readonly interval = new Span();
  /** The last arg built, and where its bytes are kept: every push of one subscription repeats them. */
  private last: StreamArg | null = null;
  private lastBytes = new Uint8Array(128);
  private lastLength = 0;
  private argStart = 0;
  private argEnd = 0;

  /** Starts over on `b`. */
  reset(b: Uint8Array): this {
    this.b = b;
    this.pos = 0;
    return this;
  }

  /** Enters an object: true at `{`. */
  open(): boolean {
    const at = skipWs(this.b, this.pos);
    this.pos = this.b[at] === LBRACE ? skipWs(this.b, at + 1) : -1;
    return this.pos >= 0;
  }

  /** Reads a key and its colon; false at anything else (an escaped key included). */
  key(): boolean {
    const b = this.b;
    if (this.pos < 0 || b[this.pos] !== QUOTE) return this.lost();
    this.ks = this.pos + 1;
    this.ke = findQuote(b, this.ks);
    if (this.ke < 0) return this.lost();
    const colon = skipWs(b, this.ke + 1);
    this.pos = b[colon] === COLON ? skipWs(b, colon + 1) : -1;
    return this.pos >= 0;
  }

  /** True when the last key read is `word`. */
  keyIs(word: Uint8Array): boolean {
    return bytesAre(this.b, this.ks, this.ke, word);
  }

  /** A string value without escapes into `out`; false (and lost) for anything else. */
  string(out: Span): boolean {
    const at = this.pos;
    const end = at >= 0 && this.b[at] === QUOTE ? findQuote(this.b, at + 1) : -1;
    if (end < 0) return this.lost();
    out.start = at + 1;
    out.end = end;
    this.pos = end + 1;
    return true;
  }

  /** Skips any value. */
  skip(): void {
    if (this.pos >= 0) this.pos = skipValue(this.b, this.pos);
  }

  /** After a member: true at `,` (consumed), false at `}` or when lost. */
  next(): boolean {
    if (this.pos < 0) return false;
    const at = skipWs(this.b, this.pos);
    if (this.b[at] !== COMMA) return false;
    this.pos = skipWs(this.b, at + 1);
    return true;
  }

  /** `arg` as `toStreamArg` reads it, with a `books*` topic; false (and lost) for anything else. */
  arg(): boolean {
    this.argStart = this.pos;
    if (this.last !== null && this.pos >= 0 && sameBytes(this.b, this.pos, this.lastBytes, this.lastLength)) {
      // The bytes of a complete object: matching them again means the same arg, ending at the same place.
      this.pos += this.lastLength;
      this.argEnd = -1;
      return true;
    }
    this.instType.start = this.topic.start = this.symbol.start = this.interval.start = -1;
    if (!this.open()) return false;
    if (this.b[this.pos] !== RBRACE) {
      do {
        if (!this.key()) return false;
        const span = this.keyIs(K_INSTTYPE) ? this.instType : this.keyIs(K_TOPIC) ? this.topic : this.keyIs(K_SYMBOL) ? this.symbol : this.keyIs(K_INTERVAL) ? this.interval : null;
        if (span === null) this.skip();
        else if (!this.string(span)) return false;
      } while (this.next());
      this.pos = this.pos >= 0 ? skipWs(this.b, this.pos) : -1;
    }
    if (this.pos < 0 || this.b[this.pos] !== RBRACE) return this.lost();
    this.pos++;
    this.argEnd = this.pos;
    const topic = this.topic;
    if (this.instType.start < 0 || !BOOK_TOPIC_BYTES.some((word) => bytesAre(this.b, topic.start, topic.end, word))) return this.lost();
    return true;
  }

  /** The arg `arg()` accepted, built (and kept with its bytes) only when it is not the last one again. */
  streamArg(text: string): StreamArg {
    if (this.argEnd < 0 && this.last !== null) return this.last;
    const { instType, topic, symbol, interval } = this;
    const arg: StreamArg = Object.freeze({
      instType: instType.text(text),
      topic: topic.text(text),
      ...(symbol.start < 0 ? {} : { symbol: symbol.text(text) }),
      ...(interval.start < 0 ? {} : { interval: interval.text(text) }),
    });
    const length = this.argEnd - this.argStart;
    if (length <= this.lastBytes.length) {
      this.lastBytes.set(this.b.subarray(this.argStart, this.argEnd));
      this.lastLength = length;
      this.last = arg;
    }
    return arg;
  }

  private lost(): false {
    this.pos = -1;
    return false;
  }
}

const SCAN = new HeadScan();
