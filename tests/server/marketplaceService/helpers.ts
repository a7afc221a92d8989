import type { Role } from '../../../contracts/identity';
import type { TestApp } from '../../support/app';
import type { TestIssuer } from '../../support/tokens';

const base = '/api/marketplaceService';

/** Calls the marketplace service as a user (or anonymously with `as: null`). */
export function marketApi(t: TestApp, issuer: TestIssuer) {
  const auth = async (as: string | null, roles: Role[] = ['free-user']) =>
    as === null ? {} : issuer.headersFor(as, { name: `Name of ${as}`, email: `${as}@example.com`, roles });
  const get = async (url: string, as: string | null) =>
    t.app.inject({ url: `${base}${url}`, headers: await auth(as) });
  const post = async (url: string, as: string | null, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${base}${url}`,
      headers: {
        ...(await auth(as)),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    auth,
    get,
    post,
    products: () => get('/products', null),
    wallet: (as: string | null, userId?: string) => get(userId ? `/wallet/${userId}` : '/wallet', as),
    buy: (as: string | null, body: unknown, key?: string) =>
      post('/internalTransaction', as, body, key ? { 'idempotency-key': key } : {}),
    checkout: (as: string | null, body: unknown) => post('/checkoutSession', as, body),
    confirm: (as: string | null, clientSecret: string, cardNumber: string) =>
      post('/testCheckout/confirm', as, { clientSecret, cardNumber, expiry: '12/34', cvc: '123' }),
    authenticate: (as: string | null, clientSecret: string, approve: boolean) =>
      post('/testCheckout/authenticate', as, { clientSecret, approve }),
    /** Opens a test checkout and answers its client secret (fails the test otherwise). */
    async open(as: string, body: unknown): Promise<string> {
      const res = await post('/checkoutSession', as, body);
      if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
      return res.json().clientSecret as string;
    },
  };
}

export const slots = (n: number) => ({
  totalCoin: 100 * n,
  transactionItems: [{ districtItemId: 'extra-slot', quantity: n, priceCoin: 100 }],
});
