import { randomBytes, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { operatorUserMessages } from '../../contracts/operator';
import type { Database } from '../db';
import { AppError } from '../errors';
import {
  createAccount,
  createEmailVerification,
  createPasswordReset,
  endSessions,
  findAccountByEmail,
  findAccountById,
  isDisabled,
  type KeptSession,
  maxPasswordLength,
  minPasswordLength,
  normalizeEmail,
  peekPasswordReset,
  setPassword,
  signIn,
  useEmailVerification,
  usePasswordReset,
} from './accounts';
import { queueResetMail, queueVerifyMail } from './mail';
import type { AppOrigins } from './origins';
import {
  changePasswordPage,
  type FieldErrors,
  forgotPage,
  forgotSentPage,
  messagePage,
  resetPage,
  signInPage,
  signUpPage,
} from './pages';
import { type Bucket, RateLimiter } from './rateLimit';

/** The account pages' prefix (reset links and change password). */
const accountPrefix = '/oidc-account';
/** The reset link sent by e-mail: `${PUBLIC_ORIGIN}/oidc-account/reset/<token>`. */
const resetPath = (token: string) => `${accountPrefix}/reset/${token}`;
/** The link mailed at sign-up that confirms the address: `${PUBLIC_ORIGIN}/oidc-account/verify/<token>`. */
const verifyPath = (token: string) => `${accountPrefix}/verify/${token}`;
const csrfCookie = 'spaces_account_csrf';

type Form = Record<string, string | string[] | undefined>;
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const field = (body: unknown, name: string): string => {
  const value = (body as Form | undefined)?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail problems, or undefined when it looks like an address. */
function emailError(email: string): string | undefined {
  if (!email) return 'Enter your e-mail address';
  if (email.length > 254 || !emailPattern.test(email)) return 'Enter a valid e-mail address';
  return undefined;
}

/** New-password problems, field by field. */
function newPasswordErrors(password: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  if (password.length < minPasswordLength) errors.password = `Use at least ${minPasswordLength} characters`;
  else if (password.length > maxPasswordLength) errors.password = 'This password is too long';
  if (!errors.password && confirm !== password) errors.confirm = 'The passwords do not match';
  return errors;
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const tooManyAttempts = (seconds: number) =>
  `Too many attempts. Please wait ${minutes(seconds)} minute${minutes(seconds) === 1 ? '' : 's'} and try again.`;
const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;
/** Said alike whether an account has the address or not. */
const slowedMessage = (wait: number) =>
  `Too many failed sign-in attempts with this e-mail address. Try again in ${seconds(wait)}, or reset your password.`;

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function sameValue(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export interface IdentityRoutesOptions {
  provider: Provider;
  db: Database;
  origins: AppOrigins;
  clientId: string;
  /** Replaces each form's attempt limit per 15 minutes and address (AUTH_ATTEMPTS_PER_WINDOW). */
  maxAttempts?: number;
}

/**
 * The provider's pages: sign in, create account and forgot password inside an interaction
 * (/interaction/:uid...), and the account pages outside one (/oidc-account/reset/:token,
 * /oidc-account/password). Forms are urlencoded; answers are HTML.
 */
export default async function identityRoutes(app: FastifyInstance, opts: IdentityRoutesOptions) {
  const { provider, db, origins, clientId } = opts;
  const home = `${origins.main}/`;
  const limiter = new RateLimiter(opts.maxAttempts);
  app.addHook('onClose', async () => limiter.close());

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    await app.register(formbody, { bodyLimit: 16 * 1024 });
  }

  const expiredPage = () =>
    messagePage({
      title: 'This page has expired',
      message: 'This sign-in page is no longer valid. Go back to Spaces and sign in again.',
      kind: 'error',
      link: { href: home, label: 'Back to Spaces' },
    });

  /**
   * A form post must come from our own pages: Origin says where it came from. Under the platform's
   * `Referrer-Policy: no-referrer` browsers send `Origin: null` even for same-origin forms; then
   * Sec-Fetch-Site decides. (The interaction cookie or the CSRF cookie is the main protection.)
   */
  function fromOurPages(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      return origin === origins.main || origin === `${request.protocol}://${request.host}`;
    }
    const site = request.headers['sec-fetch-site'];
    return !site || site === 'same-origin' || site === 'none';
  }

  /** Counts the attempt; answers the 429 page and returns false when over the limit. */
  function allowed(
    bucket: Bucket,
    request: FastifyRequest,
    reply: FastifyReply,
    page: (error: string) => string,
  ) {
    const wait = limiter.hit(bucket, request.ip);
    if (wait === 0) return true;
    reply.header('retry-after', String(wait));
    void html(reply, 429, page(tooManyAttempts(wait)));
    return false;
  }

  /** The 429 page of an e-mail address that must wait after failed sign-ins. */
  function slowedDown(reply: FastifyReply, wait: number, page: (error: string) => string) {
    reply.header('retry-after', String(wait));
    return html(reply, 429, page(slowedMessage(wait)));
  }

  /** The interaction of this uid, when the browser holds its cookie and it has not expired. */
  async function interactionOf(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== request.params.uid) return undefined;
      return details;
    } catch {
      return undefined;
    }
  }

  /** Ends the interaction with a result and sends the browser back to the provider. */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) {
    let returnTo: string;
    try {
      returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
    } catch (error) {
      // The interaction ended meanwhile (expired, or finished in another tab).
      request.log.info({ err: error }, 'interaction could not be finished');
      return html(reply, 400, expiredPage());
    }
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  /** Consent is never asked for our own client: grant what is missing and carry on. */
  async function autoConsent(request: FastifyRequest, reply: FastifyReply, details: Interaction) {
    const accountId = details.session?.accountId;
    if (details.params.client_id !== clientId || !accountId) {
      return html(reply, 400, expiredPage());
    }
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId }))
      : new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return finish(request, reply, { consent: { grantId } });
  }

  const noSchema = { schema: { hide: true } };

  // ---- Sign in ----------------------------------------------------------------------------------

  // Confirms a sign-out the app asked for with its ID token (see signOutPage): a script file,
  // because the pages' CSP allows no inline script.
  app.get(`${accountPrefix}/sign-out.js`, noSchema, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('document.querySelector(\'button[name="logout"][value="yes"]\')?.click();\n'),
  );

  app.get<{ Params: { uid: string } }>('/interaction/:uid', noSchema, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return html(reply, 400, expiredPage());
    if (details.prompt.name === 'consent') return autoConsent(request, reply, details);
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return html(reply, 200, signInPage({ uid: details.uid, email: hint }));
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/login', noSchema, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || !fromOurPages(request)) return html(reply, 400, expiredPage());
    const email = field(request.body, 'email').trim();
    const password = field(request.body, 'password');
    const page = (error: string) => signInPage({ uid: details.uid, email, error });
    if (!allowed('signIn', request, reply, page)) return reply;
    if (!email || !password) return html(reply, 400, page('Enter your e-mail and password'));
    const result = await signIn(db, email, password);
    if (!result.ok) {
      if (result.reason === 'slowed') return slowedDown(reply, result.retryAfterSeconds, page);
      return html(reply, 401, page('Incorrect e-mail or password'));
    }
    // Told only to whoever knows the password: a disabled account cannot sign in.
    if (await isDisabled(db, result.accountId)) return html(reply, 403, page(operatorUserMessages.disabled));
    return finish(request, reply, { login: { accountId: result.accountId } });
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/abort', noSchema, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || !fromOurPages(request)) return html(reply, 400, expiredPage());
    return finish(request, reply, {
      error: 'access_denied',
      error_description: 'The sign-in was cancelled',
    });
  });

  // ---- Create account ---------------------------------------------------------------------------

  app.get<{ Params: { uid: string } }>('/interaction/:uid/signup', noSchema, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return html(reply, 400, expiredPage());
    return html(reply, 200, signUpPage({ uid: details.uid }));
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/signup', noSchema, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || !fromOurPages(request)) return html(reply, 400, expiredPage());
    const name = field(request.body, 'name').trim();
    const email = field(request.body, 'email').trim();
    const password = field(request.body, 'password');
    const confirm = field(request.body, 'confirm');
    const page = (error?: string, errors?: FieldErrors) =>
      signUpPage({ uid: details.uid, name, email, error, errors });
    if (!allowed('signUp', request, reply, (error) => page(error))) return reply;
    const errors: FieldErrors = { ...newPasswordErrors(password, confirm) };
    if (!name) errors.name = 'Enter your name';
    else if (name.length > 100) errors.name = 'Use at most 100 characters';
    const badEmail = emailError(email);
    if (badEmail) errors.email = badEmail;
    if (Object.keys(errors).length > 0) {
      return html(reply, 400, page('Please correct the highlighted fields', errors));
    }
    try {
      const { id } = await createAccount(db, { email, password, name });
      // The account works at once; the mail only confirms the address (tokens' email_verified).
      // A mail that cannot be queued must not undo a sign-up that worked.
      try {
        const token = await createEmailVerification(db, id);
        await queueVerifyMail(db, normalizeEmail(email), name, `${origins.main}${verifyPath(token)}`);
      } catch (error) {
        request.log.error({ err: error }, 'the e-mail confirmation could not be queued');
      }
      return await finish(request, reply, { login: { accountId: id } });
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') {
        return html(
          reply,
          409,
          page('An account with this e-mail already exists', {
            email: 'An account with this e-mail already exists',
          }),
        );
      }
      throw error;
    }
  });

  // ---- Forgot password --------------------------------------------------------------------------

  app.get<{ Params: { uid: string } }>('/interaction/:uid/forgot', noSchema, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return html(reply, 400, expiredPage());
    return html(reply, 200, forgotPage({ uid: details.uid }));
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/forgot', noSchema, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || !fromOurPages(request)) return html(reply, 400, expiredPage());
    const email = field(request.body, 'email').trim();
    const page = (error: string) => forgotPage({ uid: details.uid, email, error });
    if (!allowed('forgot', request, reply, page)) return reply;
    const badEmail = emailError(email);
    if (badEmail) return html(reply, 400, page(badEmail));
    const account = await findAccountByEmail(db, email);
    if (account) {
      const token = await createPasswordReset(db, account.id);
      if (token) await queueResetMail(db, account.email, `${origins.main}${resetPath(token)}`);
    }
    // The same answer either way: the page does not tell whether the account exists.
    return html(reply, 200, forgotSentPage({ uid: details.uid }));
  });

  // ---- Confirm the e-mail address (link from the sign-up mail) -------------------------------------

  app.get<{ Params: { token: string } }>(
    `${accountPrefix}/verify/:token`,
    noSchema,
    async (request, reply) => {
      if (
        !allowed('reset', request, reply, (error) =>
          messagePage({ title: 'Too many attempts', message: error, kind: 'error' }),
        )
      )
        return reply;
      const email = await useEmailVerification(db, request.params.token);
      if (!email)
        return html(
          reply,
          400,
          messagePage({
            title: 'This link no longer works',
            message:
              'This confirmation link has expired or was already used. A confirmed address needs nothing more.',
            kind: 'error',
            link: { href: home, label: 'Back to Spaces' },
          }),
        );
      return html(
        reply,
        200,
        messagePage({
          title: 'E-mail address confirmed',
          message: `Thank you: ${email} is confirmed as your account's e-mail address.`,
          link: { href: home, label: 'Go to Spaces' },
        }),
      );
    },
  );

  // ---- Reset password (link from the e-mail) ----------------------------------------------------

  const invalidLinkPage = () =>
    messagePage({
      title: 'This link no longer works',
      message:
        'This password reset link has expired or was already used. Ask for a new one from the sign-in page.',
      kind: 'error',
      link: { href: home, label: 'Back to Spaces' },
    });

  app.get<{ Params: { token: string } }>(
    `${accountPrefix}/reset/:token`,
    noSchema,
    async (request, reply) => {
      const accountId = await peekPasswordReset(db, request.params.token);
      if (!accountId) return html(reply, 400, invalidLinkPage());
      return html(reply, 200, resetPage({ token: request.params.token }));
    },
  );

  app.post<{ Params: { token: string } }>(
    `${accountPrefix}/reset/:token`,
    noSchema,
    async (request, reply) => {
      const { token } = request.params;
      if (!fromOurPages(request)) return html(reply, 403, invalidLinkPage());
      const page = (error?: string, errors?: FieldErrors) => resetPage({ token, error, errors });
      if (!allowed('reset', request, reply, (error) => page(error))) return reply;
      const password = field(request.body, 'password');
      const errors = newPasswordErrors(password, field(request.body, 'confirm'));
      if (Object.keys(errors).length > 0) return html(reply, 400, page(undefined, errors));
      if (!(await usePasswordReset(db, token, password))) return html(reply, 400, invalidLinkPage());
      return html(
        reply,
        200,
        messagePage({
          title: 'Password changed',
          message: 'Your password has been changed. Sign in with your new password.',
          link: { href: home, label: 'Go to Spaces' },
        }),
      );
    },
  );

  // ---- Change password (from the app) -----------------------------------------------------------

  /** The account signed in at the provider in this browser, if any, with its session. */
  async function signedInAccount(request: FastifyRequest, reply: FastifyReply) {
    try {
      const session = await provider.Session.get(provider.createContext(request.raw, reply.raw));
      const account = session.accountId ? await findAccountById(db, session.accountId) : undefined;
      if (!account) return undefined;
      const kept: KeptSession = { sessionId: session.jti, grantId: session.grantIdFor(clientId) };
      return { ...account, session: kept };
    } catch {
      return undefined;
    }
  }

  function newCsrf(request: FastifyRequest, reply: FastifyReply): string {
    const token = randomBytes(24).toString('base64url');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${csrfCookie}=${token}; Path=${accountPrefix}; HttpOnly; SameSite=Strict; Max-Age=3600${secure}`,
    );
    return token;
  }

  app.get<{ Querystring: { return_to?: string } }>(
    `${accountPrefix}/password`,
    noSchema,
    async (request, reply) => {
      const account = await signedInAccount(request, reply);
      const returnTo = origins.safeReturnTo(request.query.return_to);
      return html(
        reply,
        200,
        changePasswordPage({ signedInAs: account?.email, returnTo, csrf: newCsrf(request, reply) }),
      );
    },
  );

  app.post(`${accountPrefix}/password`, noSchema, async (request, reply) => {
    const body = request.body;
    const returnTo = origins.safeReturnTo(field(body, 'return_to'));
    const cookie = readCookie(request, csrfCookie) ?? '';
    if (!fromOurPages(request) || !sameValue(cookie, field(body, 'csrf'))) {
      return html(
        reply,
        403,
        messagePage({
          title: 'Please try again',
          message: 'This form has expired. Open the change password page again.',
          kind: 'error',
          link: {
            href: `${accountPrefix}/password?return_to=${encodeURIComponent(returnTo)}`,
            label: 'Try again',
          },
        }),
      );
    }
    const signedIn = await signedInAccount(request, reply);
    const email = signedIn?.email ?? field(body, 'email').trim();
    const current = field(body, 'current');
    const password = field(body, 'password');
    const page = (error?: string, errors?: FieldErrors) =>
      changePasswordPage({
        signedInAs: signedIn?.email,
        email,
        returnTo,
        csrf: newCsrf(request, reply),
        error,
        errors,
      });
    if (!allowed('changePassword', request, reply, (error) => page(error))) return reply;
    const errors: FieldErrors = { ...newPasswordErrors(password, field(body, 'confirm')) };
    if (!signedIn) {
      const badEmail = emailError(email);
      if (badEmail) errors.email = badEmail;
    }
    if (!current) errors.current = 'Enter your current password';
    if (Object.keys(errors).length > 0) {
      return html(reply, 400, page('Please correct the highlighted fields', errors));
    }
    const result = await signIn(db, normalizeEmail(email), current);
    if (!result.ok) {
      if (result.reason === 'slowed') return slowedDown(reply, result.retryAfterSeconds, page);
      const message = signedIn ? 'Your current password is incorrect' : 'Incorrect e-mail or password';
      return html(reply, 401, page(message, { current: message }));
    }
    await setPassword(db, result.accountId, password);
    // Every other browser and device is signed out (their tokens stop working); this one stays.
    const keep = signedIn?.id === result.accountId ? signedIn.session : undefined;
    await endSessions(db, result.accountId, keep);
    return html(
      reply,
      200,
      messagePage({
        title: 'Password changed',
        message: keep
          ? 'Your password has been changed, and you have been signed out everywhere else.'
          : 'Your password has been changed, and you have been signed out everywhere.',
        link: { href: returnTo, label: 'Back to Spaces' },
      }),
    );
  });
}
