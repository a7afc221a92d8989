import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceableItem } from '../../engine/protocol';
import { encodeDragItem, placeableMimeType } from './contentItems';
import { command, type Send } from './editorSession';
import '../../i18n/devCatalogue';

/**
 * One item of the content grid: dragged onto the space it is placed where it is dropped
 * (`Editor.Content.placeAt`); its Add button leaves the place to the engine (`add`: a picture on
 * the wall the camera faces, anything else on the floor ahead). Without an item (an input left
 * empty) it can be neither.
 */
export function ContentCard({
  label,
  item,
  send,
  thumbnail,
  onThumbnailLoad,
  children,
}: {
  label: string;
  item: PlaceableItem | null;
  send: Send;
  thumbnail?: string;
  onThumbnailLoad?(image: HTMLImageElement): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="listitem"
      aria-label={label}
      draggable={item !== null}
      data-testid="content-item"
      onDragStart={(e) => {
        if (!item) return;
        const json = encodeDragItem(item);
        e.dataTransfer.setData(placeableMimeType, json);
        e.dataTransfer.setData('application/json', json);
        e.dataTransfer.effectAllowed = 'copy';
      }}
      sx={{ p: 0.75, cursor: item ? 'grab' : 'default', display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <DragIndicatorIcon fontSize="small" color={item ? 'action' : 'disabled'} aria-hidden />
        <Typography variant="caption" noWrap title={label} sx={{ flex: 1, minWidth: 0 }}>
          {label}
        </Typography>
      </Stack>
      {thumbnail && (
        <Box
          component="img"
          src={thumbnail}
          alt=""
          draggable={false}
          onLoad={(e: SyntheticEvent<HTMLImageElement>) => onThumbnailLoad?.(e.currentTarget)}
          sx={{ width: '100%', height: 56, objectFit: 'cover', borderRadius: 0.5 }}
        />
      )}
      {children}
      <Button
        size="small"
        variant="outlined"
        disabled={!item}
        aria-label={t('dev.editor.content.add', { name: label })}
        onClick={() => item && send(command('Editor.Content', 'add', { item }))}
      >
        {t('common.actions.add')}
      </Button>
    </Paper>
  );
}
