/**
 * The domain barrel (the only barrel in src, STYLE.md rule 7): the shared model plus the pure
 * rules, mappings, loan maths, money helpers and display formatting.
 */
export * from './model.js';
export * from './money.js';
export * from './format.js';
export * from './instrument-rules.js';
export * from './position-mapping.js';
export * from './loan-math.js';
export * from './ladder.js';
export * from './order-warnings.js';
