import { type ActorRefFrom, assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type { EngineCommand } from '../engine/protocol';
import type { Viewpoint } from '../lib/readingOrder';

/**
 * The viewer's accessible list view (platform.md §2.7, 'a tour anyone can take'): every work of
 * the space as a page a screen reader reads, one button away from the 3D view.
 *
 * - `closed`: the 3D view; 'List view' opens the list.
 * - `open`: the list over the space. Escape or Close goes back; 'Show in the space' on a work
 *   ends any tour, stands the visitor in front of the work facing it, and goes back to the space.
 *   Opening the list again puts the reader on the work last shown (`itemId`).
 * - `unavailable`: this browser cannot draw the space (WebGL failed): the list is the page and
 *   stays; there is no space to show a work in.
 */

export interface ListViewContext {
  /** The work the list puts the reader on when it opens (the one last shown in the space). */
  itemId: string | null;
}

export type ListViewEvent =
  | { type: 'list.open' }
  | { type: 'list.close' }
  | { type: 'list.showInSpace'; itemId: string; viewpoint: Viewpoint }
  /** The engine could not start 3D graphics in this browser. */
  | { type: 'engine.webglUnavailable' };

export const listViewMachine = setup({
  types: {
    context: {} as ListViewContext,
    events: {} as ListViewEvent,
    tags: {} as 'visible',
  },
  actions: {
    /** Gives a command to the page's engine (provided: src/app/flows/viewer.ts). */
    sendCommand: (_, _params: { command: EngineCommand }) => {},
  },
}).createMachine({
  id: 'listView',
  context: { itemId: null },
  initial: 'closed',
  on: { 'engine.webglUnavailable': '.unavailable' },
  states: {
    closed: {
      on: { 'list.open': 'open' },
    },
    open: {
      tags: ['visible'],
      on: {
        'list.close': 'closed',
        'list.showInSpace': {
          target: 'closed',
          actions: [
            assign({ itemId: ({ event }) => event.itemId }),
            enqueueActions(({ enqueue, event }) => {
              const { position, yaw } = event.viewpoint;
              enqueue({
                type: 'sendCommand',
                params: { command: { channel: 'Viewer', method: 'stopGuidedTour', payload: {} } },
              });
              enqueue({
                type: 'sendCommand',
                params: {
                  command: { channel: 'Viewer', method: 'teleport', payload: { position, rotation: yaw } },
                },
              });
            }),
          ],
        },
      },
    },
    unavailable: {
      tags: ['visible'],
    },
  },
});

export type ListViewActorRef = ActorRefFrom<typeof listViewMachine>;
export type ListViewSnapshot = SnapshotFrom<typeof listViewMachine>;
