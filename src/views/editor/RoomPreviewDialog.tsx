import { Box, Button, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { premadeSceneContent, templateCoverOf, templateSizeNames } from '../../../contracts/premadeSpaces';
import type { SpaceTemplateChoice } from '../../../contracts/sceneContent';
import { spaceTemplateFamilies } from '../../../contracts/spaceTemplates';
import { type EngineHandle, EngineHost } from '../../engine/host/EngineHost';
import { Modal } from '../kit/Modal';
import { command, type Send } from './editorSession';
import '../../i18n/devCatalogue';

/** The preview's engine beside the editor's own (which keeps systemId `engine`). */
export const roomPreviewSystemId = 'roomPreview';

export const roomTitle = (choice: SpaceTemplateChoice) => {
  const family = spaceTemplateFamilies.find((f) => f.family === choice.family)?.title ?? choice.family;
  return `${family} ${templateSizeNames[choice.size]}${choice.kind === 'Premium' ? ' Premium' : ''}`;
};

/**
 * A premade room before it is chosen (platform.md §2.6 Define Space): the room itself in a viewer
 * engine of its own, walkable, with its cover beside the title, and 'Use this room'.
 */
export function RoomPreviewDialog({
  room,
  onClose,
  onUse,
  send,
}: {
  /** The room shown; null: closed. */
  room: SpaceTemplateChoice | null;
  onClose(): void;
  onUse(room: SpaceTemplateChoice): void;
  /** Commands to the editor's engine, which leaves the keyboard to the preview while it is open. */
  send: Send;
}) {
  const { t } = useTranslation();
  const open = room !== null;
  // `send` is the page's stable sender (editor.tsx useCallback).
  useEffect(() => {
    if (!open) return;
    send(command('Core', 'setKeyboardCapture', { enabled: false }));
    return () => send(command('Core', 'setKeyboardCapture', { enabled: true }));
  }, [open, send]);
  // The room stays named while the dialog fades out.
  const [lastRoom, setLastRoom] = useState(room);
  if (room && room !== lastRoom) setLastRoom(room);
  const shown = room ?? lastRoom;
  return (
    <Modal
      open={open}
      onClose={onClose}
      closeOnEscape
      maxWidth="md"
      title={shown ? roomTitle(shown) : ''}
      actions={
        <>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button variant="contained" onClick={() => room && onUse(room)}>
            {t('dev.editor.space.useTemplate')}
          </Button>
        </>
      }
    >
      {room && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('editor.rooms.previewHint')}
          </Typography>
          <Box
            role="img"
            aria-label={t('editor.rooms.preview', { room: roomTitle(room) })}
            data-testid="room-preview"
            sx={{
              position: 'relative',
              height: { xs: 260, sm: 380 },
              borderRadius: 1,
              overflow: 'hidden',
              backgroundImage: `url(${templateCoverOf(room)})`,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }}
          >
            <RoomEngine room={room} />
          </Box>
        </>
      )}
    </Modal>
  );
}

/** The room's document loaded into a viewer engine (the engine holds it until it is ready). */
function RoomEngine({ room }: { room: SpaceTemplateChoice }) {
  const handle = useRef<EngineHandle>(null);
  const content = useMemo(
    () => premadeSceneContent({ spaceTemplateFamilyId: room.family, size: room.size, kind: room.kind }),
    [room.family, room.size, room.kind],
  );
  useEffect(() => {
    handle.current?.send({ channel: 'Scene', method: 'load', payload: { content } });
  }, [content]);
  return <EngineHost mode="viewer" systemId={roomPreviewSystemId} handleRef={handle} />;
}
