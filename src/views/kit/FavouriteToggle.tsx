import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import { IconButton, Tooltip } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useFlow } from '../../app/AppContext';
import type { SpaceReactionsActorRef } from '../../machines/spaceReactionsMachine';

/** The favourite button of a signed-in visitor (FavouriteButton.tsx). */
export default function SignedInFavouriteButton({
  sceneId,
  describedBy,
}: {
  sceneId: string;
  describedBy?: string;
}) {
  const reactions = useFlow('spaceReactions', { sceneId });
  return reactions ? <Toggle reactions={reactions} describedBy={describedBy} /> : null;
}

function Toggle({ reactions, describedBy }: { reactions: SpaceReactionsActorRef; describedBy?: string }) {
  const { t } = useTranslation();
  const favourite = useSelector(reactions, (s) => s.context.favourite);
  const available = useSelector(reactions, (s) => s.matches('ready'));
  const canToggle = useSelector(reactions, (s) => s.can({ type: 'favourite.toggle' }));
  if (!available) return null;
  const label = favourite ? t('spaceReactions.unfavourite') : t('spaceReactions.favourite');
  return (
    <Tooltip title={label} describeChild>
      <span>
        <IconButton
          aria-label={label}
          aria-describedby={describedBy}
          aria-pressed={favourite}
          color={favourite ? 'primary' : 'default'}
          disabled={!canToggle}
          onClick={() => reactions.send({ type: 'favourite.toggle' })}
        >
          {favourite ? <BookmarkIcon /> : <BookmarkBorderIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
