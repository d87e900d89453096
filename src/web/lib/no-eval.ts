/**
 * The pages run under a Content-Security-Policy without 'unsafe-eval' (src/server/http/security-headers.ts). Zod compiles
 * object schemas with `new Function` when it may, and probes whether it may by trying it: the policy refuses the probe and
 * reports a violation each time a page loads a form. `jitless` makes it parse without compiling and skip the probe.
 *
 * Set through the global object zod reads its configuration from (`z.config()` would pull zod into the first paint's
 * bundle, which the pages without forms do not need); imported first by main.tsx, before any schema is used.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

(globalThis as ZodGlobal).__zod_globalConfig ??= {};
(globalThis as ZodGlobal).__zod_globalConfig!.jitless = true;
