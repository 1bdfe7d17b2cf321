// Writes docs/operations.md from the operation table (src/exchange/wire/operations.ts).
// Run after changing the table: `npx tsx scripts/gen-coverage.ts`.
import { writeFileSync } from 'node:fs';
import { renderCoverageTable } from '../src/exchange/wire/coverage.js';

const target = new URL('../docs/operations.md', import.meta.url);
writeFileSync(target, renderCoverageTable());
process.stdout.write(`wrote ${target.pathname}\n`);
