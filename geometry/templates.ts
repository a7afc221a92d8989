import type { CustomSpace, Level, Opening, SpaceTemplateChoice, Wall } from '../contracts/sceneContent';
import { type SpaceTemplateFamilyId, spaceTemplateFamilies } from '../contracts/spaceTemplates';

/**
 * Premade rooms generated from their parameters (family, size, kind). Each family is a plan
 * recipe; sizes scale it; Premium rooms are taller, finished in wood and stone, and get more
 * features (partitions, a mezzanine). The result is an ordinary custom space, so premade rooms
 * are walked, lit and collided with exactly like the ones people draw. Rooms are centred on the
 * origin with the entrance on the south (+z) side.
 */

export const templateFamilies = spaceTemplateFamilies.map((f) => f.family);
type TemplateFamily = SpaceTemplateFamilyId;
export const defaultTemplateFamily: TemplateFamily = 'white-cube';

/** Outer size (x by z, metres) of each template size. */
export const templateSizes: Record<SpaceTemplateChoice['size'], [number, number]> = {
  S: [12, 9],
  M: [18, 12],
  L: [26, 16],
  XL: [34, 22],
};

const outerThickness = 0.3;
const innerThickness = 0.2;

interface Recipe {
  levels: Level[];
  materialOverrides?: CustomSpace['materialOverrides'];
}

const premiumMaterials: CustomSpace['materialOverrides'] = {
  floor: { color: '#b08a5e', roughness: 0.55, metalness: 0, tint: '#ffffff', base: 'wood' },
  wall: { color: '#f4f1ea', roughness: 0.9, metalness: 0, tint: '#ffffff', base: 'plaster' },
};

function level(id: string, name: string, elevation: number, height: number): Level {
  return { id, name, elevation, height, walls: [], openings: [], stairs: [] };
}

/** Four outer walls of a w×d rectangle centred on the origin; ids wall-<prefix>-{n,e,s,w}. */
function box(lv: Level, w: number, d: number, prefix = 'outer') {
  const x = w / 2;
  const z = d / 2;
  const add = (id: string, from: [number, number], to: [number, number]): Wall => {
    const wall: Wall = { id: `${lv.id}-${prefix}-${id}`, from, to, thickness: outerThickness };
    lv.walls.push(wall);
    return wall;
  };
  return {
    north: add('n', [-x, -z], [x, -z]),
    east: add('e', [x, -z], [x, z]),
    south: add('s', [x, z], [-x, z]),
    west: add('w', [-x, z], [-x, -z]),
  };
}

function open(
  lv: Level,
  wall: Wall,
  kind: Opening['kind'],
  center: number,
  width: number,
  height: number,
  sill = 0,
) {
  lv.openings.push({
    id: `${wall.id}-${kind}-${lv.openings.length}`,
    wallId: wall.id,
    kind,
    offset: center - width / 2,
    width,
    height,
    sill,
  });
}

const lengthOf = (w: Wall) => Math.hypot(w.to[0] - w.from[0], w.to[1] - w.from[1]);

/** Windows spread evenly along a wall, keeping clear of its ends. */
function windows(
  lv: Level,
  wall: Wall,
  kind: Opening['kind'],
  count: number,
  width: number,
  height: number,
  sill: number,
) {
  const length = lengthOf(wall);
  for (let i = 0; i < count; i++) open(lv, wall, kind, ((i + 0.5) * length) / count, width, height, sill);
}

function whiteCube(w: number, d: number, premium: boolean): Recipe {
  const h = premium ? 5 : 4;
  const g = level('ground', 'Ground Level', 0, h);
  const walls = box(g, w, d);
  open(g, walls.south, 'door-double', lengthOf(walls.south) / 2, 1.8, 2.4);
  windows(g, walls.north, 'window-top', Math.max(1, Math.round(w / 6)), 2, 0.8, h - 1.2);
  if (premium) {
    // Two free-standing partitions give more hanging space.
    const px = w / 4;
    for (const [i, x] of [-px, px].entries()) {
      g.walls.push({
        id: `ground-partition-${i}`,
        from: [x, -d / 6],
        to: [x, d / 6],
        thickness: innerThickness,
      });
    }
  }
  return { levels: [g], materialOverrides: premium ? premiumMaterials : undefined };
}

function enfilade(w: number, d: number, premium: boolean): Recipe {
  const h = premium ? 5 : 4;
  const g = level('ground', 'Ground Level', 0, h);
  const walls = box(g, w, d);
  open(g, walls.south, 'door-double', lengthOf(walls.south) / 2, 1.8, 2.4);
  const rooms = Math.max(2, Math.round(w / 8));
  for (let i = 1; i < rooms; i++) {
    const x = -w / 2 + (i * w) / rooms;
    const wall: Wall = {
      id: `ground-divider-${i}`,
      from: [x, -d / 2],
      to: [x, d / 2],
      thickness: innerThickness,
    };
    g.walls.push(wall);
    open(g, wall, premium ? 'door-double' : 'door-single', d / 2, premium ? 1.8 : 1.2, 2.4);
  }
  windows(g, walls.north, 'window-center', rooms, 1.6, 1.4, 1.2);
  return { levels: [g], materialOverrides: premium ? premiumMaterials : undefined };
}

function loft(w: number, d: number, premium: boolean): Recipe {
  const h = premium ? 5.5 : 4.5;
  const g = level('ground', 'Ground Level', 0, h);
  const walls = box(g, w, d);
  open(g, walls.south, 'door-double', lengthOf(walls.south) / 2, 1.8, 2.6);
  const count = Math.max(2, Math.round(w / 5));
  windows(g, walls.north, premium ? 'window-panoramic' : 'window-single', count, premium ? 3 : 1.4, 2.2, 1);
  for (let i = 0; i < Math.max(1, Math.round(w / 10)); i++) {
    const x = -w / 2 + ((i + 1) * w) / (Math.round(w / 10) + 1);
    g.walls.push({ id: `ground-screen-${i}`, from: [x, -d / 5], to: [x, d / 5], thickness: innerThickness });
  }
  return { levels: [g], materialOverrides: premium ? premiumMaterials : undefined };
}

function atrium(w: number, d: number, premium: boolean): Recipe {
  const h = premium ? 5 : 4;
  const g = level('ground', 'Ground Level', 0, h);
  const outer = box(g, w, d);
  open(g, outer.south, 'door-double', lengthOf(outer.south) / 2, 1.8, 2.4);
  windows(g, outer.east, 'window-center', Math.max(1, Math.round(d / 6)), 1.4, 1.4, 1.2);
  const u = level('upper', 'Upper Gallery', h, 4);
  const upper = box(u, w, d, 'outer');
  windows(u, upper.north, 'window-top', Math.max(1, Math.round(w / 6)), 2, 0.8, 2.8);
  // Straight stairs along the west wall, climbing north.
  const width = 1.4;
  g.stairs.push({
    id: 'ground-stairs',
    kind: premium ? 'U' : 'straight',
    turn: 'right',
    position: [-w / 2 + outerThickness / 2 + width / 2 + 0.1, 0, d / 2 - 1.5],
    rotation: 0,
    width,
    rise: h,
    toLevel: 'upper',
  });
  return { levels: [g, u], materialOverrides: premium ? premiumMaterials : undefined };
}

const recipes: Record<TemplateFamily, (w: number, d: number, premium: boolean) => Recipe> = {
  'white-cube': whiteCube,
  enfilade,
  loft,
  atrium,
};

export const isTemplateFamily = (family: string): family is TemplateFamily =>
  (templateFamilies as readonly string[]).includes(family);

/** The custom space a template choice stands for; an unknown family gets the default one. */
export function templateSpace(choice: SpaceTemplateChoice): CustomSpace {
  const family = isTemplateFamily(choice.family) ? choice.family : defaultTemplateFamily;
  const [w, d] = templateSizes[choice.size];
  const recipe = recipes[family](w, d, choice.kind === 'Premium');
  // Every template is a gallery: a darker room, light on the artworks.
  return { levels: recipe.levels, materialOverrides: recipe.materialOverrides ?? {}, lighting: 'gallery' };
}
