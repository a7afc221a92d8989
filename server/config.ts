import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { IceServer } from '../contracts/voice';

/**
 * Every setting the server reads from the environment, with the embedded defaults that let
 * `npm start` run with nothing else installed. README's configuration table mirrors this file.
 */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = z.preprocess(blankToUndefined, z.url().optional());
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

/** More proxies than this in a row is a mistake, not a deployment. */
const maxProxyHops = 10;
/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (namedRanges.has(entry) || isIP(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || rest.length > 0 || !/^\d{1,3}$/.test(prefix ?? '')) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (X-Forwarded-For, -Proto, -Host): nobody by default, so a
 * client cannot pick its own address; a hop count (the proxies in front of every request); or
 * the proxies' addresses and ranges, comma-separated.
 */
const trustProxy = z.preprocess(blankToUndefined, z.string().trim().optional()).transform((value, ctx) => {
  if (value === undefined || value === 'false' || value === '0') return false as const;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= maxProxyHops) return hops;
    ctx.addIssue({ code: 'custom', message: `must be at most ${maxProxyHops} hops` });
    return z.NEVER;
  }
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'trusting every address would let any client choose its own; give the number of proxies in ' +
        'front of the server (e.g. 1) or their addresses',
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
});

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    PUBLIC_ORIGIN: optionalUrl,
    BASE_DOMAIN: z
      .string()
      .regex(
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
        'must be a domain name such as localhost or example.com',
      )
      .default('localhost'),
    DATA_DIR: z.string().default('./data'),
    ENGINE_BUILDS_DIR: optionalText,
    DATABASE_URL: optionalUrl.refine(
      (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
      'must be a postgres:// URL',
    ),
    /** Redis for the real-time hubs' backplane when several server processes share the load. */
    REDIS_URL: optionalUrl.refine(
      (v) => v === undefined || /^rediss?:\/\//.test(v),
      'must be a redis:// URL',
    ),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalText,
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** Proxies whose X-Forwarded-* headers are believed (off: the client is the socket's peer). */
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().trim().min(1).default('web'),
    OIDC_AUDIENCE: optionalText,
    OIDC_ROLES_CLAIM: z.string().trim().min(1).default('roles'),
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** Sign-in, sign-up and password forms allowed per address and 15 minutes (default per form). */
    AUTH_ATTEMPTS_PER_WINDOW: z.coerce.number().int().min(1).max(100_000).optional(),
    /** Stripe (all three, or none: then the built-in test payment provider is used). */
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Optional `productId=price_…` pairs, comma-separated; other products go to Stripe as inline prices. */
    STRIPE_PRICE_IDS: optionalText,
    /** Mail goes out through this SMTP server (smtp:// or smtps://, user and password in the URL). */
    SMTP_URL: optionalUrl.refine(
      (v) => v === undefined || /^smtps?:\/\//.test(v),
      'must be an smtp:// or smtps:// URL',
    ),
    /** The From of every mail (default `Spaces <no-reply@BASE_DOMAIN>`). */
    MAIL_FROM: optionalText,
    /** Also writes every mail as an .eml file into this folder. */
    MAIL_DIR: optionalText,
    /**
     * The user with this e-mail is an operator (/admin): given the role on start and when they
     * sign up. `npm run admin -- --email …` does the same once, with the server stopped.
     */
    ADMIN_EMAIL: z.preprocess(blankToUndefined, z.string().trim().email().optional()),
    /** Where the contact form's messages go (default ADMIN_EMAIL, else contact@BASE_DOMAIN). */
    CONTACT_EMAIL: z.preprocess(blankToUndefined, z.string().trim().email().optional()),
    /** Visitors in one instance of a space (contracts/live.ts; default 1000). */
    LIVE_INSTANCE_CAP: z.coerce.number().int().min(1).max(100_000).optional(),
    /** Visitors whose movements each visitor gets at the full 10 Hz (contracts/livePoses.ts; default 24). */
    LIVE_NEAR_COUNT: z.coerce.number().int().min(1).max(200).optional(),
    /**
     * The STUN and TURN servers browsers use to connect voice peer to peer (contracts/voice.ts), as
     * JSON: `[{"urls":"turn:turn.example.org:3478","username":"u","credential":"p"}]`. None by
     * default: browsers on one network (or on one machine) need none.
     */
    ICE_SERVERS: z.preprocess((v) => {
      const text = blankToUndefined(v);
      if (typeof text !== 'string') return text;
      try {
        return JSON.parse(text);
      } catch {
        return text; // not JSON: refused below, as not a list
      }
    }, z.array(IceServer, 'ICE_SERVERS must be a JSON list of STUN or TURN servers').max(20).default([])),
    /**
     * A LiveKit server for voice in crowds (contracts/voice.ts `livekitVoice`): its address as
     * browsers reach it (wss://…), and the API key and secret it was given. All three or none.
     */
    LIVEKIT_URL: optionalUrl.refine(
      (v) => v === undefined || /^(wss?|https?):\/\//.test(v),
      'must be a wss:// (or ws://) URL',
    ),
    LIVEKIT_API_KEY: optionalText,
    LIVEKIT_API_SECRET: optionalText,
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.S3_ENDPOINT) !== Boolean(c.S3_BUCKET)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.S3_ENDPOINT ? 'S3_BUCKET' : 'S3_ENDPOINT'],
        message: 'S3_ENDPOINT and S3_BUCKET must be set together',
      });
    }
    // Settings that only work together: each one missing is named.
    for (const names of [
      ['LIVEKIT_URL', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET'],
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
    ] as const) {
      if (!names.some((name) => c[name]) || names.every((name) => c[name])) continue;
      const message = `${names.slice(0, -1).join(', ')} and ${names.at(-1)} must be set together`;
      for (const name of names) if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message });
    }
  });

export type Config = z.output<typeof configSchema> & {
  /** Absolute data directory. */
  dataDir: string;
  /** Absolute folder of the registered Unity engine builds (ENGINE_BUILDS_DIR, else DATA_DIR/engine-builds). */
  engineBuildsDir: string;
  /** The origin people reach the main site at, e.g. http://localhost:8080. */
  publicOrigin: string;
  identity: {
    /** The embedded OpenID Provider runs at /oidc unless OIDC_ISSUER names another one. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    /** The `aud` of access tokens for this API. */
    audience: string;
    /** The claim holding the user's roles. */
    rolesClaim: string;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super('Invalid configuration:\n' + problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment. Throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(Object.keys(configSchema.shape ?? {}).map((k) => [k, env[k]]));
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({ variable: String(i.path[0] ?? '?'), message: i.message })),
    );
  }
  const c = parsed.data;
  const defaultOrigin = `http://${c.BASE_DOMAIN}${c.PORT === 80 ? '' : `:${c.PORT}`}`;
  const publicOrigin = (c.PUBLIC_ORIGIN ?? defaultOrigin).replace(/\/$/, '');
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    engineBuildsDir: path.resolve(c.ENGINE_BUILDS_DIR ?? path.join(dataDir, 'engine-builds')),
    publicOrigin,
    identity: {
      embedded: !c.OIDC_ISSUER,
      issuer: (c.OIDC_ISSUER ?? `${publicOrigin}/oidc`).replace(/\/$/, ''),
      clientId: c.OIDC_CLIENT_ID,
      audience: c.OIDC_AUDIENCE ?? `${publicOrigin}/api`,
      rolesClaim: c.OIDC_ROLES_CLAIM,
    },
  };
}
