import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CTRL_Z, installSuspend, takeSuspendKeys } from './suspend.js';

describe('takeSuspendKeys', () => {
  it('removes typed Ctrl-Z bytes and counts them', () => {
    expect(takeSuspendKeys('a\x1ab\x1a', false)).toEqual({ text: 'ab', count: 2, inPaste: false });
    expect(takeSuspendKeys('plain', false)).toEqual({ text: 'plain', count: 0, inPaste: false });
  });
  it('keeps a Ctrl-Z byte inside a bracketed paste, across chunks', () => {
    const first = takeSuspendKeys('\x1b[200~x\x1ay', false);
    expect(first).toEqual({ text: '\x1b[200~x\x1ay', count: 0, inPaste: true });
    expect(takeSuspendKeys('\x1a\x1b[201~\x1a', first.inPaste)).toEqual({ text: '\x1a\x1b[201~', count: 1, inPaste: false });
  });
});

/** A raw-mode terminal input stand-in: a text stream with `isTTY`, `isRaw` and `setRawMode`. */
function fakeStdin(): NodeJS.ReadStream & { modes: boolean[] } {
  const s = new PassThrough() as unknown as NodeJS.ReadStream & { modes: boolean[] };
  s.setEncoding('utf8');
  Object.assign(s, { isTTY: true, isRaw: true, modes: [] as boolean[] });
  s.setRawMode = (mode: boolean) => {
    s.modes.push(mode);
    Object.assign(s, { isRaw: mode });
    return s;
  };
  return s;
}

describe.skipIf(process.platform === 'win32')('installSuspend', () => {
  it('takes Ctrl-Z out of what Ink reads, lets Ink release the terminal, stops the job, and takes it back', async () => {
    const stdin = fakeStdin();
    const written: string[] = [];
    const stdout = { write: (t: string) => written.push(t) > 0 } as unknown as NodeJS.WriteStream;
    const steps: string[] = [];
    const control = installSuspend({
      stdin,
      stdout,
      kill: (pid, signal) => steps.push(`kill ${pid === process.pid ? 'self' : String(pid)} ${signal}`),
      beforeRedraw: () => steps.push('forget screen'),
    });
    try {
      control.setRelease(async () => {
        steps.push('ink release');
        return { resume: async () => void steps.push('ink resume'), [Symbol.asyncDispose]: async () => undefined };
      });
      stdin.write(`a${CTRL_Z}b`);
      expect(stdin.read()).toBe('ab');
      await new Promise<void>((resolve) => setImmediate(resolve));
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(steps).toEqual(['ink release', 'kill 0 SIGTSTP', 'kill self SIGSTOP', 'forget screen', 'ink resume']);
      expect(written.join('')).toContain('\x1b[?25h');
      expect(stdin.modes).toEqual([false]);
      // A chunk that was only Ctrl-Z reads as nothing (the next chunk, or null).
      stdin.write(CTRL_Z);
      expect(stdin.read()).toBeNull();
    } finally {
      control.uninstall();
    }
  });

  it('a Ctrl-Z before Ink is ready waits for it', async () => {
    const stdin = fakeStdin();
    const steps: string[] = [];
    const control = installSuspend({ stdin, stdout: { write: () => true } as unknown as NodeJS.WriteStream, kill: (_p, signal) => steps.push(signal) });
    try {
      await control.suspend();
      expect(steps).toEqual([]);
      control.setRelease(async () => ({ resume: async () => void steps.push('resume'), [Symbol.asyncDispose]: async () => undefined }));
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(steps).toEqual(['SIGTSTP', 'SIGSTOP', 'resume']);
    } finally {
      control.uninstall();
    }
  });
});
