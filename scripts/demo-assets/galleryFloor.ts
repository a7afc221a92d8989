import type { SceneContentInput } from '../../contracts/sceneContent';
import { propById } from '../../src/engine/web/build/props';
import { type KeepClear, type Standing, assertFloorClear, assertLineOfSight } from './floorClearance';
import { doorTest, ground, levels, mainStairs, stairsFootprint, upper } from './galleryPlan';
import type { ModelAsset } from './models';
import { type Plan, round, yawTowards } from './walls';

/**
 * Everything the demo gallery stands on its floors: sculptures (on pedestals or on the floor),
 * benches and plants, the info points and the portal, checked against the areas that must stay
 * walkable.
 */

type Content = Required<Pick<SceneContentInput, 'models3d' | 'props' | 'infoPoints' | 'portals'>>;

/** Height of the built-in 'pedestal' prop's top: models on a pedestal stand this high. */
export const pedestalHeight = propById('pedestal').size[1];

/** Height of info points above their floor. */
const infoHeight = 1.4;

/** Where visitors start: an eye position just inside the entrance, looking north into the hall. */
export const start = { position: [-7, 1.6, 7.6] as [number, number, number], yaw: 0 };

interface Placement {
  name: string;
  levelId: string;
  at: Plan;
  pedestal: boolean;
  yaw?: number;
}

/** Nine sculptures and the OBJ chair; the copper ring stays in public/demo/models for other uses. */
const placements: Placement[] = [
  { name: 'mobile', levelId: 'ground', at: [-4, -4], pedestal: false },
  { name: 'twisted-column', levelId: 'ground', at: [-10, -4], pedestal: false },
  { name: 'torus-knot', levelId: 'ground', at: [-10, 0.5], pedestal: true },
  { name: 'stacked-spheres', levelId: 'ground', at: [-4, 0.5], pedestal: false },
  { name: 'lathe-vase', levelId: 'ground', at: [4, -6.8], pedestal: true },
  { name: 'cube-stack', levelId: 'ground', at: [10.5, -5.5], pedestal: false, yaw: 20 },
  { name: 'chair', levelId: 'ground', at: [4, 7.2], pedestal: false, yaw: 160 },
  { name: 'icosahedron-cluster', levelId: 'ground', at: [10, 5], pedestal: true },
  { name: 'arch', levelId: 'upper', at: [-7, 1], pedestal: false },
  { name: 'abstract-figure', levelId: 'upper', at: [-4, -3.5], pedestal: false, yaw: 300 },
];

const elevationOf = (levelId: string) => levels.find((l) => l.id === levelId)!.elevation;
const on = (levelId: string, [x, z]: Plan, height = 0): [number, number, number] => [
  x,
  round(elevationOf(levelId) + height),
  z,
];
const transform = (position: [number, number, number], yaw = 0) => ({
  position,
  rotation: [0, yaw, 0] as [number, number, number],
  scale: [1, 1, 1] as [number, number, number],
});
/** The yaw that turns a flat object at `from` to face a visitor at `towards`. */
const facing = (from: Plan, towards: Plan) => yawTowards([towards[0] - from[0], towards[1] - from[1]]);

export function floorContent(models: ModelAsset[], chair: { objUri: string; mtlUri: string }): Content {
  const models3d: Content['models3d'] = placements.map((p) => {
    const common = {
      id: `model-${p.name}`,
      transform: transform(on(p.levelId, p.at, p.pedestal ? pedestalHeight : 0), p.yaw ?? 0),
      collision: 'simple' as const,
    };
    if (p.name === 'chair') return { ...common, format: 'obj', fileUri: chair.objUri, mtlUri: chair.mtlUri };
    const asset = models.find((m) => m.name === p.name);
    if (!asset) throw new Error(`No model named ${p.name}`);
    return {
      ...common,
      format: 'glb',
      fileUri: asset.uri,
      ...(asset.clips.includes('Spin')
        ? { animated: true, autoplay: true, loop: true, animationClip: 'Spin' }
        : {}),
      ...(p.name === 'abstract-figure'
        ? { clickable: true, externalLink: 'https://example.com/artist' }
        : {}),
    };
  });

  const prop = (id: string, propId: string, levelId: string, at: Plan, yaw = 0) => ({
    id,
    propId,
    transform: transform(on(levelId, at), yaw),
  });
  const props: Content['props'] = [
    ...placements
      .filter((p) => p.pedestal)
      .map((p) => prop(`prop-pedestal-${p.name}`, 'pedestal', p.levelId, p.at)),
    prop('prop-bench-hall', 'bench', 'ground', [-7, -6.3]),
    prop('prop-bench-east', 'bench', 'ground', [7, -5.8]),
    prop('prop-bench-garden', 'bench', 'ground', [8, 6.5], 90),
    prop('prop-plant-entrance-west', 'plant', 'ground', [-9.2, 8.2]),
    prop('prop-plant-entrance-east', 'plant', 'ground', [-4.8, 8.2]),
    prop('prop-plant-garden', 'plant', 'ground', [13.2, 8.2]),
    prop('prop-rope-barrier-mobile', 'rope-barrier', 'ground', [-4, -2.4]),
    prop('prop-plant-upper', 'plant', 'upper', [-13.2, 8.2]),
    prop('prop-sofa-upper', 'sofa', 'upper', [-7, 6.2], 180),
    prop('prop-floor-lamp-upper', 'floor-lamp', 'upper', [-5.4, 6.5]),
  ];

  const info = (id: string, title: string, text: string, levelId: string, at: Plan, towards: Plan) => ({
    id,
    title,
    text,
    transform: transform(on(levelId, at, infoHeight), facing(at, towards)),
  });
  const startPlan: Plan = [start.position[0], start.position[2]];
  const stairsTop: Plan = [mainStairs.position[0], stairsFootprint.minZ];
  const infoPoints: Content['infoPoints'] = [
    info(
      'info-welcome',
      'Welcome to the Spring Exhibition',
      'One hundred new works by twelve artists fill three rooms and the upper gallery. Start in the Main Hall, then walk on through the East Gallery and the Garden Room. The stairs on your left lead to the upper gallery.',
      'ground',
      [-5.5, 4.5],
      startPlan,
    ),
    info(
      'info-garden',
      'The Garden Room',
      'Works about growth and light: botanical prints, landscapes and colour fields. The chair by the window is a study piece you may look at but not sit on.',
      'ground',
      [10.5, 2.2],
      [7, 0.1],
    ),
    info(
      'info-upper',
      'Upper Gallery',
      'Quieter pieces hang up here. The portal at the far end takes you to the Welcome Hall, another space on this platform.',
      'upper',
      [-11, -3.4],
      stairsTop,
    ),
  ];

  const portalAt: Plan = [-9.5, -7.6];
  const portals: Content['portals'] = [
    {
      id: 'portal-welcome-hall',
      targetSceneId: 'welcome-hall',
      label: 'To the Welcome Hall',
      // Centred 1.1 m above the floor, facing south into the room (yaw 0 faces +z).
      transform: transform(on('upper', portalAt, 1.1), 0),
    },
  ];

  checkFloor(models, models3d, props, infoPoints, portalAt, startPlan);
  return { models3d, props, infoPoints, portals };
}

/** Rough footprints of the built-in props, for the clearance checks. */
const propRadius: Record<string, number> = {
  pedestal: 0.45,
  bench: 0.9,
  plant: 0.4,
  sofa: 1.1,
  'floor-lamp': 0.3,
  'rope-barrier': 0.9,
};

function checkFloor(
  models: ModelAsset[],
  models3d: Content['models3d'],
  props: Content['props'],
  infoPoints: Content['infoPoints'],
  portalAt: Plan,
  startPlan: Plan,
): void {
  // Everything here stands on a floor, so its height tells the level apart (upper is 4 m up).
  const levelAt = (y: number) => (y >= upper.elevation - 0.5 ? upper.id : ground.id);
  const plan = (t: { position: number[] }): Plan => [t.position[0], t.position[2]];
  const things: Standing[] = [
    ...models3d.map((m) => {
      const size = models.find((a) => a.uri === m.fileUri)?.size ?? [0.6, 1, 0.6];
      return {
        id: m.id,
        levelId: levelAt(m.transform.position[1]),
        at: plan(m.transform),
        radius: Math.hypot(size[0], size[2]) / 2,
      };
    }),
    ...props.map((p) => ({
      id: p.id,
      levelId: levelAt(p.transform.position[1]),
      at: plan(p.transform),
      radius: propRadius[p.propId],
    })),
    ...infoPoints.map((i) => ({
      id: i.id,
      levelId: levelAt(i.transform.position[1] - infoHeight),
      at: plan(i.transform),
      radius: 0.3,
    })),
    // The portal is a thin upright frame: what matters is the floor in front of it.
    { id: 'portal-welcome-hall', levelId: upper.id, at: portalAt, radius: 0.1 },
  ];
  const s = stairsFootprint;
  const zones: KeepClear[] = [
    {
      why: `on both sides of ${doorTest.id}`,
      levelId: ground.id,
      rect: {
        minX: -doorTest.clearDepth - 0.1,
        maxX: doorTest.clearDepth + 0.1,
        minZ: doorTest.centre[1] - 1,
        maxZ: doorTest.centre[1] + 1,
      },
    },
    { why: 'on the stairs', levelId: ground.id, rect: s },
    { why: 'in front of the stairs', levelId: ground.id, rect: { ...s, minZ: s.maxZ, maxZ: s.maxZ + 3 } },
    { why: 'over the stairwell', levelId: upper.id, rect: s },
    { why: 'at the top of the stairs', levelId: upper.id, rect: { ...s, minZ: s.minZ - 2.5, maxZ: s.minZ } },
    {
      why: 'in front of the portal',
      levelId: upper.id,
      rect: {
        minX: portalAt[0] - 0.8,
        maxX: portalAt[0] + 0.8,
        minZ: portalAt[1] + 0.15,
        maxZ: portalAt[1] + 2.65,
      },
    },
    {
      why: 'inside the entrance',
      levelId: ground.id,
      rect: { minX: -8, maxX: -6, minZ: 6, maxZ: 9 },
    },
    {
      why: 'by the east gallery door',
      levelId: ground.id,
      rect: { minX: -1.5, maxX: 1.5, minZ: -5.5, maxZ: -3.5 },
    },
    { why: 'by the garden door', levelId: ground.id, rect: { minX: 6, maxX: 8, minZ: -1.5, maxZ: 1.5 } },
  ];
  assertFloorClear(zones, things);
  assertLineOfSight(ground.id, startPlan, plan(infoPoints[0].transform), things, ['info-welcome']);
}
