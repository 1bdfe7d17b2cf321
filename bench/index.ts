import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toStreamArg } from '../src/exchange/ws/topics.js';
import { runBookBench } from './book-bench.js';
import { generateFrames } from './gen-frames.js';
import { runJournalBench } from './journal-bench.js';
import { runLoopback } from './loopback-bench.js';

/**
 * `npm run bench -- --book FILE.jsonl [--runs N] [--no-loopback]`: order-book benchmark over recorded
 * frames (one raw websocket text frame per line, snapshot first). With no `--book`, generates a frames
 * file into bench/out/ first (`--count N`, default 200 000; `--checksum` adds CRCs; `--depth N`,
 * default 400). Prints two JSON lines: the book alone with the socket path through the stream client
 * beside it (`socket`, same interleaved rounds; `book-bench.ts`, `socket-bench.ts`), then the same
 * frames over a real loopback websocket (`loopback-bench.ts`; skipped with `--no-loopback`).
 */

function flag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // `npm run bench -- --journal [--fills N] [--runs N]`: the trade journal's benchmark alone (journal-bench.ts).
  if (args.includes('--journal')) {
    await runJournalBench(args);
    return;
  }
  let file = flag(args, '--book');
  if (file === undefined) {
    const out = join(dirname(fileURLToPath(import.meta.url)), 'out');
    mkdirSync(out, { recursive: true });
    const checksum = args.includes('--checksum');
    const count = Number.parseInt(flag(args, '--count') ?? '200000', 10);
    const depth = Number.parseInt(flag(args, '--depth') ?? '400', 10);
    file = join(out, `books-${count}-d${depth}${checksum ? '-crc' : ''}.jsonl`);
    writeFileSync(file, generateFrames({ count, depth, checksum }).join('\n') + '\n');
    process.stderr.write(`bench: generated ${file}\n`);
  }
  const frames = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const runs = Number.parseInt(flag(args, '--runs') ?? '7', 10);
  const result = await runBookBench(frames, runs);
  process.stdout.write(JSON.stringify(result) + '\n');
  if (args.includes('--no-loopback')) return;
  const arg = toStreamArg((JSON.parse(frames[0] ?? '{}') as { arg?: unknown }).arg);
  if (arg === undefined) throw new Error(`the first frame of ${file} names no arg`);
  const loopback = await runLoopback(file, frames.length, arg);
  if (JSON.stringify([loopback.bids, loopback.asks]) !== JSON.stringify([result.bids, result.asks])) throw new Error('the loopback run ends in another book than the book alone');
  process.stdout.write(JSON.stringify({ loopback }) + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
