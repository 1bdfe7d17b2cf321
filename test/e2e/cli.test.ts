import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { APP_BIN as bin, currentSourcesEnv } from '../helpers/app-bin.js';

/** The app's environment: this process's, on the current sources (helpers/app-bin.ts). */
const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, ...currentSourcesEnv(), ...extra });

describe('utadash command line', () => {
  it('prints usage with --help and exits 0', () => {
    const r = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8', env: env() });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage:');
  });
  it('refuses an unknown flag with a clear message and a non-zero exit', () => {
    const r = spawnSync(process.execPath, [bin, '--bogus'], { encoding: 'utf8', env: env() });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown option "--bogus"');
  });
  it('refuses an unknown theme in one line, no stack trace, exit 2', () => {
    const r = spawnSync(process.execPath, [bin, '--theme', 'bogus'], { encoding: 'utf8', env: env({ XDG_CONFIG_HOME: '/nonexistent-utadash-test' }) });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('utadash: unknown theme "bogus" (choose dark, light, high-contrast, monochrome)\n');
  });
});

describe('utadash sim', () => {
  it('prints one JSON line with working URLs and the demo credentials, and stops on SIGTERM', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [bin, 'sim', '--port', '0', '--seed', '5'], { stdio: ['ignore', 'pipe', 'pipe'], env: env() });
    const line = await new Promise<string>((resolve, reject) => {
      let buf = '';
      child.stdout.on('data', (d: Buffer) => {
        buf += d.toString();
        const nl = buf.indexOf('\n');
        if (nl >= 0) resolve(buf.slice(0, nl));
      });
      child.on('exit', (code) => reject(new Error(`sim exited early (${String(code)})`)));
    });
    const info = JSON.parse(line) as Record<string, string>;
    expect(Object.keys(info).sort()).toEqual(['apiKey', 'passphrase', 'rest', 'secret', 'wsPrivate', 'wsPublic']);
    expect(info.wsPublic).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v3\/ws\/public$/);
    const reply = (await (await fetch(`${info.rest ?? ''}/api/v3/public/time`)).json()) as { code: string; data: { serverTime: string } };
    expect(reply.code).toBe('00000');
    expect(Number(reply.data.serverTime)).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
  it('refuses a bad sim flag', () => {
    const r = spawnSync(process.execPath, [bin, 'sim', '--speed', 'fast'], { encoding: 'utf8', env: env() });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--speed must be a positive number');
  });
});
