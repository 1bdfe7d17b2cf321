// Bundles the compiled app (dist/cli/bin.js and everything it imports, Ink and the exchange
// included) into dist/cli/bundle.mjs, which bin/utadash.mjs runs, and the chunks it loads on
// demand (dist/cli/bundle-chunks/). Node 20 has no
// compile cache: loading Ink's tree of small ES modules file by file took ~0.9 s and ~40 MB more
// memory than reading one file. Run by `npm run build` after tsc; marks the build finished
// (dist/.built) last. When esbuild cannot run here, the unbundled dist/ is used instead.
// Ink goes in as installed: with patches/ink+7.1.1.patch, which `postinstall` applies before
// `prepare` builds, so the bundle renders with the same patched Ink as the sources and dist/.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = `${root}dist/cli/bundle.mjs`;
const chunks = `${root}dist/cli/bundle-chunks`;
const finish = () => writeFileSync(`${root}dist/.built`, new Date().toISOString());
const clean = () => {
  rmSync(outfile, { force: true });
  rmSync(chunks, { recursive: true, force: true });
};
clean();

let esbuild;
try {
  esbuild = await import('esbuild');
} catch (error) {
  console.warn(`utadash: no bundle (esbuild not available: ${error instanceof Error ? error.message : String(error)}); dist/ runs unbundled`);
  finish();
  process.exit(0);
}

try {
  const result = await esbuild.build({
    // One entry, split at its dynamic imports: what only the dashboard needs (Ink, React, the UI),
    // only the embedded exchange, only the journal, goes into chunks under dist/cli/bundle-chunks/
    // that load when first imported. `utadash status` then compiles ~1 MB, not all 2.3 MB: Node 20
    // has no compile cache, and compiling the whole bundle was a quarter of its start-up.
    entryPoints: { bundle: `${root}dist/cli/bin.js` },
    outdir: `${root}dist/cli`,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'bundle-chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The production React build only (bin/utadash.mjs sets NODE_ENV=production for dist anyway).
    define: { 'process.env.NODE_ENV': '"production"' },
    // ws loads these native speed-ups when installed; they are optional and never bundled.
    // better-sqlite3 (the trade journal) finds its native addon from its own file's place
    // (`bindings`, `__filename`), which a bundle does not have: it loads from node_modules.
    external: ['bufferutil', 'utf-8-validate', 'better-sqlite3'],
    // CommonJS modules in the bundle (react, undici, ws) call require for Node's built-ins.
    banner: { js: "import { createRequire as utadashCreateRequire } from 'node:module';\nconst require = utadashCreateRequire(import.meta.url);" },
    logLevel: 'warning',
    // Without comments and spaces the bundle is 2.3 MB, not 3.2, and holds only Latin-1 text, so V8
    // keeps its source one byte a character: 6.4 MB less heap for the whole run (a few comments in
    // undici had a curly quote, which made the whole 3.2 MB source two bytes a character). Names
    // are kept (stack traces, `error.name`).
    minifyWhitespace: true,
    minifySyntax: true,
    // What went in (dist/cli/bundle-inputs.json): the shipped-build test checks which files the
    // bundle holds, since comments no longer say so.
    metafile: true,
    plugins: [
      {
        name: 'utadash',
        setup(build) {
          // Ink imports React DevTools only when DEV=true; this build does not carry them.
          build.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'utadash-absent' }));
          build.onLoad({ filter: /.*/, namespace: 'utadash-absent' }, () => ({
            contents: "export default { connectToDevTools() { throw new Error('React DevTools are not in the bundled build; run with UTADASH_FROM_SOURCE=1'); } };",
            loader: 'js',
          }));
        },
      },
    ],
  });
  const outputs = Object.keys(result.metafile.outputs).length;
  if (readdirSync(chunks).length + 1 !== outputs) throw new Error(`expected ${outputs} output files`);
  writeFileSync(`${root}dist/cli/bundle-inputs.json`, `${JSON.stringify(Object.keys(result.metafile.inputs).sort(), null, 1)}\n`);
} catch (error) {
  clean();
  console.warn(`utadash: no bundle (${error instanceof Error ? error.message : String(error)}); dist/ runs unbundled`);
}
finish();
