import { type ActorRefFrom, assign, emit, setup } from 'xstate';
import type { EngineCommand, EngineEvent } from '../engine/protocol';

/**
 * The viewer's map panel while it is open: it asks the engine where the visitor is every
 * `pollMs` (a `cameraState` answers), shows the visitor's level unless the visitor picked another
 * one, and walks the visitor to a spot or an artwork chosen on the map (the engine's teleport),
 * waiting for the next pose near the target before it calls the walk done.
 */

export const pollMs = 250;
/** A walk not confirmed by the engine within this time is given up (the map shows where the visitor is). */
export const walkTimeoutMs = 3000;
/** A pose this close (metres, on the plan) to a walk's target ends the walk. */
const arrivedWithin = 0.6;

export interface MapPose {
  x: number;
  z: number;
  /** Eye height. */
  y: number;
  yaw: number;
  levelId: string | null;
}

export interface MapWalk {
  levelId: string;
  /** Eye position. */
  position: [number, number, number];
  /** Yaw to face on arrival (degrees, 0–360); the current one when left out. */
  yaw?: number;
}

export interface ViewerMapContext {
  pose: MapPose | null;
  /** The level the visitor chose to look at; null follows the visitor's own. */
  chosenLevelId: string | null;
  walk: MapWalk | null;
}

export type ViewerMapEvent =
  | { type: 'engine.reported'; event: EngineEvent }
  | { type: 'level.chosen'; levelId: string | null }
  | { type: 'walk.requested'; walk: MapWalk };

export type ViewerMapEmitted = { type: 'command'; command: EngineCommand };

const normalizeYaw = (yaw: number) => ((yaw % 360) + 360) % 360;

export const viewerMapMachine = setup({
  types: {
    context: {} as ViewerMapContext,
    events: {} as ViewerMapEvent,
    emitted: {} as ViewerMapEmitted,
  },
  actions: {
    /** What the engine is asked: the view passes it on (`command` emitted). */
    sendCommand: emit((_, params: { command: EngineCommand }) => ({
      type: 'command' as const,
      command: params.command,
    })),
    assignPose: assign({
      pose: ({ context, event }) =>
        event.type === 'engine.reported' && event.event.type === 'cameraState'
          ? poseOf(event.event)
          : context.pose,
    }),
  },
  guards: {
    isPose: ({ event }) => event.type === 'engine.reported' && event.event.type === 'cameraState',
    arrived: ({ context, event }) => {
      if (event.type !== 'engine.reported' || event.event.type !== 'cameraState' || !context.walk)
        return false;
      const [x, , z] = event.event.position;
      return Math.hypot(x - context.walk.position[0], z - context.walk.position[2]) <= arrivedWithin;
    },
  },
  delays: { poll: pollMs, walkTimeout: walkTimeoutMs },
}).createMachine({
  id: 'viewerMap',
  type: 'parallel',
  context: { pose: null, chosenLevelId: null, walk: null },
  on: {
    'level.chosen': { actions: assign({ chosenLevelId: ({ event }) => event.levelId }) },
  },
  states: {
    poll: {
      initial: 'waiting',
      states: {
        waiting: {
          entry: {
            type: 'sendCommand',
            params: { command: { channel: 'Core', method: 'requestCameraState', payload: {} } },
          },
          after: { poll: { target: 'waiting', reenter: true } },
        },
      },
    },
    walk: {
      initial: 'still',
      states: {
        still: {
          on: {
            'engine.reported': { guard: 'isPose', actions: 'assignPose' },
            'walk.requested': { target: 'walking' },
          },
        },
        walking: {
          entry: [
            assign({
              walk: ({ event }) => (event.type === 'walk.requested' ? event.walk : null),
              // Walking to another level shows that level.
              chosenLevelId: () => null,
            }),
            {
              type: 'sendCommand',
              params: ({ event }) => {
                const walk = (event as Extract<ViewerMapEvent, { type: 'walk.requested' }>).walk;
                return {
                  command: {
                    channel: 'Viewer',
                    method: 'teleport',
                    payload: {
                      position: walk.position,
                      ...(walk.yaw !== undefined && { rotation: normalizeYaw(walk.yaw) }),
                    },
                  },
                };
              },
            },
          ],
          exit: assign({ walk: null }),
          on: {
            'engine.reported': [
              { guard: 'arrived', target: 'still', actions: 'assignPose' },
              { guard: 'isPose', actions: 'assignPose' },
            ],
            'walk.requested': { target: 'walking', reenter: true },
          },
          after: { walkTimeout: 'still' },
        },
      },
    },
  },
});

/** The pose of a `cameraState` event. */
export function poseOf(event: Extract<EngineEvent, { type: 'cameraState' }>): MapPose {
  return {
    x: event.position[0],
    y: event.position[1],
    z: event.position[2],
    yaw: event.yaw,
    levelId: event.levelId,
  };
}

export type ViewerMapActorRef = ActorRefFrom<typeof viewerMapMachine>;
