export * from './accounts.js';
export * from './catalog.js';
export * from './commerce.js';
export * from './learning.js';
export * from './subscriptions.js';
export * from './site.js';
export * from './admin.js';
export * from './settings.js';
