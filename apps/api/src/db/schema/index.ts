export * from './auth';
export * from './billing';
export * from './figures';
export * from './integrations';
export * from './jobs';
export * from './requests';
export * from './settings';
export * from './users';
