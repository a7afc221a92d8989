import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Avatar,
  Box,
  Button,
  CircularProgress,
  Container,
  IconButton,
  Link as MuiLink,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useSelector } from '@xstate/react';
import { useState, lazy, Suspense } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { z } from 'zod';
import {
  type FieldIssue,
  SocialMediaLink,
  socialNetworkNames,
  socialNetworks,
  type UserFull,
  UserProfileChanges,
  userPatchFormEntries,
} from '../../../contracts/users';
import { shortenCount } from '../../lib/format';
import type { ProfileActorRef, ProfileMessages, ProfileUser } from '../../machines/profileMachine';
import { selectIsMe } from '../../machines/sessionMachine';
import { profileCategories, type ProfileCategory } from '../../routes';
import { useFlow, useSession } from '../../app/AppContext';
import { Modal } from '../kit/Modal';
import { PageMeta } from '../kit/PageMeta';
import { AvatarTab } from './AvatarTab';
import { NotFoundPage } from './NotFoundPage';
import { ProfileActivity } from './profileActivity';
import { ProfileDistricts } from '../district/ProfileDistricts';
import { ProfileLibrary } from './profileLibrary';
import { ProfileSpaces } from './profileSpaces';
import { ConnectionsSection } from '../social/ConnectionsSection';
import { FollowButton, useFollow, useFollowerCount } from '../social/FollowButton';
import { useMessageSomeone } from '../social/messageSomeone';
import '../../i18n/directMessagesCatalogue';
import ForumIcon from '@mui/icons-material/Forum';

const CoverRepositionModal = lazy(() => import('./CoverRepositionModal'));

const isFull = (user: ProfileUser): user is UserFull => 'email' in user;

/** Background rules that show the crop area of a cover photo. */
export function coverBackground(
  url: string,
  crop: { x: number; y: number; width: number; height: number } | null,
) {
  if (!crop)
    return { backgroundImage: `url("${url}")`, backgroundSize: 'cover', backgroundPosition: 'center' };
  const pos = (offset: number, size: number) => (size >= 100 ? 50 : (offset / (100 - size)) * 100);
  return {
    backgroundImage: `url("${url}")`,
    backgroundSize: `${(100 / crop.width) * 100}% auto`,
    backgroundPosition: `${pos(crop.x, crop.width)}% ${pos(crop.y, crop.height)}%`,
  };
}

/** The profile's sections this visitor sees: a user's Activity is theirs alone. */
const visibleCategories = (isMe: boolean) =>
  (Object.keys(profileCategories) as ProfileCategory[]).filter((c) => c !== 'activity' || isMe);

/** One user's profile flow (profileMachine); `messages` are what a save tells the user. */
export function useProfileActor(userId: string, messages: ProfileMessages) {
  return useFlow('profile', { userId, messages }, { systemId: 'profile' });
}

/** A user's profile (platform.md §2.3): header with cover and picture, their sections, owner-only editing. */
export function ProfileView({ userId, category }: { userId: string; category?: string }) {
  const profile = useProfileActor(userId, { saved: 'toasts.profileUpdated' });
  return profile ? <Profile userId={userId} category={category} profile={profile} /> : null;
}

function Profile({
  userId,
  category,
  profile,
}: {
  userId: string;
  category?: string;
  profile: ProfileActorRef;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const state = useSelector(profile, (s) => s.value);
  const user = useSelector(profile, (s) => s.context.user);
  const problem = useSelector(profile, (s) => s.context.problem);
  const busy = useSelector(profile, (s) => s.matches('saving') || s.matches('deleting'));
  const isMe = useSelector(session, (s) => selectIsMe(s, userId));
  // A profile's address without a section shows its spaces, the first section.
  const shown = category ?? 'spaces';
  const signedIn = useSelector(session, (s) => s.context.user !== null);
  const messageSomeone = useMessageSomeone();
  const [editing, setEditing] = useState(false);
  const [repositioning, setRepositioning] = useState(false);
  const follow = useFollow(userId);
  const numOfFollowers = useFollowerCount(follow, user?.numOfFollowers ?? 0);

  if (state === 'notFound') return <NotFoundPage />;
  if (state === 'failed')
    return (
      <Container sx={{ py: 6 }}>
        <Alert
          severity="error"
          action={
            <Button onClick={() => profile.send({ type: 'profile.reload' })}>
              {t('common.actions.retry')}
            </Button>
          }
        >
          {problem?.message}
        </Alert>
      </Container>
    );
  if (!user)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <CircularProgress aria-label={t('shell.loading')} />
      </Box>
    );

  const save = (entries: [string, string | Blob][]) => {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    profile.send({ type: 'profile.save', form });
  };
  const base = `/user/${encodeURIComponent(userId)}`;

  return (
    <Box component="article">
      <PageMeta title={user.name} description={user.bio ?? t('pages.user.description')} />
      <Box
        role="img"
        aria-label={t('pages.user.coverAlt', { name: user.name })}
        sx={{
          height: { xs: 140, md: 240 },
          bgcolor: 'grey.200',
          ...(user.coverPhoto ? coverBackground(user.coverPhoto, user.coverCrop) : {}),
        }}
      />
      <Container>
        <Box
          sx={{ display: 'flex', gap: 3, alignItems: 'flex-end', mt: { xs: -5, md: -8 }, flexWrap: 'wrap' }}
        >
          <Avatar
            src={user.profilePicture ?? undefined}
            alt={user.name}
            sx={{ width: 128, height: 128, border: 4, borderColor: 'background.paper', fontSize: 48 }}
          >
            {user.name[0]?.toUpperCase()}
          </Avatar>
          <Box sx={{ flexGrow: 1, pb: 1 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
              {user.name}
            </Typography>
            {user.username && <Typography color="text.secondary">@{user.username}</Typography>}
          </Box>
          {!isMe && (
            <Stack direction="row" spacing={1} sx={{ pb: 1 }}>
              <FollowButton actor={follow} name={user.name} size="medium" />
              {signedIn && (
                <Button variant="outlined" startIcon={<ForumIcon />} onClick={() => messageSomeone(userId)}>
                  {t('messages.sendTo', { name: user.name })}
                </Button>
              )}
            </Stack>
          )}
          {isMe && (
            <Stack direction="row" spacing={1} sx={{ pb: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => setEditing(true)}>
                {t('profile.editInfo.title')}
              </Button>
              <Button variant="outlined" component="label" disabled={busy}>
                {t('profile.cover.upload')}
                <input
                  hidden
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) save([['coverPhoto', file]]);
                    e.target.value = '';
                  }}
                />
              </Button>
              {user.coverPhoto && (
                <Button variant="outlined" onClick={() => setRepositioning(true)} disabled={busy}>
                  {t('profile.cover.reposition')}
                </Button>
              )}
            </Stack>
          )}
        </Box>
        {problem && !editing && (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => profile.send({ type: 'profile.dismiss' })}>
            {problem.message}
          </Alert>
        )}
        <Stack direction="row" spacing={3} sx={{ my: 2, color: 'text.secondary', flexWrap: 'wrap' }}>
          <span>
            {t('profile.stats.followers', {
              count: numOfFollowers,
              formatted: shortenCount(numOfFollowers),
            })}
          </span>
          <span>{t('profile.stats.following', { formatted: shortenCount(user.numOfFollowing) })}</span>
          <span>
            {t('profile.stats.spaces', {
              count: user.numPublishedSpaces,
              formatted: shortenCount(user.numPublishedSpaces),
            })}
          </span>
        </Stack>
        {user.bio && <Typography sx={{ mb: 1, maxWidth: 900 }}>{user.bio}</Typography>}
        <Stack direction="row" spacing={2} sx={{ mb: 3, flexWrap: 'wrap', color: 'text.secondary' }}>
          {[user.city, user.country].filter(Boolean).length > 0 && (
            <span>{[user.city, user.country].filter(Boolean).join(', ')}</span>
          )}
          {user.occupation && <span>{user.occupation}</span>}
          {user.website && (
            <MuiLink href={user.website} target="_blank" rel="noopener noreferrer">
              {user.website.replace(/^https?:\/\//, '')}
            </MuiLink>
          )}
          {user.socialMedia.map((link) => (
            <MuiLink key={link.name} href={link.url} target="_blank" rel="noopener noreferrer">
              {socialNetworks[link.name as keyof typeof socialNetworks]?.displayName ?? link.name}
            </MuiLink>
          ))}
        </Stack>
        <Tabs
          value={visibleCategories(isMe).find((c) => c === shown) ?? false}
          aria-label={t('pages.user.sections')}
          variant="scrollable"
          sx={{ mb: 3 }}
        >
          {visibleCategories(isMe).map((c) => (
            <Tab
              key={c}
              value={c}
              label={t(`profile.categories.${c}`)}
              component={Link}
              href={`${base}/${c}`}
            />
          ))}
        </Tabs>
        {shown === 'library' ? (
          <ProfileLibrary userId={userId} isMe={isMe} />
        ) : shown === 'connections' ? (
          <ConnectionsSection userId={userId} name={user.name} />
        ) : shown === 'activity' ? (
          <ProfileActivity userId={userId} isMe={isMe} />
        ) : shown === 'districts' ? (
          <ProfileDistricts userId={userId} name={user.name} isMe={isMe} />
        ) : (
          <ProfileSpaces userId={userId} isMe={isMe} />
        )}
      </Container>
      {isMe && isFull(user) && (
        <EditInfoModal
          open={editing}
          onClose={() => setEditing(false)}
          user={user}
          busy={busy}
          fieldIssues={problem?.fields ?? []}
          problem={problem?.message ?? null}
          onSave={(entries) => save(entries)}
          onDelete={(password) => profile.send({ type: 'profile.delete', password })}
        />
      )}
      {repositioning && user.coverPhoto && (
        <Suspense fallback={null}>
          <CoverRepositionModal
            image={user.coverPhoto}
            onClose={() => setRepositioning(false)}
            onSave={(crop) => {
              setRepositioning(false);
              save([['coverCrop', JSON.stringify(crop)]]);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}

const InfoSchema = UserProfileChanges.pick({
  name: true,
  username: true,
  bio: true,
  birthday: true,
  city: true,
  country: true,
  gender: true,
  occupation: true,
  website: true,
}).required({ name: true });
const infoFields = [
  'name',
  'username',
  'bio',
  'birthday',
  'city',
  'country',
  'gender',
  'occupation',
  'website',
] as const;
const SocialSchema = z.object({ links: z.array(SocialMediaLink) });

function issueFor(issues: FieldIssue[], field: string) {
  return issues.find((i) => i.path === `/${field}` || i.path.startsWith(`/${field}/`))?.message;
}

/** Edit info (platform.md §2.3): My Info, Manage Social Media Links, Avatar, Profile Management. */
function EditInfoModal({
  open,
  onClose,
  user,
  busy,
  fieldIssues,
  problem,
  onSave,
  onDelete,
}: {
  open: boolean;
  onClose: () => void;
  user: UserFull;
  busy: boolean;
  fieldIssues: FieldIssue[];
  problem: string | null;
  onSave: (entries: [string, string | Blob][]) => void;
  onDelete: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'info' | 'social' | 'avatar' | 'manage'>('info');
  const [picture, setPicture] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const info = useForm<z.input<typeof InfoSchema>, unknown, z.output<typeof InfoSchema>>({
    resolver: zodResolver(InfoSchema),
    defaultValues: Object.fromEntries(
      infoFields.map((f) => [f, (user[f as keyof UserFull] as string | null) ?? '']),
    ),
  });
  const social = useForm<z.input<typeof SocialSchema>, unknown, z.output<typeof SocialSchema>>({
    resolver: zodResolver(SocialSchema),
    defaultValues: { links: user.socialMedia as z.input<typeof SocialSchema>['links'] },
  });
  const links = useFieldArray({ control: social.control, name: 'links' });
  const changePasswordUrl = `${
    document
      .querySelector('meta[name="oidc-authority"]')
      ?.getAttribute('content')
      ?.replace(/\/oidc$/, '') ?? ''
  }/oidc-account/password?return_to=${encodeURIComponent(location.href)}`;

  return (
    <Modal open={open} onClose={onClose} title={t('profile.editInfo.title')} maxWidth="md">
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" sx={{ mb: 2 }}>
        <Tab value="info" label={t('profile.editInfo.myInfo')} />
        <Tab value="social" label={t('profile.editInfo.socialLinks')} />
        <Tab value="avatar" label={t('profile.editInfo.avatar.tab')} />
        <Tab value="manage" label={t('profile.editInfo.profileManagement')} />
      </Tabs>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {tab === 'info' && (
        <Box
          component="form"
          noValidate
          onSubmit={info.handleSubmit((values) => {
            const entries: [string, string | Blob][] = userPatchFormEntries(values);
            if (picture) entries.push(['profilePicture', picture]);
            onSave(entries);
          })}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {infoFields.map((field) => (
            <TextField
              key={field}
              label={t(field === 'username' ? 'pages.user.username' : `profile.fields.${field}`)}
              type={field === 'birthday' ? 'date' : 'text'}
              slotProps={field === 'birthday' ? { inputLabel: { shrink: true } } : undefined}
              multiline={field === 'bio'}
              minRows={field === 'bio' ? 3 : undefined}
              sx={field === 'bio' ? { gridColumn: '1 / -1' } : undefined}
              required={field === 'name'}
              {...info.register(field)}
              error={!!info.formState.errors[field] || !!issueFor(fieldIssues, field)}
              helperText={info.formState.errors[field]?.message ?? issueFor(fieldIssues, field)}
            />
          ))}
          <Button variant="outlined" component="label" sx={{ justifySelf: 'start' }}>
            {picture ? picture.name : t('profile.fields.profilePicture')}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => setPicture(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('common.actions.save')}
            </Button>
          </Box>
        </Box>
      )}
      {tab === 'social' && (
        <Box
          component="form"
          noValidate
          onSubmit={social.handleSubmit((values) => onSave([['socialMedia', JSON.stringify(values.links)]]))}
          sx={{ display: 'grid', gap: 2 }}
        >
          {links.fields.map((field, i) => (
            <Box
              key={field.id}
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: '160px 1fr auto', alignItems: 'start' }}
            >
              <TextField
                select
                label={t('pages.user.network')}
                defaultValue={field.name}
                {...social.register(`links.${i}.name`)}
              >
                {socialNetworkNames.map((n) => (
                  <MenuItem key={n} value={n}>
                    {socialNetworks[n].displayName}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('pages.user.link')}
                {...social.register(`links.${i}.url`)}
                error={
                  !!social.formState.errors.links?.[i]?.url || !!issueFor(fieldIssues, `socialMedia/${i}`)
                }
                helperText={
                  social.formState.errors.links?.[i]?.url?.message ??
                  issueFor(fieldIssues, `socialMedia/${i}`)
                }
              />
              <IconButton aria-label={t('common.actions.remove')} onClick={() => links.remove(i)}>
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Button onClick={() => links.append({ name: 'website', url: '' })}>
              {t('common.actions.add')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('common.actions.save')}
            </Button>
          </Box>
        </Box>
      )}
      {tab === 'avatar' && (
        <AvatarTab
          userId={user.userId}
          avatar={user.avatar}
          busy={busy}
          issue={issueFor(fieldIssues, 'avatar')}
          onSave={onSave}
        />
      )}
      {tab === 'manage' && (
        <Stack spacing={3}>
          <Box>
            <Typography variant="h3" component="h3" gutterBottom>
              {t('profile.editInfo.changePassword')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('profile.editInfo.changePasswordHint')}
            </Typography>
            <Button variant="outlined" href={changePasswordUrl}>
              {t('profile.editInfo.changePassword')}
            </Button>
          </Box>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (password) onDelete(password);
            }}
          >
            <Typography variant="h3" component="h3" gutterBottom>
              {t('profile.editInfo.deleteAccount')}
            </Typography>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('profile.editInfo.deleteAccountWarning')}
            </Alert>
            <TextField
              type="password"
              label={t('profile.editInfo.currentPassword')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              sx={{ mr: 2, mb: 1 }}
            />
            <Button type="submit" color="error" variant="contained" disabled={busy || !password}>
              {t('profile.editInfo.confirmDelete')}
            </Button>
          </Box>
        </Stack>
      )}
    </Modal>
  );
}
