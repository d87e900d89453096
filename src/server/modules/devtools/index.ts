// The development tools (never in production) offer no services to other modules: app.ts registers
// their routes from routes.ts.
export {};
