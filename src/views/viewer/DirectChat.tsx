import { useTranslation } from 'react-i18next';
import '../../i18n/directMessagesCatalogue';
import type { DirectMessagesActorRef } from '../../machines/directMessagesMachine';
import { MessagesWindow } from '../social/DirectMessages';
import { SignInPrompt } from './SignInPrompt';

/**
 * The Chat panel's Direct tab (platform.md §2.7): the visitor's direct messages, as the header's
 * Messages window has them (the viewer has no header; the viewer page runs the flow for a
 * signed-in visitor). Loaded when the tab opens first.
 */
export default function DirectChat({ dms }: { dms: DirectMessagesActorRef | undefined }) {
  const { t } = useTranslation();
  if (!dms) return <SignInPrompt message={t('messages.signIn')} />;
  return <MessagesWindow dms={dms} />;
}
