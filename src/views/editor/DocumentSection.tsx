import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseSceneContent, type SceneContent } from '../../../contracts/sceneContent';
import { describeIssues, sessionContentKey, viewerOfSessionContent } from '../../lib/documentTransfer';
import '../../i18n/devCatalogue';

/**
 * Document: export the editor's document, import one from a file, and open the export in the
 * viewer mode of the workbench (handed over in sessionStorage).
 */
export function DocumentSection({
  requestExport,
  loadContent,
  navigate,
}: {
  requestExport(): Promise<SceneContent>;
  loadContent(content: SceneContent): void;
  navigate(url: string): void;
}) {
  const { t } = useTranslation();
  const [json, setJson] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const exportNow = async () => {
    setWaiting(true);
    const content = await requestExport();
    setWaiting(false);
    setJson(JSON.stringify(content, null, 2));
  };
  const openInViewer = async () => {
    setWaiting(true);
    const content = await requestExport();
    sessionStorage.setItem(sessionContentKey, JSON.stringify(content));
    navigate(viewerOfSessionContent);
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setProblems([t('dev.editor.document.notJson', { file: file.name })]);
      return;
    }
    const parsed = parseSceneContent(document);
    if (!parsed.ok) {
      setProblems(describeIssues(parsed.issues));
      return;
    }
    setProblems([]);
    loadContent(parsed.content);
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" disabled={waiting} onClick={() => void exportNow()}>
          {t('dev.editor.document.export')}
        </Button>
        <Button size="small" variant="outlined" component="label">
          {t('dev.editor.document.import')}
          <input
            hidden
            type="file"
            accept="application/json,.json"
            aria-label={t('dev.editor.document.importFile')}
            onChange={(e) => {
              void importFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        <Button size="small" variant="contained" disabled={waiting} onClick={() => void openInViewer()}>
          {t('dev.editor.document.openInViewer')}
        </Button>
      </Stack>
      {problems.length > 0 && (
        <Alert severity="error">
          {t('dev.engine.invalidContent')}
          <ul>
            {problems.slice(0, 10).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      )}
      {json !== null && (
        <>
          <TextField
            multiline
            minRows={4}
            maxRows={12}
            size="small"
            label={t('dev.editor.document.exported')}
            value={json}
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 11 } } }}
          />
          <Button
            size="small"
            href={`data:application/json;charset=utf-8,${encodeURIComponent(json)}`}
            download="scene-content.json"
          >
            {t('dev.editor.document.download')}
          </Button>
        </>
      )}
    </Stack>
  );
}
