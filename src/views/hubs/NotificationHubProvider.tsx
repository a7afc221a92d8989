import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { createActor } from 'xstate';
import { createNotificationHub } from '../../services/notificationHub';
import { useApi, useSession } from '../AppContext';
import { NotificationHubContext } from './context';

/**
 * Connects the notification hub while someone is signed in and disconnects on sign-out; its
 * children receive events with `useNotification`. Mount it once, inside AppActorProvider.
 */
export function NotificationHubProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const session = useSession();
  const signedIn = useSelector(session, (s) => s.context.user !== null);
  const [hub] = useState(() => {
    const { client, machine } = createNotificationHub(api);
    return { client, actor: createActor(machine) };
  });

  useEffect(() => {
    hub.actor.start();
    return () => {
      hub.actor.send({ type: 'hub.stop' });
      void hub.client.stop();
    };
  }, [hub]);

  useEffect(() => {
    hub.actor.send({ type: signedIn ? 'hub.start' : 'hub.stop' });
  }, [hub, signedIn]);

  // A plan that became active (districts-commerce-spaces.md §4) or ended: renew the token, whose
  // roles then carry the new tier — wherever the user is in the app.
  useEffect(
    () =>
      hub.client.on('Subscription', (payload: unknown) => {
        const eventType = (payload as { eventType?: string } | null)?.eventType;
        if (eventType === 'subscription.activated' || eventType === 'subscription.canceled')
          session.send({ type: 'session.renew' });
      }),
    [hub, session],
  );

  return <NotificationHubContext.Provider value={hub.client}>{children}</NotificationHubContext.Provider>;
}
