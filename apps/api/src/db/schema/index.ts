export * from './jobs';
export * from './users';
