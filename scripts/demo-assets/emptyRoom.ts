import { type SceneContentInput, sceneContentVersion } from '../../contracts/sceneContent';

/**
 * An empty room: one level, four walls around an 8 × 8 m floor and nothing else. The plainest
 * custom space, for tests and as a starting point in the editor.
 */
export function buildEmptyRoom(): SceneContentInput {
  const half = 4;
  return {
    version: sceneContentVersion,
    customSpace: {
      levels: [
        {
          id: 'ground',
          name: 'Ground Level',
          elevation: 0,
          height: 4,
          walls: [
            { id: 'wall-north', from: [-half, -half], to: [half, -half], thickness: 0.2 },
            { id: 'wall-east', from: [half, -half], to: [half, half], thickness: 0.2 },
            { id: 'wall-south', from: [half, half], to: [-half, half], thickness: 0.2 },
            { id: 'wall-west', from: [-half, half], to: [-half, -half], thickness: 0.2 },
          ],
        },
      ],
    },
    // An eye position 2 m in from the south wall, looking north across the room.
    startingPosition: [0, 1.6, 2],
    startingRotation: 0,
  };
}
