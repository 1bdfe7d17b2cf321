/**
 * Client order ids. Every order we send carries one so that an order whose placement result is
 * unknown can be looked up instead of sent again. The exchange accepts 1–32 characters from
 * `^[.A-Z:/a-z0-9_-]{1,32}$` (the stricter of the two documented patterns).
 */

/** The pattern every generated id matches (place-order `clientOid`). */
export const CLIENT_OID_PATTERN = /^[.A-Z:/a-z0-9_-]{1,32}$/;

/** Prefix of our ids, so our own orders are recognisable in the exchange's lists. */
export const CLIENT_OID_PREFIX = 'ud';

/** Options of `createClientOidGenerator`. */
export interface ClientOidOptions {
  /** Unix ms clock. */
  readonly now: () => number;
  /** Random source in [0, 1); default Math.random. */
  readonly random?: () => number;
}

const COUNTER_SPAN = 36 ** 3;

/**
 * Returns a generator of short unique ids: `ud-<base36 ms>-<base36 counter><4 random base36>`,
 * about 22 characters. The counter makes ids from one process unique even within one millisecond;
 * the random tail separates two processes started at the same moment.
 */
export function createClientOidGenerator(options: ClientOidOptions): () => string {
  const random = options.random ?? Math.random;
  let counter = 0;
  return () => {
    counter = (counter + 1) % COUNTER_SPAN;
    const tail = Math.floor(random() * 36 ** 4)
      .toString(36)
      .padStart(4, '0');
    return `${CLIENT_OID_PREFIX}-${Math.max(0, Math.floor(options.now())).toString(36)}-${counter.toString(36)}${tail}`;
  };
}
