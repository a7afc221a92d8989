import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useFlow } from '../../app/AppContext';
import { shortenCount } from '../../lib/format';
import type { SpaceReactionsActorRef } from '../../machines/spaceReactionsMachine';

/**
 * The Like button with the space's like count and the favourite (bookmark) button of the Space
 * info panel (platform.md §2.7). The flow (`spaceReactions`) decides everything: a toggle shows at
 * once and is undone with a message if the server refuses it; signed out, it asks to sign in.
 */
export function LikeBar({ sceneId, likes }: { sceneId: string; likes: number }) {
  const reactions = useFlow('spaceReactions', { sceneId, likes });
  return reactions ? <Reactions reactions={reactions} /> : <LikeCount likes={likes} />;
}

function LikeCount({ likes }: { likes: number }) {
  const { t } = useTranslation();
  return (
    <Typography color="text.secondary" data-testid="viewer-info-likes">
      {t('spaceReactions.likes', { count: likes, formatted: shortenCount(likes) })}
    </Typography>
  );
}

function Reactions({ reactions }: { reactions: SpaceReactionsActorRef }) {
  const { t } = useTranslation();
  const likes = useSelector(reactions, (s) => s.context.likes);
  const liked = useSelector(reactions, (s) => s.context.liked);
  const favourite = useSelector(reactions, (s) => s.context.favourite);
  const signedIn = useSelector(reactions, (s) => s.context.signedIn);
  const unavailable = useSelector(reactions, (s) => s.matches('unavailable'));
  const canLike = useSelector(reactions, (s) => s.can({ type: 'like.toggle' }));
  const canFavourite = useSelector(reactions, (s) => s.can({ type: 'favourite.toggle' }));

  if (unavailable)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary">{t('spaceReactions.unavailable')}</Typography>
        <Button size="small" onClick={() => reactions.send({ type: 'reactions.retry' })}>
          {t('common.actions.retry')}
        </Button>
      </Stack>
    );

  const likeLabel = !signedIn
    ? t('spaceReactions.signInToLike')
    : liked
      ? t('spaceReactions.unlikeLabel')
      : t('spaceReactions.likeLabel');
  const favouriteLabel = !signedIn
    ? t('spaceReactions.signInToFavourite')
    : favourite
      ? t('spaceReactions.unfavourite')
      : t('spaceReactions.favourite');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Tooltip title={likeLabel} describeChild>
        <span>
          <Button
            variant={liked ? 'contained' : 'outlined'}
            color="primary"
            startIcon={liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
            aria-pressed={signedIn ? liked : undefined}
            aria-label={`${likeLabel} (${t('spaceReactions.likes', { count: likes, formatted: shortenCount(likes) })})`}
            disabled={!canLike}
            onClick={() => reactions.send({ type: 'like.toggle' })}
            data-testid="viewer-like"
          >
            {shortenCount(likes)}
          </Button>
        </span>
      </Tooltip>
      <Tooltip title={favouriteLabel} describeChild>
        <span>
          <IconButton
            aria-label={favouriteLabel}
            aria-pressed={signedIn ? favourite : undefined}
            color={favourite ? 'primary' : 'default'}
            disabled={!canFavourite}
            onClick={() => reactions.send({ type: 'favourite.toggle' })}
            data-testid="viewer-favourite"
          >
            {favourite ? <BookmarkIcon /> : <BookmarkBorderIcon />}
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
