#!/usr/bin/env node
// Entry point: runs the TypeScript sources through tsx, so a fresh clone needs no build step.
import { register } from 'tsx/esm/api';

// Production React: the development build records a timing entry per render and costs CPU.
process.env.NODE_ENV ??= 'production';

register();
await import('../src/cli/bin.ts');
