import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Link as MuiLink,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { EngineHost, type EngineHandle } from '../../engine/host/EngineHost';
import type { SceneContent } from '../../../contracts/sceneContent';
import type { SceneMetadata } from '../../../contracts/scenes';
import type { EngineCommand, EngineEvent } from '../../engine/protocol';
import type { ViewerPageActorRef } from '../../machines/viewerPageMachine';
import { useFlow, useSession } from '../../app/AppContext';
import { newChatIdPrefix } from '../../lib/chat';
import { LoadingOverlay } from '../../engine/host/LoadingOverlay';
import { Modal } from '../kit/Modal';
import { PageMeta } from '../kit/PageMeta';
import { useAssetFailureToasts } from '../kit/useAssetFailureToasts';
import { loadVoice } from '../../lib/viewerPreferences';
import { invitedInstance } from '../../lib/viewerUrl';
import { useEngineEventHub } from '../viewer/engineEvents';
import { LandscapeBanner } from '../viewer/LandscapeBanner';
import { panelsFor, type ViewerPanelContext } from '../viewer/panels';
import type { TourState } from '../viewer/PathsPanel';
import { useAmbientSound } from '../viewer/useAmbientSound';
import { useViewerGraphics } from '../viewer/useViewerGraphics';
import { ViewerSidebar } from '../viewer/ViewerSidebar';
import { LiveVisitors } from '../viewer/LiveVisitors';
import type { LiveVisitActor } from '../../machines/liveVisitMachine';
import type { DirectMessagesActorRef } from '../../machines/directMessagesMachine';
import type { PartyActorRef } from '../../machines/partyMachine';
import { directMessagesSystemId } from '../social/messageSomeone';
import { NotFoundPage } from './NotFoundPage';
import { useLandscapeSuggestion } from './viewerLandscape';
import { EnterVrButton } from '../viewer/EnterVrButton';
import { useListView, ViewerAccessibility } from '../viewer/ViewerAccessibility';
import { VisitInsights } from '../viewer/VisitInsights';

/** Which optional controls a viewer shows (districts-commerce-spaces.md §2 'Route shapes'). */
export interface ViewerFlags {
  /** A 'Sign in' button for visitors without a session (embeds with showSignIn=1 only). */
  signIn: boolean;
  /**
   * Chat and voice (the real-time issue mounts them when this is true): always on the full page,
   * in an embed only with showCommunications=1.
   */
  communications: boolean;
}

/** The flags of a viewer url: in an embed, showSignIn=1 and showCommunications=1 turn them on. */
export function viewerFlags(search: string, embed: boolean): ViewerFlags {
  const query = new URLSearchParams(search);
  return {
    signIn: embed && query.get('showSignIn') === '1',
    communications: !embed || query.get('showCommunications') === '1',
  };
}

/** The embedded viewer of a space with the given flags. */
const embedPath = (sceneId: string, flags: ViewerFlags) =>
  `/viewer/embed/${encodeURIComponent(sceneId)}?showSignIn=${flags.signIn ? 1 : 0}` +
  `&showCommunications=${flags.communications ? 1 : 0}`;

/** /viewer/{sceneId} (?draft=true: the owner's draft) and /viewer/embed/{sceneId}. */
export function ViewerPage({ sceneId, embed }: { sceneId: string; embed: boolean }) {
  const search = useSearch();
  const draft = new URLSearchParams(search).get('draft') === 'true';
  const { signIn, communications } = viewerFlags(search, embed);
  const flags = useMemo(() => ({ signIn, communications }), [signIn, communications]);
  // Another space (a portal) is another page: start over.
  return (
    <ViewerSession key={`${sceneId}:${draft}`} sceneId={sceneId} draft={draft} embed={embed} flags={flags} />
  );
}

interface ViewerSessionProps {
  sceneId: string;
  draft: boolean;
  embed: boolean;
  flags: ViewerFlags;
}

function ViewerSession(props: ViewerSessionProps) {
  const { sceneId, draft, embed } = props;
  const page = useFlow('viewerPage', { sceneId, draft, embed }, { systemId: 'viewerPage' });
  return page ? <ViewerView {...props} page={page} /> : null;
}

function ViewerView({
  sceneId,
  draft,
  embed,
  flags,
  page,
}: ViewerSessionProps & { page: ViewerPageActorRef }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const loading = useSelector(page, (s) => s.hasTag('loading'));
  const ready = useSelector(page, (s) => s.hasTag('ready'));
  const denied = useSelector(page, (s) => s.hasTag('denied'));
  const missing = useSelector(page, (s) => s.hasTag('missing'));
  const failed = useSelector(page, (s) => s.matches('failed'));
  const metadata = useSelector(page, (s) => s.context.metadata);
  const content = useSelector(page, (s) => s.context.content);
  const error = useSelector(page, (s) => s.context.error);

  const handle = useRef<EngineHandle>(null);
  const send = useCallback((cmd: EngineCommand) => handle.current?.send(cmd), []);
  const [progress, setProgress] = useState<number | null>(0);
  const [infoPoint, setInfoPoint] = useState<{ title: string; text: string } | null>(null);
  const [tour, setTour] = useState<TourState | null>(null);
  const [live, setLive] = useState<LiveVisitActor | undefined>(undefined);
  const [directMessages, setDirectMessages] = useState<DirectMessagesActorRef | undefined>(undefined);
  const [party, setParty] = useState<PartyActorRef | undefined>(undefined);
  const userId = useSelector(useSession(), (s) => s.context.user?.userId ?? null);
  const landscape = useLandscapeSuggestion();
  const assetFailed = useAssetFailureToasts();
  const events = useEngineEventHub();
  const graphics = useViewerGraphics(send);
  const sound = useAmbientSound(ready ? content?.ambientSoundUri : null);
  const panels = useMemo(() => panelsFor(embed, flags), [embed, flags]);
  const listView = useListView();

  const loadedOnce = useRef(false);
  useEffect(() => {
    if (!content || loadedOnce.current) return;
    loadedOnce.current = true;
    send({ channel: 'Scene', method: 'load', payload: { content } });
  }, [content, send]);

  const onEvent = useCallback(
    (event: EngineEvent) => {
      events.publish(event);
      listView.onEngineEvent(event);
      switch (event.type) {
        case 'loadProgress':
          setProgress(event.percent);
          break;
        case 'loaded':
        case 'error':
          setProgress(null);
          break;
        case 'infoPointOpened':
          setInfoPoint({ title: event.title, text: event.text });
          break;
        case 'navigationRequested':
          // A portal inside an embed stays embedded, with the same controls.
          navigate(
            embed
              ? embedPath(event.targetSceneId, flags)
              : `/viewer/${encodeURIComponent(event.targetSceneId)}`,
          );
          break;
        case 'linkRequested':
          window.open(event.url, '_blank', 'noopener,noreferrer');
          break;
        case 'guidedTourState':
          setTour(event);
          break;
        case 'assetFailed':
          assetFailed(event);
          break;
      }
    },
    [navigate, embed, flags, assetFailed, events, listView],
  );

  // No such space: the server answered this page with 404 too.
  if (missing) return <NotFoundPage />;
  const panelContext = (m: SceneMetadata, c: SceneContent): ViewerPanelContext => ({
    sceneId,
    metadata: m,
    content: c,
    embed,
    flags,
    tour,
    loaded: ready && progress === null,
    send,
    onEngineEvent: events.onEngineEvent,
    graphics,
    sound,
    live,
    directMessages,
    party,
  });
  return (
    <Box
      sx={{ position: 'fixed', inset: 0, bgcolor: '#111' }}
      data-testid="viewer-page"
      data-loaded={ready && progress === null}
      data-embed={embed}
      data-show-sign-in={flags.signIn}
      data-show-communications={flags.communications}
    >
      <PageMeta title={metadata?.title ?? t('pages.viewer.title')} />
      {!failed && !denied && !listView.unavailable && (
        <EngineHost mode="viewer" settings={graphics.startSettings} onEvent={onEvent} handleRef={handle} />
      )}
      {loading && <LoadingOverlay label={t('viewer.loading')} />}
      {ready && progress !== null && <LoadingOverlay label={t('viewer.loading')} percent={progress} />}
      {denied && (
        <Stack sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', p: 2 }}>
          <Alert severity="warning" data-testid="viewer-access-denied">
            <Typography variant="h6" component="h1">
              {t('errors.holdUpExplorer')}
            </Typography>
            {t('errors.spaceAccessDenied')}
          </Alert>
        </Stack>
      )}
      {ready && <EnterVrButton send={send} onEngineEvent={events.onEngineEvent} />}
      {ready && !draft && (
        <VisitInsights
          sceneId={sceneId}
          embed={embed}
          loaded={progress === null}
          onEngineEvent={events.onEngineEvent}
        />
      )}
      {embed && <EmbedControls sceneId={sceneId} signIn={flags.signIn} />}
      {failed && (
        <Stack sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', p: 2 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => page.send({ type: 'page.retry' })}>
                {t('viewer.retry')}
              </Button>
            }
          >
            {t('viewer.loadFailed', { message: error ?? '' })}
          </Alert>
        </Stack>
      )}
      {metadata && (
        <Paper
          elevation={3}
          sx={{
            position: 'absolute',
            top: 12,
            left: 12,
            px: 1.5,
            py: 0.5,
            maxWidth: embed ? 'calc(100% - 240px)' : 'calc(100% - 96px)',
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {!embed && (
              <Tooltip title={t('editor.header.home')}>
                <IconButton size="small" component={Link} href="/" aria-label={t('editor.header.home')}>
                  <HomeIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1" component="h1" noWrap>
                {metadata.title}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {embed ? (
                  t('space.card.by', { name: metadata.creator.name })
                ) : (
                  <Link href={`/user/${encodeURIComponent(metadata.creator.userId)}`}>
                    {t('space.card.by', { name: metadata.creator.name })}
                  </Link>
                )}
              </Typography>
            </Box>
            {draft && <Chip size="small" color="warning" label={t('viewer.draftPreview')} />}
            {!embed && live && <LiveVisitors visit={live} ownerId={metadata.ownerId} party={party} />}
          </Stack>
        </Paper>
      )}
      {flags.communications && (
        <LivePresence sceneId={sceneId} onVisit={setLive} onEngineEvent={events.onEngineEvent} />
      )}
      {flags.communications && !embed && userId && (
        <DirectMessagesHost key={userId} userId={userId} onReady={setDirectMessages} />
      )}
      {flags.communications && !embed && userId && (
        <PartyHost key={`party:${userId}`} userId={userId} onReady={setParty} />
      )}
      <ViewerAccessibility
        listView={listView}
        content={content}
        title={metadata?.title ?? null}
        tour={tour}
        send={send}
      />
      {metadata && content && (
        // More toolbar buttons (after the panels' ones): extraActions={[<IconButton … />]}.
        <ViewerSidebar panels={panels} context={panelContext(metadata, content)} top={embed ? 64 : 12} />
      )}
      <Modal open={infoPoint !== null} onClose={() => setInfoPoint(null)} title={infoPoint?.title ?? ''}>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{infoPoint?.text}</Typography>
      </Modal>
      <LandscapeBanner open={landscape.open && ready} onDismiss={landscape.dismiss} />
    </Box>
  );
}

/**
 * The signed-in visitor's direct messages (the `directMessages` flow, as the header runs it on
 * other pages): the Chat panel's Direct tab and the creator's Chat use it.
 */
function DirectMessagesHost({
  userId,
  onReady,
}: {
  userId: string;
  onReady: (dms: DirectMessagesActorRef | undefined) => void;
}) {
  const [input] = useState(() => ({ userId }));
  const dms = useFlow('directMessages', input, { systemId: directMessagesSystemId });
  useEffect(() => {
    onReady(dms);
    return () => onReady(undefined);
  }, [dms, onReady]);
  return null;
}

/**
 * The signed-in visitor's party (the `party` flow, systemId 'party'): the Party panel shows it, and
 * the live visit passes it the hub's party news, so the visitor follows the leader with the panel shut.
 */
function PartyHost({
  userId,
  onReady,
}: {
  userId: string;
  onReady: (party: PartyActorRef | undefined) => void;
}) {
  const [input] = useState(() => ({ userId }));
  const party = useFlow('party', input, { systemId: 'party' });
  useEffect(() => {
    onReady(party);
    return () => onReady(undefined);
  }, [party, onReady]);
  return null;
}

/** The visitor's presence in the space (the `liveVisit` flow) while the viewer shows communications. */
function LivePresence({
  sceneId,
  onVisit,
  onEngineEvent,
}: {
  sceneId: string;
  onVisit: (visit: LiveVisitActor | undefined) => void;
  onEngineEvent: ViewerPanelContext['onEngineEvent'];
}) {
  // This page's chat ids, made once; an invitation's link names the instance to join.
  const search = useSearch();
  const [input] = useState(() => ({
    sceneId,
    chatIdPrefix: newChatIdPrefix(),
    instanceId: invitedInstance(search),
    voice: loadVoice(),
  }));
  const visit = useFlow('liveVisit', input, { systemId: 'liveVisit' });
  useEffect(() => {
    onVisit(visit);
    return () => onVisit(undefined);
  }, [visit, onVisit]);
  // Push to talk: the visitor holds V (not while typing).
  useEffect(() => {
    if (!visit) return;
    const voice = visit.getSnapshot().context.voice;
    const typing = (target: EventTarget | null) =>
      target instanceof HTMLElement &&
      (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    const down = (e: KeyboardEvent) => {
      if (e.code === 'KeyV' && !e.repeat && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target))
        voice.send({ type: 'voice.press' });
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'KeyV') voice.send({ type: 'voice.release' });
    };
    const away = () => voice.send({ type: 'voice.release' });
    addEventListener('keydown', down);
    addEventListener('keyup', up);
    addEventListener('blur', away);
    return () => {
      removeEventListener('keydown', down);
      removeEventListener('keyup', up);
      removeEventListener('blur', away);
    };
  }, [visit]);
  // Taken out of the space by its owner: the visitor is told why.
  const removal = useSelector(visit, (s) => (s?.matches('refused') ? s.context.error : null));
  // Where the visitor walks is their pose for the others.
  useEffect(
    () =>
      onEngineEvent((event) => {
        if (event.type === 'visitorMoved')
          visit?.send({ type: 'live.moved', position: event.position, yaw: event.yaw });
      }),
    [visit, onEngineEvent],
  );
  if (!removal) return null;
  return (
    <Alert severity="info" role="alert" sx={{ position: 'absolute', left: 12, bottom: 12, maxWidth: 420 }}>
      {removal}
    </Alert>
  );
}

/**
 * The corner of an embedded viewer: a link to the full space (a new tab: the embed lives in
 * another site's page) and, when the embed asks for it, 'Sign in' for visitors without a session,
 * which opens /login in a new tab too. Without showSignIn=1 there is no sign-in control at all.
 */
function EmbedControls({ sceneId, signIn }: { sceneId: string; signIn: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSelector(useSession(), (s) => s.context.user !== null);
  return (
    <Paper
      elevation={3}
      data-testid="viewer-embed-controls"
      sx={{
        position: 'absolute',
        top: 12,
        right: 12,
        px: 1,
        py: 0.5,
        display: 'flex',
        gap: 1,
        alignItems: 'center',
      }}
    >
      {signIn && !signedIn && (
        <Button
          size="small"
          variant="contained"
          startIcon={<LoginIcon />}
          data-testid="viewer-sign-in"
          onClick={() => window.open('/login', '_blank', 'noopener')}
        >
          {t('auth.signIn')}
        </Button>
      )}
      <MuiLink
        href={`/viewer/${encodeURIComponent(sceneId)}`}
        target="_blank"
        rel="noopener"
        variant="caption"
        data-testid="viewer-open-full-space"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        {t('viewer.embed.openFullSpace')}
        <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
      </MuiLink>
    </Paper>
  );
}
