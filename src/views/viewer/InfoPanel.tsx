import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Avatar, Box, Button, Chip, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SceneMetadata } from '../../../contracts/scenes';
import { useAppActor, useFlow, useSession } from '../../app/AppContext';
import { type CreatorAction, creatorActions } from '../../machines/creatorMenu';
import type { LiveVisitActor } from '../../machines/liveVisitMachine';
import type { FollowActorRef } from '../../machines/followMachine';
import { selectIsMe } from '../../machines/sessionMachine';
import { FollowButton, useFollow, useFollowerCount } from '../social/FollowButton';
import { useChatInViewer } from '../social/messageSomeone';
import { shortenCount } from '../../lib/format';
import { inviteUrl } from '../../lib/viewerUrl';
import { CommentThread } from './CommentThread';
import { LikeBar } from './LikeBar';

/**
 * Space info (platform.md §2.7): title, total visits, date created, description, tags and the
 * creator with their follower, following and space counts (from the creator's public profile) and
 * the creator dropdown.
 */
export function InfoPanel({ metadata, embed }: { metadata: SceneMetadata; embed: boolean }) {
  const { t, i18n } = useTranslation();
  const created = new Date(metadata.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {metadata.title}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        <Typography component="dt" color="text.secondary">
          {t('viewer.spaceInfo.totalVisits')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }} data-testid="viewer-info-visits">
          {shortenCount(metadata.views)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('viewer.spaceInfo.dateCreated')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          <time dateTime={metadata.createdAt}>{created}</time>
        </Typography>
      </Box>
      {metadata.state === 'Published' && <LikeBar sceneId={metadata.sceneId} likes={metadata.likes} />}
      {metadata.description && (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {metadata.description}
        </Typography>
      )}
      {metadata.tags.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          aria-label={t('viewer.spaceInfo.tags')}
          sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap', gap: 0.5 }}
        >
          {metadata.tags.map((tag) => (
            <li key={tag}>
              <Chip size="small" label={tag} />
            </li>
          ))}
        </Stack>
      )}
      <CreatorCard metadata={metadata} embed={embed} />
      {/* Slot: the comments of the space (list, replies, edited marker, Add a comment) arrive with the social features. */}
      {metadata.state === 'Published' && (
        <CommentThread sceneId={metadata.sceneId} ownerId={metadata.ownerId} />
      )}
    </Stack>
  );
}

function CreatorCard({ metadata, embed }: { metadata: SceneMetadata; embed: boolean }) {
  const { t } = useTranslation();
  const { creator } = metadata;
  const profile = useFlow('profile', { userId: creator.userId });
  const follow = useFollow(creator.userId);
  const session = useSession();
  const isMe = useSelector(session, (s) => selectIsMe(s, creator.userId));
  return (
    <Box component="section" aria-label={t('viewer.spaceInfo.creator')}>
      <Typography variant="overline" component="h3" color="text.secondary">
        {t('viewer.spaceInfo.creator')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Avatar src={creator.profilePicture ?? undefined} alt="">
          {creator.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <CreatorMenu metadata={metadata} embed={embed} />
        {!isMe && !embed && <FollowButton actor={follow} name={creator.name} />}
      </Stack>
      {profile && <CreatorCounts profile={profile} follow={follow} />}
    </Box>
  );
}

type ProfileRef = NonNullable<ReturnType<typeof useFlow<'profile'>>>;

/** The counts the creator's public profile serves; nothing until it has loaded (never made-up numbers). */
function CreatorCounts({ profile, follow }: { profile: ProfileRef; follow?: FollowActorRef }) {
  const { t } = useTranslation();
  const user = useSelector(profile, (s) => s.context.user);
  const numOfFollowers = useFollowerCount(follow, user?.numOfFollowers ?? 0);
  if (!user) return null;
  const counts = [
    { label: t('viewer.spaceInfo.followers'), value: numOfFollowers },
    { label: t('viewer.spaceInfo.following'), value: user.numOfFollowing },
    { label: t('viewer.spaceInfo.spaces'), value: user.numPublishedSpaces },
  ];
  return (
    <Stack direction="row" spacing={3} sx={{ mt: 1 }} data-testid="viewer-creator-counts">
      {counts.map(({ label, value }) => (
        <Box key={label}>
          <Typography variant="subtitle2" component="p">
            {shortenCount(value)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The creator's name opens the creator dropdown: view the profile; signed in, greet them, chat
 * with them, or invite them to the instance the visitor is in (each a direct message, in the Chat
 * panel's Direct tab); while present in the space, mute them for oneself.
 */
function CreatorMenu({ metadata, embed }: { metadata: SceneMetadata; embed: boolean }) {
  const { t } = useTranslation();
  const { creator } = metadata;
  const session = useSession();
  const isMe = useSelector(session, (s) => selectIsMe(s, creator.userId));
  const signedIn = useSelector(session, (s) => s.context.user !== null);
  const chatInViewer = useChatInViewer();
  const root = useAppActor();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const profileHref = `/user/${encodeURIComponent(creator.userId)}`;
  // Read as the menu opens: the visit runs while the viewer shows communications.
  const visit = anchor ? (root.system.get('liveVisit') as LiveVisitActor | undefined) : undefined;
  const ignored = visit ? (visit.getSnapshot().context.ignored[creator.userId] ?? null) : undefined;
  const title = metadata.title;
  const run: Record<CreatorAction, () => void> = {
    greet: () => chatInViewer(creator.userId, t('viewer.creator.greetText', { title })),
    chat: () => chatInViewer(creator.userId),
    invite: () => {
      const instanceId = (root.system.get('liveVisit') as LiveVisitActor | undefined)?.getSnapshot().context
        .instanceId;
      chatInViewer(
        creator.userId,
        t('viewer.creator.inviteText', { title, url: inviteUrl(metadata.sceneId, instanceId ?? null) }),
      );
    },
    mute: () => visit?.send({ type: 'live.ignore', userId: creator.userId, kind: 'mute' }),
    unmute: () => visit?.send({ type: 'live.ignore', userId: creator.userId, kind: null }),
  };
  const actions = creatorActions({ signedIn, isMe, embed, ignored });
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', fontWeight: 600, textAlign: 'left' }}
      >
        {creator.name}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {embed ? (
          <MenuItem
            component="a"
            href={profileHref}
            target="_blank"
            rel="noopener"
            onClick={() => setAnchor(null)}
          >
            {t('viewer.creator.viewProfile')}
          </MenuItem>
        ) : (
          <MenuItem component={Link} href={profileHref} onClick={() => setAnchor(null)}>
            {t('viewer.creator.viewProfile')}
          </MenuItem>
        )}
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              run[action]();
            }}
          >
            {t(`viewer.creator.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
