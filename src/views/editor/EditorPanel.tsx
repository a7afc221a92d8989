import { Alert, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SceneContent } from '../../../contracts/sceneContent';
import { ContentSection } from './ContentSection';
import { DocumentSection } from './DocumentSection';
import { EditorSection } from './EditorSection';
import type { EditorPanelActorRef } from '../../machines/editorPanelMachine';
import type { Send } from './editorSession';
import { HistorySection } from './HistorySection';
import { ObjectsSection } from './ObjectsSection';
import { PathsSection } from './PathsSection';
import { SpaceSection } from './SpaceSection';
import { StyleSection } from './StyleSection';
import { useEditorSession } from './useEditorSession';
import '../../i18n/devCatalogue';

export interface EditorPanelProps {
  /** Sends a command to the engine (the host's handle). */
  send: Send;
  /** The panel's flow (the page relays the engine's events to it). */
  panel: EditorPanelActorRef;
  /** Loads a document into the engine (the page shows the loading progress). */
  loadContent(content: SceneContent): void;
  /** Leaves for another address ("Open in viewer"); a full page load by default. */
  navigate?(url: string): void;
}

const assign = (url: string) => window.location.assign(url);

/**
 * The editor panel of the engine workbench (/dev/engine?mode=editor): every control drives the
 * engine with the protocol's Editor.* commands, exactly as the editor page does, and shows what
 * the engine reports back.
 */
export function EditorPanel({ send, panel, loadContent, navigate = assign }: EditorPanelProps) {
  const { t } = useTranslation();
  const { session, requestExport, dismissRejection } = useEditorSession(panel);
  const { state } = session;

  return (
    <Stack spacing={1} data-testid="editor-panel">
      {!session.connected && (
        <Typography variant="body2" color="text.secondary">
          {t('dev.editor.waiting')}
        </Typography>
      )}
      {session.rejection && (
        <Alert severity="warning" onClose={dismissRejection} data-testid="editor-rejection">
          {session.rejection.message}
        </Alert>
      )}
      <div>
        <EditorSection title={t('dev.editor.sections.history')} defaultExpanded>
          <HistorySection state={state} send={send} />
        </EditorSection>
        <EditorSection title={t('dev.editor.sections.space')} defaultExpanded>
          <SpaceSection state={state} send={send} />
        </EditorSection>
        <EditorSection title={t('dev.editor.sections.style')}>
          <StyleSection send={send} />
        </EditorSection>
        <EditorSection title={t('dev.editor.sections.objects')}>
          <ObjectsSection session={session} send={send} panel={panel} />
        </EditorSection>
        <EditorSection title={t('dev.editor.sections.content')}>
          <ContentSection send={send} />
        </EditorSection>
        <EditorSection title={t('dev.editor.sections.paths')}>
          <PathsSection state={state} send={send} />
        </EditorSection>
        <EditorSection title={t('dev.editor.sections.document')}>
          <DocumentSection requestExport={requestExport} loadContent={loadContent} navigate={navigate} />
        </EditorSection>
      </div>
    </Stack>
  );
}
