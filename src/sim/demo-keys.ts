/**
 * The embedded exchange's demo keys (README), apart from the exchange itself so that a client of an
 * exchange started elsewhere (`UTADASH_SIM_URL`) knows them without loading the exchange's code.
 */

/** Demo API key of the embedded exchange (README). */
export const DEMO_API_KEY = 'bg_demo_utadash';
/** Demo API secret. */
export const DEMO_SECRET = 'utadash-demo-secret';
/** Demo API passphrase. */
export const DEMO_PASSPHRASE = 'utadashdemo';
