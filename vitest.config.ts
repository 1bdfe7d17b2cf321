import { defineConfig } from 'vitest/config';

// Times on screen are the trader's local time; tests pin the zone so their expected strings hold anywhere.
const env = { TZ: 'UTC' };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/unit/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          env,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 1 },
          include: ['test/e2e/**/*.test.ts', 'test/e2e/**/*.test.tsx'],
          environment: 'node',
          env,
          testTimeout: 60_000,
          hookTimeout: 30_000,
          // e2e files each start their own embedded exchange; two at a time keeps a 2-core CI machine responsive.
          maxWorkers: 2,
        },
      },
    ],
  },
});
