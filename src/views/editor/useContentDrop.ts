import { type DragEvent, useMemo } from 'react';
import { decodeDragItem, placeableMimeType } from './contentItems';
import { command, type Send } from './editorSession';

const carriesItem = (types: readonly string[]) =>
  types.includes(placeableMimeType) || types.includes('application/json');

/**
 * Drop handlers for the box the engine fills: content dragged from the panel is placed where it
 * is dropped (`Editor.Content.placeAt` with the page point; the engine finds the surface there).
 */
export function useContentDrop(send: Send) {
  return useMemo(
    () => ({
      onDragOver(event: DragEvent<HTMLElement>) {
        if (!carriesItem(event.dataTransfer.types)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDrop(event: DragEvent<HTMLElement>) {
        const item = decodeDragItem(
          event.dataTransfer.getData(placeableMimeType) || event.dataTransfer.getData('application/json'),
        );
        if (!item) return;
        event.preventDefault();
        send(command('Editor.Content', 'placeAt', { item, x: event.clientX, y: event.clientY }));
      },
    }),
    [send],
  );
}
