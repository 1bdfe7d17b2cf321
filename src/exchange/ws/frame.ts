import type WebSocket from 'ws';
import { readBook, type BookRead } from '../book/book-read.js';
import type { ConnectionKind } from './connection-state.js';
import { bookPushHead, isBookTopic } from './push-head.js';
import { toStreamArg, type StreamArg } from './topics.js';

/**
 * Inbound frame parsing (protocol-notes §4.2–§4.7). Checks the bare text `pong`/`ping` first. A
 * `books*` push is recognised by a scan of its head (`action` and `arg`, no `JSON.parse`) and read
 * once by the book reader (issue 18); everything else is `JSON.parse`d once. Never throws: anything
 * unreadable becomes a `garbage` frame.
 */

/** One parsed inbound frame. `code` fields are normalised to strings (the wire sends numbers or strings). */
export type InboundFrame =
  /** The text `pong`. */
  | { readonly kind: 'pong' }
  /** The text `ping` (server-initiated; answered with `pong`). */
  | { readonly kind: 'ping' }
  /** A login ack; `code` "0" means success. */
  | { readonly kind: 'login'; readonly code: string; readonly msg: string }
  /** A subscribe or unsubscribe ack for one arg. */
  | { readonly kind: 'subscribe' | 'unsubscribe'; readonly arg: StreamArg }
  /** `event:"error"`; `id` present when it answers a trade request. */
  | { readonly kind: 'error'; readonly code: string; readonly msg: string; readonly id: string | undefined; readonly arg: StreamArg | undefined }
  /** `event:"trade"` reply to a WS order request. */
  | { readonly kind: 'trade'; readonly id: string; readonly code: string; readonly msg: string; readonly topic: string; readonly args: readonly unknown[] }
  /** A data push of any topic but `books*`: `{action, arg, data, ts}`, `data` being the parsed JSON. */
  | { readonly kind: 'push'; readonly arg: StreamArg; readonly action: string; readonly data: unknown; readonly ts: number | undefined }
  /** A `books*` push, read once by the book reader (never `JSON.parse`d): apply `book` with `OrderBook.applyRead`. */
  | { readonly kind: 'book'; readonly arg: StreamArg; readonly action: string; readonly book: BookRead }
  /** Valid JSON of a shape we do not route (e.g. an unknown event); ignored. */
  | { readonly kind: 'other'; readonly event: string | undefined }
  /** Not parseable or missing required fields. */
  | { readonly kind: 'garbage'; readonly reason: string };

/** Reads a `code` that may be a number or a string; "" when absent. */
export function codeString(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value;
  return '';
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function optionalId(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * Parses one inbound text frame. A frame whose head names a `books*` arg goes to the book reader
 * only; when the book reader refuses it, `JSON.parse` decides as for any frame whether it is garbage
 * (say, cut short) or a book push with a bad body (handed on as `refused`). The book reader takes
 * strict JSON but for one liberty: bare integers written with leading zeros (`"seq":0103`).
 */
export function parseFrame(text: string): InboundFrame {
  const trimmed = text.trim();
  if (trimmed === 'pong') return { kind: 'pong' };
  if (trimmed === 'ping') return { kind: 'ping' };
  const head = bookPushHead(text);
  if (head === null) return parseJson(text, trimmed, undefined);
  const book = readBook(text);
  return book.via === 'refused' ? parseJson(text, trimmed, book) : { kind: 'book', arg: head.arg, action: head.action, book };
}

/** `JSON.parse` and routing; `known` is the book reader's verdict when it has already read the text. */
function parseJson(text: string, trimmed: string, known: BookRead | undefined): InboundFrame {
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { kind: 'garbage', reason: `not JSON and not "pong": ${preview(text)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'garbage', reason: `JSON that is not an object: ${preview(text)}` };
  }
  const v = value as Record<string, unknown>;
  const event = typeof v.event === 'string' ? v.event : undefined;
  switch (event) {
    case 'login':
      return { kind: 'login', code: codeString(v.code) || '0', msg: str(v.msg) };
    case 'subscribe':
    case 'unsubscribe': {
      const arg = toStreamArg(v.arg);
      if (!arg) return { kind: 'garbage', reason: `${event} ack without a valid arg: ${preview(text)}` };
      return { kind: event, arg };
    }
    case 'error':
      return { kind: 'error', code: codeString(v.code), msg: str(v.msg), id: optionalId(v.id), arg: toStreamArg(v.arg) };
    case 'trade': {
      const id = optionalId(v.id);
      if (id === undefined) return { kind: 'garbage', reason: `trade reply without an id: ${preview(text)}` };
      return { kind: 'trade', id, code: codeString(v.code) || '0', msg: str(v.msg), topic: str(v.topic), args: Array.isArray(v.args) ? v.args : [] };
    }
    case undefined:
      break;
    default:
      return { kind: 'other', event };
  }
  if ('data' in v || 'action' in v) {
    const arg = toStreamArg(v.arg);
    if (!arg) return { kind: 'garbage', reason: `push without a valid arg: ${preview(text)}` };
    // A book push whose head the scan could not read (another layout): its parsed data is dropped unused.
    if (isBookTopic(arg.topic)) return { kind: 'book', arg, action: str(v.action), book: known ?? readBook(text) };
    return { kind: 'push', arg, action: str(v.action), data: v.data, ts: typeof v.ts === 'number' ? v.ts : undefined };
  }
  return { kind: 'other', event: undefined };
}

/** The first 120 characters of a frame, for error messages. */
export function preview(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/**
 * The arg named at the start of a 30001 message, e.g.
 * `{"instType":"usdt-futures","symbol":"NOPEUSDT","topic":"books"} doesn't exist`; undefined if none.
 */
export function argFromErrorMessage(msg: string): StreamArg | undefined {
  const start = msg.indexOf('{');
  const end = msg.indexOf('}', start);
  if (start < 0 || end < 0) return undefined;
  try {
    return toStreamArg(JSON.parse(msg.slice(start, end + 1)));
  } catch {
    return undefined;
  }
}

/** What a connection does about an `event:"error"` frame that carries no trade `id` (protocol-notes §4.6). */
export type ErrorAction =
  /** 30005, 30011–30015 on the private socket: the login is refused; stop for good. */
  | 'fatal-login'
  /** 30004 on the private socket: log in again, then resubscribe. */
  | 'relogin'
  /** 30033: service upgrade; reconnect before the server drops the socket. */
  | 'upgrade'
  /** 30001: a subscription arg does not exist; mark it failed. */
  | 'subscribe-refused'
  /** Anything else: record and report it. */
  | 'report';

const FATAL_LOGIN_CODES: ReadonlySet<string> = new Set(['30005', '30011', '30012', '30013', '30014', '30015']);

/** Classifies an exchange error code for a connection of `kind`. */
export function errorAction(code: string, kind: ConnectionKind): ErrorAction {
  if (kind === 'private' && FATAL_LOGIN_CODES.has(code)) return 'fatal-login';
  if (kind === 'private' && code === '30004') return 'relogin';
  if (code === '30033') return 'upgrade';
  if (code === '30001') return 'subscribe-refused';
  return 'report';
}

/** The UTF-8 text of a `ws` message payload. */
export function rawToText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
