// The pure heat engine: no I/O, no clock, no randomness. Time comes in as `now`.
export * from './evidence.ts';
export * from './heat-model.ts';
export * from './heat-score.ts';
export * from './mentions.ts';
export * from './normalize.ts';
export * from './sector-heat.ts';
export * from './social-score.ts';
export * from './status.ts';
export * from './time-factors.ts';
export * from './types.ts';
export * from './weights.ts';
