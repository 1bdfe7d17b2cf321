/**
 * Ink's `Output` module (ink/build/output.js), which Ink's package exports do not name, so it is
 * reached through Ink's own location. The bundled build (scripts/bundle.mjs) replaces this module
 * with a static import of the same file, so the bundle patches the Output class its Ink renders with.
 */
export async function importInkOutputModule(): Promise<unknown> {
  return import(new URL('./output.js', import.meta.resolve('ink')).href);
}
