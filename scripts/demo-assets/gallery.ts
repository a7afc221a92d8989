import {
  type SceneContent,
  type SceneContentInput,
  parseSceneContent,
  sceneContentVersion,
} from '../../contracts/sceneContent';
import { floorContent, start } from './galleryFloor';
import { type LevelPlan, levels } from './galleryPlan';
import { wallContent } from './galleryWalls';
import type { ModelAsset } from './models';
import type { PictureAsset } from './pictures';
import { lookAt } from './walls';

/**
 * The "Spring Exhibition" demo gallery as a scene content document (version 2), built from the
 * plan in galleryPlan.ts and validated with the same parser the server uses.
 */

export interface GalleryInputs {
  pictures: PictureAsset[];
  models: ModelAsset[];
  chair: { objUri: string; mtlUri: string };
  /** The file video's url, when there is one. */
  videoUri: string | undefined;
}

const levelJson = (level: LevelPlan) => ({
  id: level.id,
  name: level.name,
  elevation: level.elevation,
  height: level.height,
  walls: level.walls.map(({ id, from, to, thickness }) => ({ id, from, to, thickness })),
  openings: level.openings,
  stairs: level.stairs,
});

/** A tour stop: an eye position and the camera angles that look at `target`. */
function tourPoint(
  id: string,
  order: number,
  title: string,
  description: string,
  eye: [number, number, number],
  target: [number, number, number],
) {
  const { yaw, pitch } = lookAt(eye, target);
  return {
    guidedTourPointId: id,
    order,
    title,
    description,
    position: eye,
    rotation: [pitch, yaw, 0] as [number, number, number],
    duration: 3,
  };
}

export function buildGallery(inputs: GalleryInputs): SceneContentInput {
  const walls = wallContent(inputs.pictures, inputs.videoUri);
  const floor = floorContent(inputs.models, inputs.chair);
  const position = (id: string) => {
    const found = [...walls.texts3d, ...floor.models3d].find((o) => o.id === id);
    if (!found) throw new Error(`No object ${id}`);
    return found.transform.position;
  };
  const above = (p: number[], dy: number): [number, number, number] => [p[0], p[1] + dy, p[2]];

  return {
    version: sceneContentVersion,
    customSpace: { levels: levels.map(levelJson) },
    linkable: true,
    links: [{ title: 'Exhibition catalogue', url: 'https://example.com/catalogue' }],
    startingPosition: start.position,
    startingRotation: start.yaw,
    guidedTours: [
      {
        guidedTourId: 'tour-highlights',
        title: 'Highlights',
        description: 'Three stops through the Spring Exhibition, from the Main Hall to the Upper Gallery.',
        public: true,
        points: [
          tourPoint(
            'tour-point-welcome',
            0,
            'Welcome',
            'The Main Hall opens the exhibition with its title wall and the largest paintings.',
            [-7, 1.6, 3],
            position('text-title'),
          ),
          tourPoint(
            'tour-point-mobile',
            1,
            'Turning Mobile',
            'Four painted discs turn slowly on a steel stand, once every twelve seconds.',
            [-6.5, 1.6, -0.8],
            above(position('model-mobile'), 1.0),
          ),
          tourPoint(
            'tour-point-figure',
            2,
            'Standing Figure',
            'Upstairs, a plaster figure greets visitors; click it to read about the artist.',
            [-7, 5.6, -1.5],
            above(position('model-abstract-figure'), 1.0),
          ),
        ],
      },
    ],
    ...walls,
    ...floor,
    liveVideos: [],
    atlasCount: 2,
  };
}

/** Parses `doc` as the server would and throws with every issue when it is not valid. */
export function validated(name: string, doc: SceneContentInput): SceneContent {
  const parsed = parseSceneContent(doc);
  if (!parsed.ok) {
    const issues = parsed.issues.map((i) => `  ${i.path || '(document)'}: ${i.message}`).join('\n');
    throw new Error(`${name} is not valid scene content:\n${issues}`);
  }
  return parsed.content;
}
