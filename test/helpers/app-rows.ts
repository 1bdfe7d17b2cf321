import { installInkOutputRows } from '../../src/render/ink-output-rows.js';

/**
 * Setup file of the e2e project (vitest.config.ts): Ink builds each frame's rows with the app's row
 * builder, as the cockpit does (src/cli/screen.ts installs the same one), so these tests render the
 * app through the code that draws it for traders, not through Ink's slower stock `Output.get`.
 */
const rows = installInkOutputRows(2000);
if (!rows.installed) throw new Error(`the row builder did not install: ${String(rows.reason)}`);
