/**
 * Renders docs/operations.md, the coverage table of the operation table. The doc is generated
 * (`npx tsx scripts/gen-coverage.ts`) and a test compares it with this output, so it never drifts.
 */
import type { OperationSpec } from './operation-types.js';
import { OPERATIONS } from './operations.js';

const PART_NAMES: Readonly<Record<OperationSpec['part'], string>> = {
  A: 'A. Crypto loans',
  B: 'B. Orders',
  C: 'C. Positions',
  D: 'D. Account',
  E: 'E. Public market data',
  'notes-8': 'protocol-notes §8',
  extra: 'extra (in neither document)',
};

function rateText(op: OperationSpec): string {
  const scope = op.rate.scope === 'uid' ? 'UID' : 'IP';
  const assumed = op.rate.assumed === true ? ' (assumed)' : '';
  return `${op.rate.perSecond}/s per ${scope}${assumed}`;
}

function partText(op: OperationSpec): string {
  const alias = op.aliasOf === undefined ? '' : ` (alias of \`${op.aliasOf}\`)`;
  return `${op.part}${alias}`;
}

function row(op: OperationSpec): string {
  const cells = [
    `\`${op.id}\``,
    op.method,
    `\`${op.path}\``,
    op.auth,
    rateText(op),
    `\`${op.rate.bucket}\``,
    op.write ? 'yes' : 'no',
    partText(op),
    `\`client.${op.id}()\``,
    op.summary.replace(/\|/g, '\\|'),
  ];
  return `| ${cells.join(' | ')} |`;
}

/**
 * The whole markdown document for `operations` (default: the table), ending in a newline.
 * Deterministic: the same table always renders the same text.
 */
export function renderCoverageTable(operations: readonly OperationSpec[] = OPERATIONS): string {
  const counts = new Map<string, number>();
  for (const op of operations) counts.set(op.part, (counts.get(op.part) ?? 0) + 1);
  const partLines = Object.entries(PART_NAMES)
    .filter(([part]) => counts.has(part))
    .map(([part, name]) => `- ${name}: ${counts.get(part) ?? 0}`);
  const assumed = operations.filter((op) => op.rate.assumed === true).map((op) => `\`${op.id}\``);
  const lines = [
    '# Operation coverage',
    '',
    '<!-- Generated from src/exchange/wire/operations.ts by `npx tsx scripts/gen-coverage.ts`. Do not edit by hand. -->',
    '',
    `${operations.length} operations. Every one is callable as \`client.call('<id>', params)\` or as the`,
    'camel-case method in the last column. The REST client checks each request with `validateRequest`',
    'before sending it, and the embedded exchange checks it again on receipt.',
    '',
    'By spec part (uta-api-spec.md "Endpoints" A–E; protocol-notes.md §8):',
    '',
    ...partLines,
    '',
    'Rates are per second, per account UID for private operations and per IP for public ones.',
    'Operations sharing a bucket draw from one token bucket.',
    `Rates marked "assumed" are stated in neither document; we use 10/s: ${assumed.join(', ') || 'none'}.`,
    '',
    '| id | method | path | auth | rate | bucket | write | part | client call | summary |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...operations.map(row),
    '',
  ];
  return lines.join('\n');
}
