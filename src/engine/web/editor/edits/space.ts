import {
  CustomSpace,
  defaultLevelName,
  defaultWallHeight,
  defaultWallThickness,
  type Level,
  type MaterialOverride,
  type Opening,
  placedObjectsOf,
  type SpaceTemplateChoice,
  type Stairs,
} from '../../../../../contracts/sceneContent';
import { themeById } from '../../../../../contracts/spaceThemes';
import { wallLength } from '../../../../../geometry/plan';
import { Batch, type Command, RemoveObjects, SetFields, SetSpace } from '../commands';
import type { EditorDocument } from '../document';
import { reject, type Rejection } from './rejection';

/**
 * Edits of the space: premade or custom, levels, walls, openings, stairs, surface materials. Each
 * returns the command that makes it, or why it cannot be made.
 */

export const minWallLength = 0.1;

/** Default sizes of what the opening tool places (metres; sill above the floor). */
export const openingDefaults: Record<Opening['kind'], { width: number; height: number; sill: number }> = {
  'door-single': { width: 1, height: 2.2, sill: 0 },
  'door-double': { width: 1.8, height: 2.4, sill: 0 },
  'window-single': { width: 1.2, height: 1.4, sill: 1 },
  'window-center': { width: 1.6, height: 1.4, sill: 1 },
  'window-top': { width: 2, height: 0.8, sill: 2.8 },
  'window-panoramic': { width: 3, height: 2.2, sill: 0.6 },
};

const clone = <T>(v: T): T => structuredClone(v);

function customSpaceOf(doc: EditorDocument): CustomSpace | Rejection {
  const space = doc.current.customSpace;
  return space
    ? clone(space)
    : reject('CONFLICT', 'This space is a premade room: switch to a custom space to build');
}

function levelIn(space: CustomSpace, levelId: string): Level | Rejection {
  return space.levels.find((l) => l.id === levelId) ?? reject('NOT_FOUND', `There is no level "${levelId}"`);
}

function setCustom(
  doc: EditorDocument,
  next: CustomSpace,
  label: string,
  mergeKey?: string,
): Command | Rejection {
  const checked = CustomSpace.safeParse(next);
  if (!checked.success) return reject('VALIDATION_FAILED', checked.error.issues[0].message);
  return new SetSpace(doc.space, { customSpace: checked.data, spaceTemplate: undefined }, label, mergeKey);
}

/** Everything placed on a level (standing between its floor and the next one up). */
export function objectsOnLevel(doc: EditorDocument, level: Level): string[] {
  return placedObjectsOf(doc.current)
    .filter(({ item }) => {
      const y = item.transform.position[1];
      return y >= level.elevation - 0.5 && y < level.elevation + level.height;
    })
    .map(({ item }) => item.id);
}

/** A fresh start: everything placed and every tour goes, and the entry point returns to the origin. */
function discardWork(doc: EditorDocument): Command[] {
  const ids = placedObjectsOf(doc.current).map(({ item }) => item.id);
  const c = doc.current;
  return [
    new RemoveObjects(ids),
    new SetFields(
      {
        guidedTours: c.guidedTours,
        startingPosition: c.startingPosition,
        startingRotation: c.startingRotation,
      },
      { guidedTours: [], startingPosition: [0, 1.6, 0], startingRotation: 0 },
      'Clear tours',
    ),
  ];
}

export function switchToTemplate(doc: EditorDocument, template: SpaceTemplateChoice): Command {
  return new Batch(
    [
      new SetSpace(doc.space, { customSpace: undefined, spaceTemplate: template }, 'Use premade room'),
      ...discardWork(doc),
    ],
    'Use premade room',
  );
}

export function switchToCustomSpace(doc: EditorDocument): Command {
  const customSpace: CustomSpace = {
    levels: [
      {
        id: doc.freshId('level'),
        name: defaultLevelName,
        elevation: 0,
        height: defaultWallHeight,
        walls: [],
        openings: [],
        stairs: [],
      },
    ],
    materialOverrides: {},
  };
  return new Batch(
    [
      new SetSpace(doc.space, { customSpace, spaceTemplate: undefined }, 'Use custom space'),
      ...discardWork(doc),
    ],
    'Use custom space',
  );
}

export function addLevel(
  doc: EditorDocument,
  name?: string,
): { command: Command; levelId: string } | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  const top = [...space.levels].sort((a, b) => b.elevation - a.elevation)[0];
  const id = doc.freshId('level');
  space.levels.push({
    id,
    name: name ?? `Level ${space.levels.length}`,
    elevation: top ? top.elevation + top.height : 0,
    height: defaultWallHeight,
    walls: [],
    openings: [],
    stairs: [],
  });
  const command = setCustom(doc, space, 'Add level');
  return 'rejected' in command ? command : { command, levelId: id };
}

export function renameLevel(doc: EditorDocument, levelId: string, name: string): Command | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  const level = levelIn(space, levelId);
  if ('rejected' in level) return level;
  level.name = name;
  return setCustom(doc, space, 'Rename level', `rename:${levelId}`);
}

/**
 * Removes a level with everything on it, and stairs that led to it. The only level cannot go (a
 * custom space has at least one): it is emptied instead (platform.md §4).
 */
export function removeLevel(doc: EditorDocument, levelId: string): Command | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  const level = levelIn(space, levelId);
  if ('rejected' in level) return level;
  const onIt = objectsOnLevel(doc, level);
  if (space.levels.length === 1) {
    space.levels = [
      {
        ...level,
        walls: [],
        openings: [],
        stairs: [],
        floorMaterialId: undefined,
        ceilingMaterialId: undefined,
      },
    ];
  } else {
    space.levels = space.levels.filter((l) => l.id !== levelId);
    for (const l of space.levels) l.stairs = l.stairs.filter((s) => s.toLevel !== levelId);
  }
  const setSpace = setCustom(doc, space, 'Delete level');
  if ('rejected' in setSpace) return setSpace;
  return onIt.length ? new Batch([setSpace, new RemoveObjects(onIt)], 'Delete level') : setSpace;
}

export function addWall(
  doc: EditorDocument,
  levelId: string,
  wall: {
    id?: string;
    from: [number, number];
    to: [number, number];
    thickness?: number;
    materialId?: string;
  },
): { command: Command; wallId: string } | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  const level = levelIn(space, levelId);
  if ('rejected' in level) return level;
  const id = wall.id && doc.isFree(wall.id) ? wall.id : doc.freshId('wall');
  const full = {
    id,
    from: wall.from,
    to: wall.to,
    thickness: wall.thickness ?? defaultWallThickness,
    materialId: wall.materialId,
  };
  if (wallLength(full) < minWallLength)
    return reject('VALIDATION_FAILED', 'A wall must be at least 10 cm long');
  level.walls.push(full);
  const command = setCustom(doc, space, 'Add wall');
  return 'rejected' in command ? command : { command, wallId: id };
}

/** Where an opening of a kind goes when placed at `along` metres from a wall's start (centred). */
export function openingAt(
  doc: EditorDocument,
  levelId: string,
  wallId: string,
  along: number,
  kind: Opening['kind'],
): Omit<Opening, 'id'> | Rejection {
  const level = doc.current.customSpace?.levels.find((l) => l.id === levelId);
  const wall = level?.walls.find((w) => w.id === wallId);
  if (!level || !wall) return reject('NOT_FOUND', 'There is no such wall on this level');
  const length = wallLength(wall);
  const defaults = openingDefaults[kind];
  const width = Math.min(defaults.width, length - 0.1);
  if (width < 0.4) return reject('VALIDATION_FAILED', 'This wall is too short for an opening');
  const height = Math.min(defaults.height, level.height - 0.1);
  const sill = Math.min(defaults.sill, Math.max(0, level.height - height - 0.1));
  const offset = Math.max(0, Math.min(length - width, along - width / 2));
  return { wallId, kind, offset, width, height, sill };
}

export function addOpening(
  doc: EditorDocument,
  levelId: string,
  opening: Omit<Opening, 'id'> & { id?: string },
): { command: Command; openingId: string } | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  const level = levelIn(space, levelId);
  if ('rejected' in level) return level;
  const overlaps = level.openings.some(
    (o) =>
      o.wallId === opening.wallId &&
      o.offset < opening.offset + opening.width &&
      opening.offset < o.offset + o.width,
  );
  if (overlaps) return reject('CONFLICT', 'This wall already has an opening there');
  const id =
    opening.id && doc.isFree(opening.id)
      ? opening.id
      : doc.freshId(opening.kind.startsWith('door') ? 'door' : 'window');
  level.openings.push({ ...opening, id });
  const command = setCustom(doc, space, opening.kind.startsWith('door') ? 'Add door' : 'Add window');
  return 'rejected' in command ? command : { command, openingId: id };
}

export function addStairs(
  doc: EditorDocument,
  levelId: string,
  stairs: Omit<Stairs, 'id' | 'rise' | 'toLevel'> & { id?: string; toLevel?: string },
): { command: Command; stairsId: string } | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  const level = levelIn(space, levelId);
  if ('rejected' in level) return level;
  const above = [...space.levels]
    .filter((l) => l.elevation > level.elevation)
    .sort((a, b) => a.elevation - b.elevation);
  const to = stairs.toLevel ? space.levels.find((l) => l.id === stairs.toLevel) : above[0];
  if (!to) return reject('CONFLICT', 'Stairs lead to the level above: add a level above this one first');
  const rise = to.elevation - level.elevation - stairs.position[1];
  if (rise <= 0) return reject('VALIDATION_FAILED', 'Stairs must lead up to a higher level');
  const id = stairs.id && doc.isFree(stairs.id) ? stairs.id : doc.freshId('stairs');
  level.stairs.push({ ...stairs, id, toLevel: to.id, rise });
  const command = setCustom(doc, space, 'Add stairs');
  return 'rejected' in command ? command : { command, stairsId: id };
}

/** Removes a wall (and the openings in it), an opening or stairs. */
export function removeElement(doc: EditorDocument, id: string): Command | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  for (const level of space.levels) {
    if (level.walls.some((w) => w.id === id)) {
      level.walls = level.walls.filter((w) => w.id !== id);
      level.openings = level.openings.filter((o) => o.wallId !== id);
      return setCustom(doc, space, 'Delete wall');
    }
    if (level.openings.some((o) => o.id === id)) {
      level.openings = level.openings.filter((o) => o.id !== id);
      return setCustom(doc, space, 'Delete opening');
    }
    if (level.stairs.some((s) => s.id === id)) {
      level.stairs = level.stairs.filter((s) => s.id !== id);
      return setCustom(doc, space, 'Delete stairs');
    }
  }
  return reject('NOT_FOUND', `There is no wall, opening or stairs "${id}"`);
}

export function setCustomSpace(doc: EditorDocument, customSpace: CustomSpace): Command | Rejection {
  return setCustom(doc, customSpace, 'Replace space');
}

// Surfaces --------------------------------------------------------------------------------------

/** The material id a brush paints with: the same brush always makes the same id. */
export function brushMaterialId(brush: MaterialOverride): string {
  const text = JSON.stringify([
    brush.base ?? '',
    brush.color,
    brush.tint,
    brush.textureUri ?? '',
    brush.roughness,
    brush.metalness,
  ]);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return `paint-${(h >>> 0).toString(36)}`;
}

export type Surface = { kind: 'wall'; wallId: string } | { kind: 'floor' | 'ceiling'; levelId: string };

/** Paints a surface with a brush, or (brush null) takes its paint off. */
export function paintSurface(
  doc: EditorDocument,
  surface: Surface,
  brush: MaterialOverride | null,
): Command | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  const materialId = brush ? brushMaterialId(brush) : undefined;
  if (brush && materialId) space.materialOverrides[materialId] = brush;
  let found = false;
  for (const level of space.levels) {
    if (surface.kind === 'wall') {
      const wall = level.walls.find((w) => w.id === surface.wallId);
      if (wall) {
        wall.materialId = materialId;
        found = true;
      }
    } else if (level.id === surface.levelId) {
      if (surface.kind === 'floor') level.floorMaterialId = materialId;
      else level.ceilingMaterialId = materialId;
      found = true;
    }
  }
  if (!found) return reject('NOT_FOUND', 'There is no such surface');
  return setCustom(doc, space, brush ? 'Paint surface' : 'Erase paint');
}

export function setMaterialOverride(
  doc: EditorDocument,
  materialId: string,
  override: MaterialOverride | null,
): Command | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  if (override) space.materialOverrides[materialId] = override;
  else delete space.materialOverrides[materialId];
  return setCustom(doc, space, 'Change material', `material:${materialId}`);
}

/** A theme sets the default materials and takes the paint off every surface. */
export function applyTheme(doc: EditorDocument, themeId: string): Command | Rejection {
  const theme = themeById(themeId);
  if (!theme) return reject('NOT_FOUND', `There is no theme "${themeId}"`);
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  for (const level of space.levels) {
    level.walls.forEach((w) => (w.materialId = undefined));
    level.floorMaterialId = undefined;
    level.ceilingMaterialId = undefined;
  }
  space.materialOverrides = { ...theme.materials };
  space.lighting = theme.lighting;
  return setCustom(doc, space, `Theme: ${theme.title}`);
}

export function setEnvironment(
  doc: EditorDocument,
  field: 'skyUri' | 'terrainUri',
  uri: string | null,
): Command | Rejection {
  const space = customSpaceOf(doc);
  if ('rejected' in space) return space;
  if (uri) space[field] = uri;
  else delete space[field];
  return setCustom(doc, space, field === 'skyUri' ? 'Change sky' : 'Change terrain');
}
