import { Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { EditorStateData, Send } from './editorSession';
import { LevelsList } from './LevelsList';
import { SpaceChoice } from './SpaceChoice';
import { ToolPicker } from './ToolPicker';
import '../../i18n/devCatalogue';

/**
 * Space: premade or custom, the levels of a custom space and the tools (platform.md §2.6 Define
 * Space).
 */
export function SpaceSection({ state, send }: { state: EditorStateData; send: Send }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <SpaceChoice state={state} send={send} />
      {state.space.kind !== 'template' && (
        <>
          <Divider />
          <LevelsList state={state} send={send} />
        </>
      )}
      <Divider />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('dev.editor.tools.title')}
      </Typography>
      <ToolPicker state={state} send={send} />
    </Stack>
  );
}
