import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { SceneContent } from '../../../contracts/sceneContent';
import type { SceneMetadata } from '../../../contracts/scenes';
import { selectTier } from '../../machines/sessionMachine';
import { providePublishWizard, searchMembers } from '../../services/publishWizard';
import { EngineHost, type EngineHandle } from '../../engine/host/EngineHost';
import type { EngineCommand, EngineEvent } from '../../engine/protocol';
import { provideEditorPage } from '../../services/scenePages';
import { useApi, useSession, useToasts } from '../AppContext';
import { createEngineEventHub } from '../editor/engineEventHub';
import { EditorHeader } from '../editor/page/EditorHeader';
import { type EditorStep, EditorSteps } from '../editor/page/EditorSteps';
import { GuideModal, guideSeen, markGuideSeen } from '../editor/page/GuideModal';
import { useEditorSave } from '../editor/page/useEditorSave';
import { useLeaveGuard } from '../editor/page/useLeaveGuard';
import { useContentDrop } from '../editor/useContentDrop';
import { useEditorSession } from '../editor/useEditorSession';
import { ShareModal } from '../kit/ShareModal';
import { LoadingOverlay } from '../kit/LoadingOverlay';
import { PageMeta } from '../kit/PageMeta';
import { PublishWizard } from '../publish/PublishWizard';

/**
 * /curate (a new space) and /curate/{sceneId}: the engine in editor mode with the header and the
 * step panels. The first save of a new space moves the address to /curate/{sceneId} without
 * reopening the editor.
 */
export function EditorPage({ sceneId }: { sceneId?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const user = useSelector(session, (s) => s.context.user);
  const [, navigate] = useLocation();
  const [created, setCreated] = useState<{ sceneId: string; key: string } | null>(null);

  if (!user) {
    return (
      <Stack sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', gap: 2, p: 2 }}>
        <PageMeta title={t('pages.editor.title')} />
        <Typography variant="h4" component="h1">
          {sceneId ? t('pages.editor.heading') : t('pages.editor.newHeading')}
        </Typography>
        <Typography>{t('editor.signIn.message')}</Typography>
        <Button
          variant="contained"
          onClick={() => session.send({ type: 'session.signIn', returnTo: window.location.pathname })}
        >
          {t('editor.signIn.button')}
        </Button>
      </Stack>
    );
  }

  const key = sceneId && sceneId === created?.sceneId ? created.key : (sceneId ?? 'new');
  return (
    <EditorWorkspace
      key={key}
      sceneId={sceneId ?? null}
      userId={user.userId}
      onCreated={(id) => {
        setCreated({ sceneId: id, key });
        navigate(`/curate/${encodeURIComponent(id)}`, { replace: true });
      }}
    />
  );
}

function EditorWorkspace({
  sceneId,
  userId,
  onCreated,
}: {
  sceneId: string | null;
  userId: string;
  onCreated(sceneId: string): void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const toasts = useToasts();
  const [, navigate] = useLocation();

  const pageMachine = useMemo(
    () => provideEditorPage(api, userId, { navigate, toasts }),
    [api, navigate, toasts, userId],
  );
  const page = useActorRef(pageMachine, { input: { sceneId } });
  const pageState = useSelector(page, (s) => s.value);
  const error = useSelector(page, (s) => s.context.error);
  const content = useSelector(page, (s) => s.context.content);
  const metadata = useSelector(page, (s) => s.context.metadata);

  if (pageState === 'failed') {
    return (
      <Stack sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => page.send({ type: 'page.retry' })}>
              {t('editor.retry')}
            </Button>
          }
        >
          {t('editor.loadFailed', { message: error ?? '' })}
        </Alert>
      </Stack>
    );
  }
  if (pageState !== 'ready' || !content) {
    return (
      <Box sx={{ position: 'fixed', inset: 0 }}>
        <PageMeta title={t('pages.editor.title')} />
        <LoadingOverlay label={t('shell.loading')} />
      </Box>
    );
  }
  return (
    <EditorReady
      sceneId={sceneId}
      metadata={metadata}
      content={content}
      onCreated={(id) => {
        page.send({ type: 'scene.created', sceneId: id });
        onCreated(id);
      }}
      onPublished={(published) => page.send({ type: 'scene.published', metadata: published })}
    />
  );
}

function EditorReady({
  sceneId,
  metadata,
  content,
  onCreated,
  onPublished,
}: {
  sceneId: string | null;
  metadata: SceneMetadata | null;
  content: SceneContent;
  onCreated(sceneId: string): void;
  onPublished(metadata: SceneMetadata): void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const toasts = useToasts();
  const tier = useSelector(useSession(), selectTier);
  const [, navigate] = useLocation();
  const handle = useRef<EngineHandle>(null);
  const send = useCallback((cmd: EngineCommand) => handle.current?.send(cmd), []);
  const [events] = useState(createEngineEventHub);
  const { session } = useEditorSession(send, events);
  const drop = useContentDrop(send);
  const [step, setStep] = useState<EditorStep>('defineSpace');
  const [guideOpen, setGuideOpen] = useState(() => !guideSeen());
  const [shareOpen, setShareOpen] = useState(false);
  const [building, setBuilding] = useState<number | null>(0);

  const save = useEditorSave({ sceneId, metadata, send, onCreated });
  const { leave, dialog: leaveDialog } = useLeaveGuard(save.dirty, navigate);

  // Publish saves a new or changed space first, and opens the wizard only once that save succeeded.
  const [publishing, setPublishing] = useState<'idle' | 'saveRequested' | 'saving' | 'wizard'>('idle');
  if (publishing === 'saveRequested' && save.status === 'saving') setPublishing('saving');
  if (publishing === 'saving' && save.status !== 'saving')
    setPublishing(save.status === 'failed' || !save.sceneId ? 'idle' : 'wizard');
  const publish = () => {
    if (save.sceneId && !save.dirty && save.status !== 'saving') {
      setPublishing('wizard');
      return;
    }
    setPublishing('saveRequested');
    save.save();
  };
  const wizardMachine = useMemo(() => providePublishWizard(api), [api]);
  const findMembers = useMemo(() => searchMembers(api), [api]);

  // The document opens once the engine is ready (the host holds the command until then).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    send({ channel: 'Scene', method: 'load', payload: { content } });
  }, [content, send]);

  const onEvent = useCallback(
    (event: EngineEvent) => {
      events.emit(event);
      save.handleEvent(event);
      switch (event.type) {
        case 'loadProgress':
          setBuilding((b) => (b === null ? b : event.percent));
          break;
        case 'loaded':
          setBuilding(null);
          break;
        case 'error':
          setBuilding(null);
          break;
      }
    },
    [events, save],
  );

  const currentId = save.sceneId;
  const viewerPath = currentId ? `/viewer/${encodeURIComponent(currentId)}` : null;
  const title = save.title;

  return (
    <Box sx={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column' }}>
      <PageMeta title={title ? t('editor.pageTitle', { title }) : t('pages.editor.title')} />
      <EditorHeader
        title={title}
        onTitleChange={save.changeTitle}
        published={(metadata?.state ?? 'Draft') === 'Published'}
        status={save.status}
        autoSave={save.autoSave}
        onAutoSaveChange={save.setAutoSave}
        saving={save.status === 'saving'}
        onSave={save.save}
        previewHref={viewerPath ? `${viewerPath}?draft=true` : null}
        onPreview={() => viewerPath && leave(`${viewerPath}?draft=true`)}
        onUpgrade={metadata?.districtId ? () => undefined : undefined}
        onHelp={() => setGuideOpen(true)}
        onHome={() => leave('/')}
      />
      <Box
        sx={{ flex: 1, display: 'flex', minHeight: 0, flexDirection: { xs: 'column-reverse', md: 'row' } }}
      >
        <Box
          component="aside"
          aria-label={t('editor.steps.label')}
          sx={{
            width: { xs: '100%', md: 460 },
            height: { xs: '45%', md: '100%' },
            flexShrink: 0,
            borderRight: { md: 1 },
            borderTop: { xs: 1, md: 0 },
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <EditorSteps
            session={session}
            send={send}
            events={events}
            step={step}
            onStepChange={setStep}
            viewerUrl={viewerPath ? `${window.location.origin}${viewerPath}` : null}
            onSave={save.save}
            onShare={() => setShareOpen(true)}
            onPublish={publish}
            preparingPublish={publishing === 'saveRequested' || publishing === 'saving'}
          />
        </Box>
        <Box
          sx={{ flex: 1, position: 'relative', minWidth: 0, minHeight: 0 }}
          data-testid="engine-box"
          {...drop}
        >
          <EngineHost mode="editor" onEvent={onEvent} handleRef={handle} />
          {building !== null && <LoadingOverlay label={t('viewer.loading')} percent={building} />}
        </Box>
      </Box>
      <GuideModal
        open={guideOpen}
        onClose={() => {
          markGuideSeen();
          setGuideOpen(false);
        }}
      />
      {currentId && (
        <PublishWizard
          open={publishing === 'wizard'}
          onClose={() => setPublishing('idle')}
          machine={wizardMachine}
          input={{ sceneId: currentId, metadata: { ...metadata, title }, tier }}
          searchUsers={findMembers}
          onPublished={(published) => {
            setPublishing('idle');
            onPublished(published);
            // The wizard may have renamed the space: the header follows.
            if (published.title !== title) save.changeTitle(published.title);
            toasts.send({ type: 'toast.show', severity: 'success', message: 'toasts.spacePublished' });
            setShareOpen(true);
          }}
        />
      )}
      {viewerPath && (
        <ShareModal
          open={shareOpen}
          onClose={() => setShareOpen(false)}
          url={`${window.location.origin}${viewerPath}`}
          title={title}
        />
      )}
      {leaveDialog}
    </Box>
  );
}
