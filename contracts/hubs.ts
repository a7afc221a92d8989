/**
 * The real-time hubs' shared names (platform.md §7.6: Notification, Wallet, Subscription). No
 * schemas here: the app shell connects the notification hub on every page.
 */

export const notificationHubPath = '/hubs/notification';
export type WalletNotification = { availableBalance: number };
export type SubscriptionNotification = {
  eventType: 'subscription.activated' | 'subscription.updated' | 'subscription.canceled';
  plan: 'free' | 'standard' | 'pro';
};
