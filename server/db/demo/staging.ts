import { templateFootprints } from '../../../contracts/premadeSpaces';
import type { SceneContent, SpaceTemplateChoice } from '../../../contracts/sceneContent';
import { DocumentBuilder } from './document';
import { type Face, type Interval, type Plan, Room } from './room';

/** Pictures that read well small: strong shapes and colours. */
const samplePictures = [2, 6, 0, 16, 22, 3, 13, 9, 30, 42, 21, 58, 86, 19, 66, 35, 50, 94, 25, 87];

/**
 * A premade room staged for its catalogue photo (scripts/render-template-covers.ts): sample
 * pictures along its walls and a bench, so the photo shows the room's scale and light. Nothing
 * else of a document is set but the room and its starting point.
 */
export function stagedTemplate(choice: SpaceTemplateChoice): SceneContent {
  const room = new Room(choice);
  const doc = new DocumentBuilder(room);
  const large = choice.size === 'L' || choice.size === 'XL';
  const options = { size: large ? 1.3 : 1, spacing: large ? 3.2 : 2.4 };
  let next = ['S', 'M', 'L', 'XL'].indexOf(choice.size) * 5;
  const fill = (face: Face, range?: Interval) => {
    next += doc.fill(face, samplePictures, next, { ...options, range });
  };
  const walls = room.level().walls.map((w) => w.id.replace(/^ground-/, ''));
  for (const wall of ['outer-n', 'outer-e', 'outer-w']) fill(room.face(wall));
  for (const wall of walls.filter((w) => !w.startsWith('outer-'))) {
    // Partitions, dividers and screens: both faces.
    fill(room.face(wall, 1));
    fill(room.face(wall, -1));
  }
  if (room.space.levels.some((l) => l.id === 'upper')) {
    for (const wall of ['outer-n', 'outer-e']) fill(room.face(wall, 1, 'upper'));
  }
  const { width, depth } = templateFootprints[choice.size];
  const bench: Plan = choice.family === 'enfilade' ? [-width / 2 + 3, -depth / 4] : [width / 8, -depth / 8];
  doc.prop('bench', bench);
  return doc.build();
}
