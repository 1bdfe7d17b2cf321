import { readFileSync } from 'node:fs';
import { parseArgs, USAGE, UsageError } from './args.js';

/** Process entry: `utadash [options]` or `utadash sim [options]`. Wiring only. */
async function main(argv: readonly string[]): Promise<number> {
  try {
    const options = parseArgs(argv);
    if (options.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (options.version) {
      const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
      process.stdout.write(`utadash ${pkg.version}\n`);
      return 0;
    }
    process.stderr.write('utadash: the dashboard is not built yet (issue 5)\n');
    return 1;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`utadash: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
