// A module loader hook for tests: `node --import ./module-trace.mjs app.mjs` with
// UTADASH_TEST_MODULE_LOG=FILE appends the URL of every module the app resolves to FILE, one a
// line. The test of `utadash status` reads it to prove the command loads nothing of Ink or React.
// Registered from the main thread; the hooks themselves run on Node's loader thread.
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

let logPath = '';

/** Receives the log file's path from `register`. */
export function initialize(data) {
  logPath = data?.log ?? '';
}

/** Resolves as usual, then records the URL. */
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (logPath !== '') appendFileSync(logPath, `${result.url}\n`);
  return result;
}

if (isMainThread) {
  const { register } = await import('node:module');
  register(import.meta.url, { data: { log: process.env.UTADASH_TEST_MODULE_LOG ?? '' } });
}
