import type { SceneContentInput } from '../../contracts/sceneContent';
import { doorTest, entrance, levels, rooms, stairsFootprint } from './galleryPlan';
import { hangEvenly } from './hanging';
import type { PictureAsset } from './pictures';
import { createRandom } from './prng';
import { Shelf } from './shelf';
import { type Plan, alongWall, mountOnFace, round, roomFaces } from './walls';

/**
 * Everything the demo gallery hangs on its walls: 100 pictures, the videos, the web view and the
 * texts. Special pieces are placed first at chosen spots; the pictures then fill what is left.
 */

type Content = Required<Pick<SceneContentInput, 'pictures' | 'videos' | 'texts3d' | 'webViews3d'>>;

/** Height of a picture's centre above its level's floor. */
export const eyeLevel = 1.6;

const levelOf = (id: string) => levels.find((l) => l.id === id)!;

function shelves() {
  const all = rooms.flatMap((room) => {
    const level = levelOf(room.levelId);
    return roomFaces(room, level.walls).map((face) => new Shelf(face, level.openings));
  });
  const byKey = new Map(all.map((s) => [s.face.key, s]));
  const shelf = (roomId: string, side: string, wallId: string) => {
    const found = byKey.get(`${roomId}:${side}:${wallId}`);
    if (!found) throw new Error(`No face ${roomId}:${side}:${wallId}`);
    return found;
  };
  return { all, shelf };
}

/**
 * Picture sizes in metres: the long side 0.6–1.6 m, mostly under 1 m so that a hundred fit the
 * walls with room between them, keeping the JPEG's aspect.
 */
function pictureSizes(catalogue: PictureAsset[]) {
  const random = createRandom(77);
  const frameColors = ['#1c1c1c', '#f4f1ea', '#8a6a48', '#b8912f'];
  return catalogue.map((picture) => {
    const r = random.next();
    const long = round(
      r < 0.3
        ? random.range(0.6, 0.75)
        : r < 0.8
          ? random.range(0.75, 1.0)
          : r < 0.95
            ? random.range(1.0, 1.3)
            : random.range(1.3, 1.6),
      2,
    );
    const landscape = picture.width >= picture.height;
    const width = landscape ? long : round((long * picture.width) / picture.height);
    const height = landscape ? round((long * picture.height) / picture.width) : long;
    const frame = random.chance(0.4)
      ? { color: random.pick(frameColors), width: random.pick([0.04, 0.05, 0.06]) }
      : undefined;
    return { width, height, frame };
  });
}

export function wallContent(catalogue: PictureAsset[], videoUri: string | undefined): Content {
  const { all, shelf } = shelves();
  const at = (roomId: string, side: string, wallId: string, point: Plan, y: number) => {
    const s = shelf(roomId, side, wallId);
    return { shelf: s, mount: mountOnFace(s.face, alongWall(s.face.wall, point), y) };
  };
  const elevation = (levelId: string) => levelOf(levelId).elevation;

  // Stretches nothing hangs on: the entrance with the plants beside it, the wall the stairs run
  // along (on both levels), the wall behind the upper portal and the corners where plants stand.
  shelf('hall', 'south', 'wall-g-south').reserveBetween([entrance[0] - 2.7, 9], [entrance[0] + 2.7, 9]);
  const stairsSpan: [Plan, Plan] = [
    [-14, stairsFootprint.minZ - 0.3],
    [-14, stairsFootprint.maxZ + 0.3],
  ];
  shelf('hall', 'west', 'wall-g-west').reserveBetween(...stairsSpan);
  shelf('upper', 'west', 'wall-u-west').reserveBetween(...stairsSpan);
  shelf('upper', 'north', 'wall-u-north').reserveBetween([-10.8, -9], [-8.2, -9]);
  shelf('upper', 'west', 'wall-u-west').reserveBetween([-14, 7.4], [-14, 9]);
  shelf('upper', 'south', 'wall-u-south').reserveBetween([-14, 9], [-12.4, 9]);
  shelf('garden', 'south', 'wall-g-south').reserveBetween([12.4, 9], [14, 9]);
  shelf('garden', 'east', 'wall-g-east').reserveBetween([14, 7.4], [14, 9]);

  // Screens, placed before the pictures so the pictures make way for them.
  const videos: Content['videos'] = [];
  if (videoUri) {
    const loop = at('east', 'south', 'wall-g-garden-north', [3.3, 0], eyeLevel);
    loop.shelf.placeAtPoint([3.3, 0], 1.6);
    videos.push({
      id: 'video-loop',
      source: 'file',
      fileUri: videoUri,
      autoplay: true,
      loop: true,
      width: 1.6,
      height: 0.9,
      transform: loop.mount,
    });
  }
  const youtube = at('garden', 'north', 'wall-g-garden-north', [3.5, 0], eyeLevel);
  youtube.shelf.placeAtPoint([3.5, 0], 1.6);
  videos.push({
    id: 'video-youtube',
    source: 'youtube',
    youtubeId: 'aqz-KE-bpKQ',
    width: 1.6,
    height: 0.9,
    transform: youtube.mount,
  });
  const web = at('upper', 'east', 'wall-u-east', [0, -4], elevation('upper') + eyeLevel);
  web.shelf.placeAtPoint([0, -4], 1.6);
  const webViews3d: Content['webViews3d'] = [
    { id: 'webview-example', url: 'https://example.com/', width: 1.6, height: 1.0, transform: web.mount },
  ];

  // Texts hang above the picture band (which ends 2.4 m up), so they take no wall length.
  const texts3d: Content['texts3d'] = [
    {
      id: 'text-title',
      text: 'Spring Exhibition',
      font: 'Roboto',
      size: 120,
      bold: true,
      color: '#2b2d42',
      alignment: 'center',
      transform: at('hall', 'north', 'wall-g-north', [-7, -9], 3.15).mount,
    },
    {
      id: 'text-artists-link',
      text: 'About the artists',
      font: 'Roboto',
      size: 40,
      underline: true,
      color: '#1d3557',
      alignment: 'center',
      link: 'https://example.com/artists',
      transform: at('hall', 'north', 'wall-g-north', [-7, -9], 2.65).mount,
    },
    {
      id: 'text-label-east-gallery',
      text: 'East Gallery',
      font: 'Roboto',
      size: 50,
      fontTransform: 'UpperCase',
      color: '#3d405b',
      alignment: 'center',
      transform: at('hall', 'east', 'wall-g-hall-east', [0, -4.5], 2.8).mount,
    },
    {
      id: 'text-label-garden-room',
      text: 'Garden Room',
      font: 'Roboto',
      size: 50,
      color: '#3a5a40',
      alignment: 'center',
      outline: { width: 3, color: '#ffffff' },
      transform: at('hall', 'east', doorTest.wallId, doorTest.centre, 2.65).mount,
    },
    {
      id: 'text-label-upper-gallery',
      text: 'Upper Gallery',
      font: 'Roboto',
      size: 80,
      color: '#3d405b',
      alignment: 'center',
      dropShadow: { color: '#00000066', distance: 4 },
      transform: at('upper', 'north', 'wall-u-north', [-6, -9], elevation('upper') + 3.1).mount,
    },
  ];

  const sizes = pictureSizes(catalogue);
  const footprints = sizes.map((size) => size.width + 2 * (size.frame?.width ?? 0));
  const hung = hangEvenly(all, footprints);
  const pictures: Content['pictures'] = catalogue.map((picture, i) => {
    const { shelf: s, s: along } = hung[i];
    return {
      id: `picture-${String(picture.index).padStart(3, '0')}`,
      fileUri: picture.uri,
      title: picture.title,
      description: picture.description,
      width: sizes[i].width,
      height: sizes[i].height,
      transform: mountOnFace(s.face, along, elevation(s.face.levelId) + eyeLevel),
      ...(sizes[i].frame ? { frame: sizes[i].frame } : {}),
    };
  });

  return { pictures, videos, texts3d, webViews3d };
}
