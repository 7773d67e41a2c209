export * from './constants';
export * from './endpoint';
export * from './endpoints';
export * from './errors';
export * from './health';
export * from './openapi';
export * from './zod';
