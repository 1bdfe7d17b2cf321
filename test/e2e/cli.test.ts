import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/utadash.mjs', import.meta.url));

describe('utadash command line', () => {
  it('prints usage with --help and exits 0', () => {
    const r = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage:');
  });
  it('refuses an unknown flag with a clear message and a non-zero exit', () => {
    const r = spawnSync(process.execPath, [bin, '--bogus'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown option "--bogus"');
  });
});
