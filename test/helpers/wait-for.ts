/**
 * Polls `predicate` on every macrotask turn until it returns truthy, or fails after `timeoutMs`
 * with the last frame/value in the message. No fixed sleeps: React and Ink need setImmediate turns.
 */
export async function waitFor<T>(predicate: () => T | null | undefined | false, timeoutMs = 5000, describe?: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = predicate();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waitFor timed out after ${timeoutMs} ms${describe ? `\n${describe()}` : ''}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
