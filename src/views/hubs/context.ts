import { createContext } from 'react';
import type { HubClient } from '../../services/notificationHub';

/** The running notification hub, or null when no NotificationHubProvider is mounted. */
export const NotificationHubContext = createContext<HubClient | null>(null);
