import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useFlow, useSession } from '../../app/AppContext';
import { EngineHost, type EngineHandle } from '../../engine/host/EngineHost';
import type { EngineCommand, EngineEvent } from '../../engine/protocol';
import { type EditorGuideActorRef, selectGuideState } from '../../machines/editorGuideMachine';
import type { EditorPageActorRef } from '../../machines/editorPageMachine';
import type { EditorPanelActorRef } from '../../machines/editorPanelMachine';
import {
  type SaveActorRef,
  selectConflict,
  selectHasUnsavedChanges,
  selectSaveStatus,
} from '../../machines/saveMachine';
import { selectTier } from '../../machines/sessionMachine';
import { EditorHeader } from '../editor/page/EditorHeader';
import { type EditorStep, EditorSteps } from '../editor/page/EditorSteps';
import { GuideModal } from '../editor/page/GuideModal';
import { SaveConflictDialog } from '../editor/page/SaveConflictDialog';
import { useLeaveGuard } from '../editor/page/useLeaveGuard';
import { useContentDrop } from '../editor/useContentDrop';
import { useEditorSession } from '../editor/useEditorSession';
import { ShareModal } from '../kit/ShareModal';
import { LoadingOverlay } from '../../engine/host/LoadingOverlay';
import { loadEditorGraphics } from '../../lib/viewerPreferences';
import { PageMeta } from '../kit/PageMeta';
import { useAssetFailureToasts } from '../kit/useAssetFailureToasts';
import { PublishWizard } from '../publish/PublishWizard';

// Only district spaces show Upgrade: the district's code loads for them.
const SpaceDistrictUpgrade = lazy(() =>
  import('../district/SpaceDistrictUpgrade').then((m) => ({ default: m.SpaceDistrictUpgrade })),
);

/**
 * /curate (a new space) and /curate/{sceneId}: the engine in editor mode with the header and the
 * step panels. The first save of a new space moves the address to /curate/{sceneId} without
 * reopening the editor.
 */
export function EditorPage({ sceneId }: { sceneId?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const user = useSelector(session, (s) => s.context.user);
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

  // The first save of a new space moves the address to /curate/{sceneId}: the same editor stays.
  const key = sceneId && sceneId === created?.sceneId ? created.key : (sceneId ?? 'new');
  return (
    <EditorWorkspace
      key={key}
      sceneId={sceneId ?? null}
      onCreated={(id) => setCreated({ sceneId: id, key })}
    />
  );
}

function EditorWorkspace({
  sceneId,
  onCreated,
}: {
  sceneId: string | null;
  onCreated(sceneId: string): void;
}) {
  const page = useFlow('editorPage', { sceneId }, { systemId: 'editorPage' });
  const created = useRef(onCreated);
  useEffect(() => {
    created.current = onCreated;
  });
  useEffect(() => {
    if (!page) return;
    const subscription = page.on('page.sceneCreated', ({ sceneId: id }) => created.current(id));
    return () => subscription.unsubscribe();
  }, [page]);
  return page ? <EditorOpening page={page} /> : <EditorLoading />;
}

function EditorLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'fixed', inset: 0 }}>
      <PageMeta title={t('pages.editor.title')} />
      <LoadingOverlay label={t('shell.loading')} />
    </Box>
  );
}

function EditorOpening({ page }: { page: EditorPageActorRef }) {
  const { t } = useTranslation();
  const failed = useSelector(page, (s) => s.matches('failed'));
  const ready = useSelector(page, (s) => s.matches('ready'));
  const error = useSelector(page, (s) => s.context.error);
  const save = useSelector(page, (s) => s.children.save);
  const panel = useSelector(page, (s) => s.children.editorPanel);
  const guide = useSelector(page, (s) => s.children.guide);

  if (failed) {
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
  if (!ready || !save || !panel || !guide) return <EditorLoading />;
  return <EditorReady page={page} save={save} panel={panel} guide={guide} />;
}

function EditorReady({
  page,
  save,
  panel,
  guide,
}: {
  page: EditorPageActorRef;
  save: SaveActorRef;
  panel: EditorPanelActorRef;
  guide: EditorGuideActorRef;
}) {
  const { t } = useTranslation();
  const tier = useSelector(useSession(), selectTier);
  const [, navigate] = useLocation();
  const handle = useRef<EngineHandle>(null);
  const [engineSettings] = useState(loadEditorGraphics);
  const send = useCallback((cmd: EngineCommand) => handle.current?.send(cmd), []);
  const { session } = useEditorSession(panel);
  const drop = useContentDrop(send);
  const [step, setStep] = useState<EditorStep>('defineSpace');
  const guideState = useSelector(guide, selectGuideState);
  const [building, setBuilding] = useState<number | null>(0);

  const content = useSelector(page, (s) => s.context.content);
  const metadata = useSelector(page, (s) => s.context.metadata);
  const wizard = useSelector(page, (s) => s.children.publishWizard);
  const preparingPublish = useSelector(page, (s) => s.hasTag('preparingPublish'));
  const sharing = useSelector(page, (s) => s.matches({ ready: { share: 'open' } }));
  const status = useSelector(save, selectSaveStatus);
  const dirty = useSelector(save, selectHasUnsavedChanges);
  const conflict = useSelector(save, selectConflict);
  const title = useSelector(save, (s) => s.context.title);
  const autoSave = useSelector(save, (s) => s.context.autoSave);
  const currentId = useSelector(save, (s) => s.context.sceneId) ?? metadata?.sceneId ?? null;
  const { leave, dialog: leaveDialog } = useLeaveGuard(dirty, navigate);

  const saveNow = useCallback(() => save.send({ type: 'save.requested' }), [save]);
  const changeTitle = useCallback(
    (text: string) => save.send({ type: 'title.changed', title: text }),
    [save],
  );

  // The document opens once the engine is ready (the host holds the command until then).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !content) return;
    opened.current = true;
    send({ channel: 'Scene', method: 'load', payload: { content } });
  }, [content, send]);

  const assetFailed = useAssetFailureToasts();
  const onEvent = useCallback(
    (event: EngineEvent) => {
      page.send({ type: 'engine.reported', event });
      switch (event.type) {
        case 'loadProgress':
          setBuilding((b) => (b === null ? b : event.percent));
          break;
        case 'loaded':
        case 'error':
          setBuilding(null);
          break;
        case 'assetFailed':
          assetFailed(event);
          break;
      }
    },
    [page, assetFailed],
  );

  const viewerPath = currentId ? `/viewer/${encodeURIComponent(currentId)}` : null;

  return (
    <Box
      sx={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column' }}
      // Whether the guide has been decided yet, and how (e2e waits on it).
      data-guide={guideState}
    >
      <PageMeta title={title ? t('editor.pageTitle', { title }) : t('pages.editor.title')} />
      <EditorHeader
        title={title}
        onTitleChange={changeTitle}
        published={(metadata?.state ?? 'Draft') === 'Published'}
        status={status}
        autoSave={autoSave}
        onAutoSaveChange={(enabled) => save.send({ type: 'autosave.toggled', enabled })}
        saving={status === 'saving'}
        onSave={saveNow}
        previewHref={viewerPath ? `${viewerPath}?draft=true` : null}
        onPreview={() => viewerPath && leave(`${viewerPath}?draft=true`)}
        upgrade={
          metadata?.districtSubdomain ? (
            <Suspense fallback={null}>
              <SpaceDistrictUpgrade subdomain={metadata.districtSubdomain} />
            </Suspense>
          ) : undefined
        }
        onHelp={() => guide.send({ type: 'guide.opened' })}
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
            panel={panel}
            step={step}
            onStepChange={setStep}
            viewerUrl={viewerPath ? `${window.location.origin}${viewerPath}` : null}
            onSave={saveNow}
            onShare={() => page.send({ type: 'share.opened' })}
            onPublish={() => page.send({ type: 'publish.requested', tier, title })}
            preparingPublish={preparingPublish}
          />
        </Box>
        <Box
          sx={{ flex: 1, position: 'relative', minWidth: 0, minHeight: 0 }}
          data-testid="engine-box"
          {...drop}
        >
          <EngineHost mode="editor" settings={engineSettings} onEvent={onEvent} handleRef={handle} />
          {building !== null && <LoadingOverlay label={t('viewer.loading')} percent={building} />}
        </Box>
      </Box>
      <GuideModal open={guideState === 'open'} onClose={() => guide.send({ type: 'guide.closed' })} />
      {wizard && <PublishWizard wizard={wizard} onClose={() => page.send({ type: 'publish.closed' })} />}
      {viewerPath && (
        <ShareModal
          open={sharing}
          onClose={() => page.send({ type: 'share.closed' })}
          url={`${window.location.origin}${viewerPath}`}
          title={title}
        />
      )}
      <SaveConflictDialog
        open={conflict}
        onReload={() => save.send({ type: 'conflict.reload' })}
        onKeepMine={() => save.send({ type: 'conflict.keepMine' })}
      />
      {leaveDialog}
    </Box>
  );
}
