import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, USAGE, UsageError } from './args.js';
import { ConfigError } from './config.js';
import { LogFileError } from './file-logger.js';
import { COMMAND_NAMES } from './commands/command-names.js';
import { packageRoot } from './package-root.js';
import { StartCheckError } from './start-checks.js';

/** Process entry: `utadash [options]`, `utadash sim [options]` or `utadash journal …`. Wiring only. */
async function main(argv: readonly string[]): Promise<number> {
  try {
    if (argv[0] === 'sim') return await (await import('./sim-command.js')).runSimCommand(argv.slice(1));
    // The trade journal's export and stats (issue 19) read the file alone: no Ink, no exchange.
    if (argv[0] === 'journal') return await (await import('./journal-command.js')).runJournalCommand(argv.slice(1), process.env);
    // Scriptable commands (issue 20) and the dashboard load lazily: `utadash status` must not load Ink.
    if (COMMAND_NAMES.has(argv[0] ?? '')) return await (await import('./commands/run.js')).runCommand(argv);
    const options = parseArgs(argv);
    if (options.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (options.version) {
      const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
      process.stdout.write(`utadash ${pkg.version}\n`);
      return 0;
    }
    return await (await import('./main.js')).runDashboard(options, process.env);
  } catch (error) {
    // Every refusal is one line (a message could hold a line break, e.g. from a file's name) and status 2.
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof StartCheckError || error instanceof LogFileError) {
      const line = error.message.replace(/\s*[\r\n]+\s*/g, ' ');
      process.stderr.write(line.startsWith('utadash ') ? `${line}\n` : `utadash: ${line}\n`);
      return 2;
    }
    throw error;
  }
}

// Exit explicitly: after a quit everything that matters is closed and logged, and a late retry
// timer of a closing client must not hold the process (and the user's shell) for seconds.
process.exit(await main(process.argv.slice(2)));
