import { Alert, Box, Button, Divider, Stack, Tab, Tabs, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentSection } from '../ContentSection';
import type { EditorPanelActorRef } from '../../../machines/editorPanelMachine';
import { costLines, type EditorSession, type Send } from '../editorSession';
import { HistorySection } from '../HistorySection';
import { ObjectsSection } from '../ObjectsSection';
import { PathsSection } from '../PathsSection';
import { SpaceSection } from '../SpaceSection';
import { StyleSection } from '../StyleSection';
import '../../../i18n/devCatalogue';

/** The editor's steps (platform.md §2.6), in order. */
export const editorSteps = [
  'defineSpace',
  'shapeStyle',
  'addContent',
  'createPaths',
  'publishShare',
] as const;
export type EditorStep = (typeof editorSteps)[number];

export interface EditorStepsProps {
  session: EditorSession;
  send: Send;
  panel: EditorPanelActorRef;
  step: EditorStep;
  onStepChange(step: EditorStep): void;
  /** The viewer link of the saved space, null before the first save. */
  viewerUrl: string | null;
  onSave(): void;
  onShare(): void;
  /** Saves the space when it is new or changed, then opens the publish wizard. */
  onPublish(): void;
  /** The save before publishing is running. */
  preparingPublish: boolean;
}

/**
 * The step panels beside the engine: Define Space, Shape Style, Add Content, Create Paths and
 * Publish & Share. Every control sends the engine's Editor.* messages.
 */
export function EditorSteps(props: EditorStepsProps) {
  const { t } = useTranslation();
  const { session, send, panel, step } = props;
  const { state } = session;
  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <Tabs
        orientation="vertical"
        value={step}
        onChange={(_, value: EditorStep) => props.onStepChange(value)}
        aria-label={t('editor.steps.label')}
        sx={{ borderRight: 1, borderColor: 'divider', flexShrink: 0, width: 112 }}
      >
        {editorSteps.map((s, i) => (
          <Tab
            key={s}
            value={s}
            label={`${i + 1}. ${t(`editor.steps.${s}`)}`}
            sx={{ textTransform: 'none', alignItems: 'flex-start', textAlign: 'left', minHeight: 56, px: 1 }}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        aria-label={t(`editor.steps.${step}`)}
        sx={{ flex: 1, overflowY: 'auto', p: 1.5, minWidth: 0 }}
        data-testid={`editor-step-${step}`}
      >
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {t(`editor.steps.${step}`)}
          </Typography>
          {session.rejection && <Alert severity="warning">{session.rejection.message}</Alert>}
          {step === 'defineSpace' && <SpaceSection state={state} send={send} />}
          {step === 'shapeStyle' && <StyleSection send={send} />}
          {step === 'addContent' && (
            // What is placed comes first, so the list is at hand without scrolling past the grid.
            <>
              <Box role="region" aria-label={t('editor.steps.placedObjects')}>
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  {t('editor.steps.placedObjects')}
                </Typography>
                <ObjectsSection session={session} send={send} panel={panel} />
              </Box>
              <Divider />
              <ContentSection send={send} />
            </>
          )}
          {step === 'createPaths' && <PathsSection state={state} send={send} />}
          {step === 'publishShare' && (
            <PublishStep
              session={session}
              viewerUrl={props.viewerUrl}
              onShare={props.onShare}
              onPublish={props.onPublish}
              preparingPublish={props.preparingPublish}
            />
          )}
          <Divider />
          <Section title={t('editor.steps.historyAndView')}>
            <HistorySection state={state} send={send} />
          </Section>
        </Stack>
      </Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Box>
      <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {title}
      </Button>
      {open && <Box sx={{ pt: 1 }}>{children}</Box>}
    </Box>
  );
}

/** Publish & Share: what the space costs to publish, Publish, and the space's link once saved. */
function PublishStep({
  session,
  viewerUrl,
  onShare,
  onPublish,
  preparingPublish,
}: {
  session: EditorSession;
  viewerUrl: string | null;
  onShare(): void;
  onPublish(): void;
  preparingPublish: boolean;
}) {
  const { t } = useTranslation();
  const { cost } = session.state;
  const lines = costLines(cost);
  return (
    <Stack spacing={1.5}>
      <Box role="group" aria-label={t('editor.cost.title')} data-testid="publish-cost">
        <Typography variant="subtitle2">{t('editor.cost.title')}</Typography>
        {lines.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('editor.publish.free')}
          </Typography>
        )}
        {lines.map((line) => (
          <Typography key={line.labelKey} variant="body2">
            {line.count === null
              ? t('dev.editor.cost.single', { item: t(line.labelKey), credits: line.credits })
              : t('dev.editor.cost.line', {
                  item: t(line.labelKey),
                  count: line.count,
                  each: line.each,
                  credits: line.credits,
                })}
          </Typography>
        ))}
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('editor.cost.total')}: {cost.totalCredits}
        </Typography>
      </Box>
      <Button variant="contained" onClick={onPublish} disabled={preparingPublish}>
        {preparingPublish ? t('editor.header.saving') : t('publish.open')}
      </Button>
      {viewerUrl && (
        <Stack spacing={1}>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {viewerUrl}
          </Typography>
          <Button variant="outlined" onClick={onShare}>
            {t('editor.publish.share')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
