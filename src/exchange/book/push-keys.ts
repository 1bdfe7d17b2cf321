import { ascii } from './json-bytes.js';

/**
 * Member names of a websocket push and of a `books*` data item as bytes, for the readers that
 * compare keys without cutting strings (`book-frame.ts`, `update-reader.ts`, `ws/frame.ts`).
 */

/** Top-level members. */
export const K_EVENT = ascii('event');
export const K_ACTION = ascii('action');
export const K_ARG = ascii('arg');
export const K_DATA = ascii('data');
/** `"update"` with its quotes: the action the fast path takes. */
export const V_UPDATE = ascii('"update"');

/** `arg` members. */
export const K_INSTTYPE = ascii('instType');
export const K_TOPIC = ascii('topic');
export const K_CHANNEL = ascii('channel');
export const K_SYMBOL = ascii('symbol');
export const K_INSTID = ascii('instId');
export const K_INTERVAL = ascii('interval');

/** Data-item members (`a`/`b` are checked as single bytes). */
export const K_ASKS = ascii('asks');
export const K_BIDS = ascii('bids');
export const K_SEQ = ascii('seq');
export const K_PSEQ = ascii('pseq');
export const K_TS = ascii('ts');
export const K_CHECKSUM = ascii('checksum');
export const K_MAXDEPTH = ascii('maxDepth');
/** The wire spelling some frames use. */
export const K_MAXDEPTH_LOWER = ascii('maxdepth');
