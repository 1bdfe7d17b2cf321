import chalk from 'chalk';
import { Box, renderToString, Text } from 'ink';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { shareInkOutputCaches, type InkOutputCacheHandle } from './ink-output-cache.js';

/** Frames that change a little each time, as the dashboard's do: colour, borders, wide characters, truncation. */
function frames(): ReactElement[] {
  const out: ReactElement[] = [];
  for (let i = 0; i < 12; i += 1) {
    out.push(
      <Box flexDirection="column" width={40}>
        <Box borderStyle={i % 2 === 0 ? 'bold' : 'single'} borderColor={i % 3 === 0 ? 'cyan' : 'gray'} flexDirection="column" width={40} overflowY="hidden" height={7}>
          <Text color="green" wrap="truncate-end">{`97${String(100 + i).padStart(3, '0')}.0   ${(0.1 * i).toFixed(3)}   ████${'█'.repeat(i % 5)}`}</Text>
          <Text wrap="truncate-end">
            <Text bold>BTCUSDT</Text> <Text color="red">{`-${i}.00%`}</Text> 価格 ✓ {'a very long line that must be cut at the edge of the box '.repeat(2)}
          </Text>
          <Text dimColor>{i % 4 === 0 ? 'same line every fourth frame' : `line ${i}`}</Text>
          <Text inverse>{chalk.yellow('pre-styled text')} plain</Text>
        </Box>
      </Box>,
    );
  }
  return out;
}

let handle: InkOutputCacheHandle | null = null;
afterEach(() => {
  handle?.uninstall();
  handle = null;
});

describe('shareInkOutputCaches', () => {
  it('installs on the pinned Ink and draws exactly what Ink draws without it, also across cache clears', async () => {
    const plain = frames().map((f) => renderToString(f, { columns: 40 }));
    handle = await shareInkOutputCaches(6);
    expect(handle.reason).toBeNull();
    expect(handle.installed).toBe(true);
    // Twice: the second pass draws from lines cached by the first (and clears past 6 entries).
    const cached = [...frames(), ...frames()].map((f) => renderToString(f, { columns: 40 }));
    expect(cached).toEqual([...plain, ...plain]);
    expect(handle.size()).toBeGreaterThan(0);
    expect(handle.size()).toBeLessThanOrEqual(6 + 20);
  });

  it('uninstall puts Ink back: nothing more is cached', async () => {
    handle = await shareInkOutputCaches();
    renderToString(frames()[0] ?? <Text>x</Text>, { columns: 40 });
    const before = handle.size();
    expect(before).toBeGreaterThan(0);
    handle.uninstall();
    renderToString(frames()[1] ?? <Text>y</Text>, { columns: 40 });
    expect(handle.size()).toBe(before);
  });
});
