export * from './disposable-lists';
export * from './email';
export * from './email-vectors';
export * from './password';
export * from './url';
