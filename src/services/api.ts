import ky, { type KyInstance } from 'ky';

export interface ApiOptions {
  /** The current access token, if signed in. */
  token: () => string | undefined;
  /** Called on a 403: the app shows 'You are not authorized to perform this action'. */
  onForbidden: () => void;
}

/**
 * The API client: `/api/` prefix, the bearer token on every call, idempotent calls retried with an
 * exponentially growing delay, and a 403 turned into a toast, except for a call whose page says
 * so itself (`context: quietForbidden`).
 */
/** The options of a call whose 403 the page explains itself (no toast). */
export const quietForbidden = { context: { quietForbidden: true } } as const;

export function createApi({ token, onForbidden }: ApiOptions): KyInstance {
  return ky.create({
    prefixUrl: '/api',
    timeout: 30_000,
    retry: {
      limit: 3,
      methods: ['get', 'head', 'put', 'delete', 'options'],
      statusCodes: [408, 429, 500, 502, 503, 504],
      backoffLimit: 4000,
    },
    hooks: {
      beforeRequest: [
        (request) => {
          const t = token();
          if (t) request.headers.set('authorization', `Bearer ${t}`);
        },
      ],
      afterResponse: [
        (_request, options, response) => {
          if (response.status === 403 && !options.context.quietForbidden) onForbidden();
        },
      ],
    },
  });
}
