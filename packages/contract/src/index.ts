export * from './messages.js';
export * from './common.js';
export * from './cuit.js';
export * from './format.js';
export * from './access.js';
export * from './admin.js';
export * from './routes.js';
export * from './dashboard.js';
