import { z } from 'zod';
import {
  between,
  Color,
  coordinate,
  list,
  nonNegative,
  ObjectId,
  positive,
  sceneContentLimits,
  tooManyMessage,
  Uri,
  Vec2,
  Vec3,
} from './sceneFields';

/**
 * The space of a scene content document (contracts/sceneContent.ts): a custom space built level
 * by level (walls, doors and windows, stairs, surface materials), or a premade room chosen by
 * family and size.
 */

export const unknownWallMessage = (wallId: string) => `No wall with id "${wallId}" on this level`;
export const unknownLevelMessage = (levelId: string) => `No level with id "${levelId}"`;
export const openingOutsideWallMessage = 'The opening does not fit within its wall';
export const stairsRiseMessage = (rise: number, difference: number) =>
  `The stairs climb ${rise} m but the level they lead to is ${difference} m higher`;

export const defaultWallHeight = 4;
export const defaultWallThickness = 0.2;
export const defaultLevelName = 'Ground Level';

export const openingKinds = [
  'door-single',
  'door-double',
  'window-single',
  'window-center',
  'window-top',
  'window-panoramic',
] as const;
export const stairsKinds = ['straight', 'L', 'U'] as const;
export const stairsTurns = ['left', 'right'] as const;
/** A space's lighting mood (CustomSpace.lighting). */
export const lightingMoods = ['gallery', 'daylight'] as const;

export const Wall = z
  .object({
    id: ObjectId,
    from: Vec2,
    to: Vec2,
    thickness: positive(10).default(defaultWallThickness),
    materialId: ObjectId.optional(),
  })
  .meta({ id: 'Wall' });
export type Wall = z.infer<typeof Wall>;

export const Opening = z
  .object({
    id: ObjectId,
    wallId: ObjectId,
    kind: z.enum(openingKinds),
    /** Distance from the wall's `from` end to the opening's near edge. */
    offset: nonNegative(),
    width: positive(),
    height: positive(),
    /** Height of the opening's bottom edge above the level's floor (0 for doors). */
    sill: nonNegative().default(0),
  })
  .meta({ id: 'Opening' });
export type Opening = z.infer<typeof Opening>;

/**
 * Stairs start at `position` (the middle of the first step's front edge; y is the height above the
 * level's floor, normally 0) and climb in the direction of `rotation` (a yaw). 'L' stairs turn 90°
 * after a landing half-way up and 'U' stairs 180°, to the side `turn` names.
 */
export const Stairs = z
  .object({
    id: ObjectId,
    kind: z.enum(stairsKinds),
    turn: z.enum(stairsTurns).default('left'),
    position: Vec3,
    /** Yaw in degrees. */
    rotation: between(0, 360).default(0),
    width: positive(20),
    /** Height climbed, in metres. */
    rise: positive(100),
    /** The level the stairs lead to. */
    toLevel: ObjectId,
  })
  .meta({ id: 'Stairs' });
export type Stairs = z.infer<typeof Stairs>;

/**
 * A storey of a custom space. Walls are segments on the plan, centred on their line. The floor
 * covers the rectangle that bounds the level's walls (or, with no walls, the level below's),
 * with a stairwell cut wherever stairs arrive from below.
 */
export const Level = z
  .object({
    id: ObjectId,
    name: z.string().trim().min(1).max(100).default(defaultLevelName),
    /** Height of the floor above ground. */
    elevation: coordinate().default(0),
    /** Wall height (platform.md §9: 4 m). */
    height: positive(100).default(defaultWallHeight),
    walls: list(Wall).default([]),
    openings: list(Opening).default([]),
    stairs: list(Stairs).default([]),
    /** Materials of this level's floor and ceiling (default 'floor' and 'ceiling'). */
    floorMaterialId: ObjectId.optional(),
    ceilingMaterialId: ObjectId.optional(),
  })
  .superRefine((level, ctx) => {
    const walls = new Map(level.walls.map((w) => [w.id, w]));
    level.openings.forEach((opening, i) => {
      const wall = walls.get(opening.wallId);
      if (!wall) {
        ctx.addIssue({
          code: 'custom',
          path: ['openings', i, 'wallId'],
          message: unknownWallMessage(opening.wallId),
        });
        return;
      }
      const length = Math.hypot(wall.to[0] - wall.from[0], wall.to[1] - wall.from[1]);
      if (opening.offset + opening.width > length + 1e-6) {
        ctx.addIssue({ code: 'custom', path: ['openings', i, 'width'], message: openingOutsideWallMessage });
      }
    });
  })
  .meta({ id: 'Level' });
export type Level = z.infer<typeof Level>;

export const MaterialOverride = z
  .object({
    /** A built-in finish ('wood', 'brick', ...) this material starts from, keeping its pattern. */
    base: ObjectId.optional(),
    color: Color,
    textureUri: Uri.optional(),
    roughness: between(0, 1).default(0.5),
    metalness: between(0, 1).default(0),
    tint: Color.default('#ffffff'),
  })
  .meta({ id: 'MaterialOverride' });
export type MaterialOverride = z.infer<typeof MaterialOverride>;

export const CustomSpace = z
  .object({
    levels: z
      .array(Level)
      .min(1, 'A custom space has at least one level')
      .max(sceneContentLimits.levels, tooManyMessage(sceneContentLimits.levels)),
    /** Material id → override. */
    materialOverrides: z.record(ObjectId, MaterialOverride).default({}),
    skyUri: Uri.optional(),
    terrainUri: Uri.optional(),
    /**
     * The lighting mood (from the space's theme): 'gallery' dims the room and lets the light on
     * the artworks stand out; 'daylight' (the default) lights the room evenly.
     */
    lighting: z.enum(lightingMoods).optional(),
  })
  .superRefine((space, ctx) => {
    const levels = new Map(space.levels.map((l) => [l.id, l]));
    space.levels.forEach((level, li) =>
      level.stairs.forEach((stairs, si) => {
        const to = levels.get(stairs.toLevel);
        if (!to) {
          ctx.addIssue({
            code: 'custom',
            path: ['levels', li, 'stairs', si, 'toLevel'],
            message: unknownLevelMessage(stairs.toLevel),
          });
          return;
        }
        const difference = to.elevation - level.elevation - stairs.position[1];
        if (Math.abs(difference - stairs.rise) > 0.01) {
          ctx.addIssue({
            code: 'custom',
            path: ['levels', li, 'stairs', si, 'rise'],
            message: stairsRiseMessage(stairs.rise, Math.round(difference * 100) / 100),
          });
        }
      }),
    );
  })
  .meta({ id: 'CustomSpace' });
export type CustomSpace = z.infer<typeof CustomSpace>;

export const spaceTemplateSizes = ['S', 'M', 'L', 'XL'] as const;
export const spaceTemplateKinds = ['Standard', 'Premium'] as const;

export const SpaceTemplateChoice = z
  .object({
    /** The space template family id. */
    family: ObjectId,
    size: z.enum(spaceTemplateSizes),
    kind: z.enum(spaceTemplateKinds).default('Standard'),
  })
  .meta({ id: 'SpaceTemplateChoice' });
export type SpaceTemplateChoice = z.infer<typeof SpaceTemplateChoice>;
