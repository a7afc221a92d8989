import { Button, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorPanelActorRef } from '../../machines/editorPanelMachine';
import { command, type EditorSession, nextSelection, type Send } from './editorSession';
import { SelectedObjectEditor } from './SelectedObjectEditor';
import '../../i18n/devCatalogue';

/**
 * The placed objects: the list (click selects, shift or ctrl click adds), what to do with the
 * selection, and the fields of the one selected object. While open, it keeps the list and the
 * document up to date.
 */
export function ObjectsSection({
  session,
  send,
  panel,
}: {
  session: EditorSession;
  send: Send;
  panel: EditorPanelActorRef;
}) {
  const { t } = useTranslation();
  // While shown, the panel keeps the list and the document up to date.
  useEffect(() => {
    panel.send({ type: 'objects.shown' });
    return () => panel.send({ type: 'objects.hidden' });
  }, [panel]);
  const { objects, selection } = session;
  const none = selection.length === 0;
  const action = (method: 'deleteSelection' | 'duplicateSelection' | 'copySelection' | 'paste') => () =>
    send(command('Editor.Content', method, {}));

  return (
    <Stack spacing={1}>
      {objects.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('dev.editor.objects.empty')}
        </Typography>
      ) : (
        <List
          dense
          disablePadding
          aria-label={t('dev.editor.objects.list')}
          aria-multiselectable="true"
          role="listbox"
          sx={{ maxHeight: 240, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {objects.map((object) => {
            const selected = selection.includes(object.id);
            return (
              <ListItemButton
                key={object.id}
                role="option"
                aria-selected={selected}
                selected={selected}
                onClick={(e) =>
                  send(
                    command('Editor.Content', 'select', {
                      ids: nextSelection(selection, object.id, e.shiftKey || e.ctrlKey || e.metaKey),
                    }),
                  )
                }
              >
                <ListItemText
                  primary={object.label || t(`dev.editor.objects.kinds.${object.kind}`, object.kind)}
                  secondary={t(`dev.editor.objects.kinds.${object.kind}`, object.kind)}
                  slotProps={{ primary: { noWrap: true } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
      <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" disabled={none} onClick={action('deleteSelection')}>
          {t('dev.editor.objects.delete')}
        </Button>
        <Button size="small" variant="outlined" disabled={none} onClick={action('duplicateSelection')}>
          {t('dev.editor.objects.duplicate')}
        </Button>
        <Button size="small" variant="outlined" disabled={none} onClick={action('copySelection')}>
          {t('dev.editor.objects.copy')}
        </Button>
        <Button size="small" variant="outlined" onClick={action('paste')}>
          {t('dev.editor.objects.paste')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={none}
          onClick={() => send(command('Editor.Content', 'focus', { id: selection[0] }))}
        >
          {t('dev.editor.objects.focus')}
        </Button>
      </Stack>
      {selection.length === 1 && (
        <SelectedObjectEditor
          id={selection[0]}
          document={session.document}
          units={session.state.units}
          send={send}
        />
      )}
      {selection.length > 1 && (
        <Typography variant="body2" color="text.secondary">
          {t('dev.editor.objects.many', { count: selection.length })}
        </Typography>
      )}
    </Stack>
  );
}
