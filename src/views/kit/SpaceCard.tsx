import ChatBubbleOutlineOutlinedIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FavoriteBorderOutlinedIcon from '@mui/icons-material/FavoriteBorderOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import PreviewOutlinedIcon from '@mui/icons-material/PreviewOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { relativeTime } from '../../lib/format';
import type { SpaceCardActorRef, SpaceCardData } from '../../machines/spaceCardMachine';
import { useFlow } from '../../app/AppContext';
import { FavouriteButton } from './FavouriteButton';
import { CardLive } from './LiveCounts';
import { viewerUrl } from '../../lib/viewerUrl';

export type { SpaceCardData } from '../../machines/spaceCardMachine';

/** The owner's insights of a space, with its chart library: loaded when first opened. */
import { ActionButton, ActionLink, Cover, defaultCoverImage, Stat } from './SpaceCardParts';
import { useNow } from './useNow';

// Dialogs load when they open: a page of cards stays small.
const Modal = lazy(() => import('./Modal').then((m) => ({ default: m.Modal })));
const ShareModal = lazy(() => import('./ShareModal').then((m) => ({ default: m.ShareModal })));
const SpaceInsightsDialog = lazy(() =>
  import('../insights/SpaceInsightsDialog').then((m) => ({ default: m.SpaceInsightsDialog })),
);

/** The card's size (districts-commerce-spaces.md §2): 364 × 420 px, narrower on a phone. */
export const spaceCardSize = { width: 364, height: 420 } as const;
const coverHeight = 200;

/** The picture a card shows when a space has no cover or its cover cannot be loaded. */
export { defaultCoverImage };

/**
 * Where a card's Visit Space button goes: the viewer, or the draft preview for a draft. `from`
 * marks where the visit comes from (`?from=explore`) for the owner's insights.
 */
export function visitHref(space: Pick<SpaceCardData, 'sceneId' | 'state'>, from?: 'explore'): string {
  const path = `/viewer/${encodeURIComponent(space.sceneId)}`;
  if (space.state === 'Draft') return `${path}?draft=true`;
  return from ? `${path}?from=${from}` : path;
}

export const editHref = (sceneId: string) => `/curate/${encodeURIComponent(sceneId)}`;
export const previewHref = (sceneId: string) => `/viewer/${encodeURIComponent(sceneId)}?draft=true`;

export interface SpaceCardProps {
  space: SpaceCardData;
  /**
   * The signed-in user owns the space: the owner's actions show on hover (always on touch screens
   * and while the card has keyboard focus).
   */
  owner?: boolean;
  /** A delete succeeded: the space is gone (the list drops it). */
  onDeleted?: (sceneId: string) => void;
  /** A duplicate succeeded: the copy, a draft (the drafts list shows it first). */
  onDuplicated?: (copy: SpaceCardData) => void;
  /** The space's tags, shown as a row of buttons on the cover when `onTagClick` is given too. */
  tags?: readonly string[];
  /** A tag was clicked (Explore filters by it). */
  onTagClick?: (tag: string) => void;
  /** The card is shown by Explore: its visits count as coming from there (visitors' cards only). */
  visitFrom?: 'explore';
}

/**
 * A space card (districts-commerce-spaces.md §2 'Space card', platform.md §9): cover, title (two
 * lines at most), creator, likes, views and comments (shortened), time since the last update, Draft
 * and Hidden badges, and a Visit Space button. With `owner`, the owner's actions: edit, preview,
 * share, duplicate, hide / unhide and delete (see `spaceCardMachine`).
 */
export function SpaceCard({
  space,
  owner = false,
  onDeleted,
  onDuplicated,
  tags,
  onTagClick,
  visitFrom,
}: SpaceCardProps) {
  const tagRow =
    tags?.length && onTagClick ? <SpaceTags tags={tags} onTagClick={onTagClick} overlay /> : undefined;
  return owner ? (
    <OwnedSpaceCard space={space} onDeleted={onDeleted} onDuplicated={onDuplicated} tagRow={tagRow} />
  ) : (
    <SpaceCardLayout space={space} tagRow={tagRow} favourite visitFrom={visitFrom} />
  );
}

/**
 * A space's tags as small buttons ('Filter by tag {tag}'); `overlay` lays them on a card's cover,
 * on one line (the ones that do not fit are cut off, the row scrolls sideways).
 */
export function SpaceTags({
  tags,
  onTagClick,
  overlay = false,
}: {
  tags: readonly string[];
  onTagClick: (tag: string) => void;
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('spaceCard.tags')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'flex',
        gap: 0.5,
        ...(overlay
          ? {
              position: 'absolute',
              left: 8,
              right: 8,
              bottom: 8,
              flexWrap: 'nowrap',
              overflowX: 'auto',
              scrollbarWidth: 'none',
            }
          : { flexWrap: 'wrap' }),
      }}
    >
      {tags.map((tag) => (
        <Box component="li" key={tag} sx={{ flexShrink: 0 }}>
          <Chip
            label={tag}
            size="small"
            clickable
            onClick={() => onTagClick(tag)}
            aria-label={t('spaceCard.filterByTag', { tag })}
            sx={
              overlay ? { bgcolor: 'rgba(255, 255, 255, 0.92)', '&:hover': { bgcolor: 'common.white' } } : {}
            }
          />
        </Box>
      ))}
    </Box>
  );
}

/** The card's flow (spaceCardMachine), telling the list when the space is deleted or copied. */
function useSpaceCardActor(space: SpaceCardData, hooks: Pick<SpaceCardProps, 'onDeleted' | 'onDuplicated'>) {
  const latestHooks = useRef(hooks);
  useEffect(() => {
    latestHooks.current = hooks;
  });
  const actor = useFlow('spaceCard', { space });
  useEffect(() => {
    if (!actor) return;
    const subscriptions = [
      actor.on('card.deleted', ({ sceneId }) => latestHooks.current.onDeleted?.(sceneId)),
      actor.on('card.duplicated', ({ copy }) => latestHooks.current.onDuplicated?.(copy)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor]);
  // Newer data for the same space (a reloaded list) replaces what the card shows.
  useEffect(() => {
    actor?.send({ type: 'card.updated', space });
  }, [actor, space]);
  return actor;
}

function OwnedSpaceCard({
  space: given,
  onDeleted,
  onDuplicated,
  tagRow,
}: Pick<SpaceCardProps, 'space' | 'onDeleted' | 'onDuplicated'> & { tagRow?: ReactNode }) {
  const actor = useSpaceCardActor(given, { onDeleted, onDuplicated });
  // The owner's actions come with the card's flow, at once after the first render.
  if (!actor) return <SpaceCardLayout space={given} tagRow={tagRow} />;
  return <OwnedCardView actor={actor} tagRow={tagRow} />;
}

function OwnedCardView({ actor, tagRow }: { actor: SpaceCardActorRef; tagRow?: ReactNode }) {
  const { t } = useTranslation();
  const space = useSelector(actor, (s) => s.context.space);
  const removed = useSelector(actor, (s) => s.context.removed);
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete'));
  const can = useSelector(
    actor,
    (s) => ({
      hide: s.can({ type: 'card.hide' }),
      unhide: s.can({ type: 'card.unhide' }),
      duplicate: s.can({ type: 'card.duplicate' }),
      delete: s.can({ type: 'card.delete' }),
    }),
    (a, b) =>
      a.hide === b.hide && a.unhide === b.unhide && a.duplicate === b.duplicate && a.delete === b.delete,
  );
  const [sharing, setSharing] = useState(false);
  const [insights, setInsights] = useState(false);

  if (removed) return null;
  const published = space.state !== 'Draft';
  const id = space.sceneId;

  const actions = (
    <>
      <ActionLink label={t('space.actions.edit')} href={editHref(id)} icon={<EditOutlinedIcon />} />
      <ActionLink label={t('space.actions.preview')} href={previewHref(id)} icon={<PreviewOutlinedIcon />} />
      {published && (
        <ActionButton
          label={t('space.actions.share')}
          icon={<ShareOutlinedIcon />}
          onClick={() => setSharing(true)}
        />
      )}
      {published && (
        <ActionButton
          label={t('space.actions.insights')}
          icon={<InsightsOutlinedIcon />}
          onClick={() => setInsights(true)}
        />
      )}
      <ActionButton
        label={t('space.actions.duplicate')}
        icon={<ContentCopyIcon />}
        disabled={!can.duplicate}
        onClick={() => actor.send({ type: 'card.duplicate' })}
      />
      {/* A hidden draft stays hidden when it is published. */}
      {space.visible ? (
        <ActionButton
          label={t('space.actions.hide')}
          icon={<VisibilityOffOutlinedIcon />}
          disabled={!can.hide}
          onClick={() => actor.send({ type: 'card.hide' })}
        />
      ) : (
        <ActionButton
          label={t('space.actions.unhide')}
          icon={<VisibilityOutlinedIcon />}
          disabled={!can.unhide}
          onClick={() => actor.send({ type: 'card.unhide' })}
        />
      )}
      <ActionButton
        label={t('space.actions.delete')}
        icon={<DeleteOutlinedIcon />}
        disabled={!can.delete}
        onClick={() => actor.send({ type: 'card.delete' })}
      />
    </>
  );

  return (
    <>
      <SpaceCardLayout space={space} actions={actions} tagRow={tagRow} />
      {confirming && (
        <Suspense fallback={null}>
          <Modal
            open={confirming}
            onClose={() => actor.send({ type: 'card.cancelDelete' })}
            title={t('space.confirmDelete.title')}
            actions={
              <>
                <Button onClick={() => actor.send({ type: 'card.cancelDelete' })}>
                  {t('common.actions.cancel')}
                </Button>
                <Button
                  color="error"
                  variant="contained"
                  onClick={() => actor.send({ type: 'card.confirmDelete' })}
                >
                  {t('space.confirmDelete.confirm')}
                </Button>
              </>
            }
          >
            <Typography>{t('space.confirmDelete.message', { title: space.title })}</Typography>
          </Modal>
        </Suspense>
      )}
      {published && sharing && (
        <Suspense fallback={null}>
          <ShareModal open onClose={() => setSharing(false)} url={viewerUrl(id)} title={space.title} />
        </Suspense>
      )}
      {published && insights && (
        <Suspense fallback={null}>
          <SpaceInsightsDialog open sceneId={id} title={space.title} onClose={() => setInsights(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The card as seen: every part but the owner's actions, which come in `actions`. */
function SpaceCardLayout({
  space,
  actions,
  tagRow,
  favourite = false,
  visitFrom,
}: {
  space: SpaceCardData;
  actions?: ReactNode;
  tagRow?: ReactNode;
  /** A visitor's card: the favourite button for signed-in users. */
  favourite?: boolean;
  visitFrom?: 'explore';
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const title = space.title || t('space.untitled');
  const cover = space.coverPhotoUri ?? space.thumbnailUri;
  const now = useNow();
  const updated = relativeTime(space.updatedAt, now, (key, options) => t(key, options));

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        width: '100%',
        maxWidth: spaceCardSize.width,
        height: spaceCardSize.height,
        display: 'flex',
        flexDirection: 'column',
        '& .SpaceCard-actions': { opacity: 0, transition: 'opacity 150ms' },
        '&:hover .SpaceCard-actions, &:focus-within .SpaceCard-actions': { opacity: 1 },
        // Touch screens have no hover: the actions always show there.
        '@media (hover: none)': { '& .SpaceCard-actions': { opacity: 1 } },
      }}
    >
      <Box sx={{ position: 'relative', height: coverHeight, flexShrink: 0, bgcolor: 'grey.200' }}>
        <Cover key={cover ?? ''} src={cover} alt={t('space.card.coverAlt', { title })} />
        <Stack direction="row" spacing={1} sx={{ position: 'absolute', top: 12, left: 12 }}>
          {space.state === 'Draft' && (
            <Chip label={t('space.states.draft')} size="small" color="warning" sx={{ fontWeight: 600 }} />
          )}
          {!space.visible && (
            <Chip
              label={t('space.card.hidden')}
              size="small"
              icon={<VisibilityOffOutlinedIcon />}
              sx={{
                fontWeight: 600,
                bgcolor: 'grey.800',
                color: 'common.white',
                '& .MuiChip-icon': { color: 'inherit' },
              }}
            />
          )}
          <CardLive sceneId={space.sceneId} />
        </Stack>
        {actions && (
          <Box
            role="toolbar"
            aria-label={t('spaceCard.actionsFor', { title })}
            className="SpaceCard-actions"
            sx={{
              position: 'absolute',
              top: 8,
              right: 8,
              maxWidth: 'calc(100% - 16px)',
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'flex-end',
              gap: 0.25,
              p: 0.5,
              borderRadius: 999,
              bgcolor: 'rgba(255, 255, 255, 0.92)',
              boxShadow: 1,
            }}
          >
            {actions}
          </Box>
        )}
        {tagRow}
      </Box>
      <CardContent
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          minHeight: 0,
          '&:last-child': { pb: 2 },
        }}
      >
        <Typography
          id={titleId}
          variant="h3"
          component="h3"
          title={title}
          sx={{
            fontSize: '1.125rem',
            lineHeight: 1.3,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {title}
        </Typography>
        <MuiLink
          component={Link}
          href={`/user/${encodeURIComponent(space.creator.userId)}`}
          underline="hover"
          color="text.secondary"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            minWidth: 0,
            alignSelf: 'flex-start',
            maxWidth: '100%',
          }}
        >
          <Avatar
            aria-hidden
            src={space.creator.profilePicture ?? undefined}
            alt=""
            sx={{ width: 28, height: 28, fontSize: 14 }}
          >
            {space.creator.name[0]?.toUpperCase()}
          </Avatar>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {space.creator.name}
          </Box>
        </MuiLink>
        <Stack
          component="ul"
          direction="row"
          spacing={2}
          sx={{ listStyle: 'none', p: 0, m: 0, color: 'text.secondary', fontSize: '0.875rem' }}
        >
          <Stat
            icon={<FavoriteBorderOutlinedIcon />}
            count={space.likes}
            label={(formatted) => t('space.card.likes', { count: space.likes, formatted })}
          />
          <Stat
            icon={<VisibilityOutlinedIcon />}
            count={space.views}
            label={(formatted) => t('space.card.views', { count: space.views, formatted })}
          />
          <Stat
            icon={<ChatBubbleOutlineOutlinedIcon />}
            count={space.commentCount}
            label={(formatted) => t('space.card.comments', { count: space.commentCount, formatted })}
          />
        </Stack>
        <Box
          sx={{ mt: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography variant="body2" color="text.secondary" component="p" sx={{ minWidth: 0 }}>
            <time dateTime={space.updatedAt} title={new Date(space.updatedAt).toLocaleString(i18n.language)}>
              {t('space.card.updated', { time: updated })}
            </time>
          </Typography>
          {favourite && space.state === 'Published' && (
            <Box sx={{ ml: 'auto' }}>
              <FavouriteButton sceneId={space.sceneId} describedBy={titleId} />
            </Box>
          )}
          <Button
            variant="contained"
            component={Link}
            href={visitHref(space, visitFrom)}
            aria-describedby={titleId}
            sx={{ flexShrink: 0 }}
          >
            {t('space.card.visitSpace')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
