import { CircularProgress } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useFlow, useSession } from '../../app/AppContext';
import '../../i18n/directMessagesCatalogue';
import { MessagesWindow } from '../social/DirectMessages';
import { directMessagesSystemId } from '../social/messageSomeone';
import { SignInPrompt } from './SignInPrompt';

/**
 * The Chat panel's Direct tab (platform.md §2.7): the visitor's direct messages, as the header's
 * Messages window has them (the viewer has no header). Loaded when the tab opens first.
 */
export default function DirectChat() {
  const { t } = useTranslation();
  const session = useSession();
  const userId = useSelector(session, (s) => s.context.user?.userId ?? null);
  if (!userId) return <SignInPrompt message={t('messages.signIn')} />;
  return <SignedIn key={userId} userId={userId} />;
}

function SignedIn({ userId }: { userId: string }) {
  const dms = useFlow('directMessages', { userId }, { systemId: directMessagesSystemId });
  if (!dms) return <CircularProgress size={24} />;
  return <MessagesWindow dms={dms} />;
}
