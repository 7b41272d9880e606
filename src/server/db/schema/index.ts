export * from './auth.ts';
export * from './exports.ts';
export * from './heat.ts';
export * from './membership.ts';
export * from './projects.ts';
export * from './search.ts';
export * from './signals.ts';
export * from './social.ts';
