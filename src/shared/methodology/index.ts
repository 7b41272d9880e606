// The evaluation engine: does a high heat score go with more attention and activity afterwards? Pure, no
// I/O, no clock; randomness only through an explicit seed.
export * from './bootstrap.ts';
export * from './evaluate.ts';
export * from './outcomes.ts';
export * from './panel.ts';
export * from './random.ts';
export * from './rank.ts';
export * from './summarise-days.ts';
export * from './types.ts';
