import { Button, type ButtonProps } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useFlow } from '../../app/AppContext';
import type { FollowActorRef } from '../../machines/followMachine';

/**
 * Runs the follow flow of `userId` while the caller is mounted (`following`: what a member card
 * already knows). Its `numOfFollowers`, once known, is the count to show.
 */
export function useFollow(userId: string, following?: boolean): FollowActorRef | undefined {
  return useFlow('follow', following === undefined ? { userId } : { userId, following });
}

/** The follower count to show: the follow flow's latest, else what the page loaded. */
export function useFollowerCount(actor: FollowActorRef | undefined, loaded: number): number {
  return useSelector(actor, (s) => s?.context.numOfFollowers ?? null) ?? loaded;
}

/**
 * Follow / Unfollow of one member (platform.md §2.7, §2.3). A signed-out visitor's press asks them
 * to sign in; the button is busy while the change is saved.
 */
export function FollowButton({
  actor,
  name,
  size = 'small',
}: {
  actor: FollowActorRef | undefined;
  /** The member's name, for the button's accessible name. */
  name: string;
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation();
  const following = useSelector(actor, (s) => s?.context.following ?? false);
  const busy = useSelector(actor, (s) => !s || s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s?.matches('failed') ?? false);
  return (
    <Button
      size={size}
      variant={following ? 'outlined' : 'contained'}
      aria-pressed={following}
      aria-label={t(following ? 'follows.unfollowName' : 'follows.followName', { name })}
      disabled={busy}
      title={failed ? t('follows.loadFailed') : undefined}
      onClick={() => actor?.send(failed ? { type: 'follow.retry' } : { type: 'follow.toggle' })}
    >
      {t(following ? 'follows.unfollow' : 'follows.follow')}
    </Button>
  );
}
