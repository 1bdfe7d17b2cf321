/**
 * The session recording format (`utadash --record FILE`, played back by `--replay FILE`): NDJSON,
 * one object per line. Written by services/session-recorder.ts, read by sim/replay, so the format
 * has one definition here in the wire contract.
 *
 * - line 1: `{"type":"meta","v":1,"startedAt":<unix ms>,"mode":"DEMO"}`
 * - an inbound websocket frame: `{"type":"ws","n":7,"t":1234,"conn":"public","text":"<frame as received>"}`
 * - a REST reply: `{"type":"rest","n":8,"t":1240,"op":"market.getTickers","method":"GET",
 *   "path":"/api/v3/market/tickers","write":false,"params":{…},"status":200,"body":"<reply text>"}`
 *
 * `n` numbers every frame and reply in the order the app saw them; `t` is ms since `startedAt`.
 * Recordings never hold credentials: requests carry none in their params (auth travels in headers,
 * which are not recorded) and `scrubSecrets` removes secret-looking fields (sub-account API keys
 * and secrets in replies, passphrases in request bodies).
 */

/** Version written in the meta line. */
export const RECORDING_VERSION = 1;

/** First line of a recording. */
export interface RecordingMeta {
  readonly type: 'meta';
  readonly v: number;
  /** Unix ms when recording started. */
  readonly startedAt: number;
  /** Trading mode of the recorded session (LIVE, PAPER, DEMO). */
  readonly mode: string;
}

/** One inbound websocket frame, text exactly as received (books parse big sequence numbers from it). */
export interface RecordedFrame {
  readonly type: 'ws';
  /** Order in which the app saw it, from 1. */
  readonly n: number;
  /** ms since `startedAt`. */
  readonly t: number;
  readonly conn: 'public' | 'private';
  readonly text: string;
}

/** One REST reply with the request it answers (params without any auth). */
export interface RecordedReply {
  readonly type: 'rest';
  readonly n: number;
  readonly t: number;
  /** Operation id, e.g. `market.getTickers`. */
  readonly op: string;
  readonly method: string;
  readonly path: string;
  /** True for operations that change state (a replay refuses them). */
  readonly write: boolean;
  /** GET: the query object; POST: the parsed body. Secret-looking fields scrubbed. */
  readonly params: unknown;
  /** HTTP status. */
  readonly status: number;
  /** Reply text (the exchange envelope). */
  readonly body: string;
}

/** Any line of a recording. */
export type RecordingLine = RecordingMeta | RecordedFrame | RecordedReply;

/** A parsed recording. */
export interface Recording {
  readonly meta: RecordingMeta;
  /** Frames and replies in `n` order. */
  readonly events: readonly (RecordedFrame | RecordedReply)[];
}

/** A recording file that cannot be read; the message names the line and what is wrong. */
export class RecordingError extends Error {
  /** Stable code. */
  readonly code = 'RECORDING_INVALID';
  override readonly name = 'RecordingError';
}

/** Field names whose values are secrets (keys, secrets, passphrases, signatures, tokens). */
const SECRET_FIELD = /(api_?key|secret|passphrase|password|signature|^sign$|^access-|token)/i;

/** True when `name` is a field whose value must never be recorded or logged. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/** A deep copy of `value` with the values of secret-looking fields replaced by `[redacted]`. */
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (depth > 12) return '[deep]';
  if (Array.isArray(value)) return value.map((v) => scrubSecrets(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = isSecretField(k) ? '[redacted]' : scrubSecrets(v, depth + 1);
    return out;
  }
  return value;
}

/** Every `"name":` in a JSON text. */
const FIELD_NAME = /"((?:[^"\\]|\\.)*)"\s*:/g;

/** True when a JSON text has a field whose name is secret-looking. */
function hasSecretField(text: string): boolean {
  for (const m of text.matchAll(FIELD_NAME)) if (isSecretField(m[1] ?? '')) return true;
  return false;
}

/**
 * A reply or frame text with secret-looking fields scrubbed. Text without such fields is returned
 * unchanged (byte for byte: big numbers keep their digits); text with them is parsed, scrubbed and
 * serialised again; unparseable text with them is replaced by a note.
 */
export function scrubText(text: string): string {
  if (!hasSecretField(text)) return text;
  try {
    return JSON.stringify(scrubSecrets(JSON.parse(text)));
  } catch {
    return '"[redacted: unreadable text with secret-looking fields]"';
  }
}

/** Query-ish keys that hold a time and differ between a session and its replay. */
const TIME_KEY = /(time|^after$|^before$|^ts$)/i;

/**
 * A canonical key for request params: sorted keys, values as strings. `loose` leaves out
 * time-valued keys (startTime, endTime, …), which a replay computes from a different clock.
 */
export function paramsKey(params: unknown, loose = false): string {
  const canon = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canon);
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([k, v]) => v !== undefined && !(loose && TIME_KEY.test(k)))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return Object.fromEntries(entries.map(([k, v]) => [k, canon(v)]));
    }
    return value === null ? null : String(value);
  };
  return JSON.stringify(canon(params ?? {}));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function lineOf(raw: unknown, at: number): RecordingLine {
  if (!isRecord(raw)) throw new RecordingError(`line ${at}: not a JSON object`);
  const num = (k: string): number => {
    const v = raw[k];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new RecordingError(`line ${at}: "${k}" must be a number`);
    return v;
  };
  const text = (k: string): string => {
    const v = raw[k];
    if (typeof v !== 'string') throw new RecordingError(`line ${at}: "${k}" must be a string`);
    return v;
  };
  switch (raw.type) {
    case 'meta':
      return { type: 'meta', v: num('v'), startedAt: num('startedAt'), mode: text('mode') };
    case 'ws': {
      const conn = text('conn');
      if (conn !== 'public' && conn !== 'private') throw new RecordingError(`line ${at}: "conn" must be public or private`);
      return { type: 'ws', n: num('n'), t: num('t'), conn, text: text('text') };
    }
    case 'rest':
      return { type: 'rest', n: num('n'), t: num('t'), op: text('op'), method: text('method'), path: text('path'), write: raw.write === true, params: raw.params ?? {}, status: num('status'), body: text('body') };
    default:
      throw new RecordingError(`line ${at}: unknown "type" ${JSON.stringify(raw.type ?? null)} (expected meta, ws or rest)`);
  }
}

/**
 * Parses a recording's text. Throws `RecordingError` naming the line when a line is not valid,
 * the first line is not the meta line, or the version is newer than this program reads.
 */
export function parseRecording(text: string): Recording {
  const lines = text.split('\n');
  let meta: RecordingMeta | null = null;
  const events: (RecordedFrame | RecordedReply)[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new RecordingError(`line ${i + 1}: not JSON; a recording has one JSON object per line`);
    }
    const parsed = lineOf(raw, i + 1);
    if (parsed.type === 'meta') {
      if (meta !== null || events.length > 0) throw new RecordingError(`line ${i + 1}: a second meta line; the meta line must come first, once`);
      if (parsed.v > RECORDING_VERSION) throw new RecordingError(`recording version ${parsed.v} is newer than this utadash reads (${RECORDING_VERSION}); update utadash`);
      meta = parsed;
      return;
    }
    if (meta === null) throw new RecordingError(`line ${i + 1}: the first line must be the meta line ({"type":"meta",…})`);
    events.push(parsed);
  });
  if (meta === null) throw new RecordingError('the recording is empty (no meta line); record one with utadash --record FILE');
  events.sort((a, b) => a.n - b.n);
  return { meta, events };
}
