// The site module offers no services to other modules: app.ts registers its routes from routes.ts.
export {};
