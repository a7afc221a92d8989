import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import type { PaymentProvider, ProviderEvent } from '../../payments/provider';

export type HubTarget = 'Wallet' | 'Subscription' | 'Notification';
export type Notify = (userId: string, target: HubTarget, payload: unknown) => Promise<void>;

/** What every part of the marketplace works with. */
export interface Market {
  db: Database;
  provider: PaymentProvider;
  /** Origin of the site, for the provider's return url. */
  publicOrigin: string;
  log?: FastifyBaseLogger;
  /** Sends a push notification to a user (the notification hub, when there is one). */
  notify?: Notify;
  /** Tests: runs inside the fulfilment transaction, after the event row, before the effects. */
  fault?: (event: ProviderEvent) => void | Promise<void>;
}

/** Pushes to a user; a push that fails is logged, never the caller's failure. */
export async function notifyUser(market: Market, userId: string, target: HubTarget, payload: unknown) {
  if (!market.notify) return;
  try {
    await market.notify(userId, target, payload);
  } catch (error) {
    market.log?.warn({ err: error, target }, 'push notification failed');
  }
}
