import { notificationHubPath } from '../../contracts/marketplace';
import type { HubDefinition } from './hub';

/** The hub's name: the last segment of `notificationHubPath` (/hubs/notification). */
const notificationHubName = notificationHubPath.split('/').at(-1)!;

/** The events the notification hub sends (platform.md §7.6 'Notification types'). */
export const notificationTargets = ['Wallet', 'Subscription', 'Notification'] as const;
export type NotificationTarget = (typeof notificationTargets)[number];

/**
 * The notification hub: server to client only. Services reach a user's every open connection
 * (every tab, every device, every node through the backplane) with `app.hubs.notifyUser`.
 */
export const notificationHub: HubDefinition = {
  name: notificationHubName,
  methods: {},
};
