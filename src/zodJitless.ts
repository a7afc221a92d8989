/**
 * The page's Content-Security-Policy has no 'unsafe-eval' (server/plugins/security.ts). zod's JIT
 * compiles object parsers with `new Function`, and even its probe for whether it may is reported
 * as a violation when the policy refuses it. In the browser zod runs jitless: every schema is
 * interpreted. The server never imports src/ and keeps the JIT for its own validation.
 *
 * zod keeps its global configuration on `globalThis.__zod_globalConfig` (so that every copy of zod
 * shares it) and a schema reads it when it is built, so this runs first in main.tsx, before any
 * module — the lazily loaded chunks included — builds one. It is written here rather than through
 * zod's `config()` because importing zod would bring it into the first visit's bundle, which holds
 * no schema otherwise (tests/unit/zodJitless.test.ts checks that zod reads this setting).
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
