export * from './auth';
export * from './jobs';
export * from './users';
