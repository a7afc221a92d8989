import { z } from 'zod';
import {
  SceneContent,
  sceneContentVersion,
  type SpaceTemplateChoice,
  spaceTemplateKinds,
  spaceTemplateSizes,
} from './sceneContent';
import { spaceCostTable } from './spaceCost';
import { type SpaceTemplateFamilyId, spaceTemplateFamilies } from './spaceTemplates';

/**
 * The premade catalogue (districts-commerce-spaces.md §2 'Premade spaces', §3 'Space template
 * family', 'Space template'; platform.md §2.6 'premade spaces', Standard and Premium): one config
 * table the asset service answers from and the district wizard and the editor show.
 *
 * - A **family** is one of the room recipes the engine generates (contracts/spaceTemplates.ts);
 *   its id is the family id a document's `spaceTemplate.family` holds.
 * - A **template** is a family in one size (S, M, L, XL) and one kind (Standard or Premium): exactly
 *   what a document's `spaceTemplate` choice names, so every choice the editor can make is one
 *   catalogue entry with one price and one district item. 4 families × 4 sizes × 2 kinds = 32.
 * - A **premade scene** is a template as a ready-to-load document: the room, nothing in it yet,
 *   and a starting point just inside the entrance.
 *
 * Ids are stable, readable slugs (not made by the server): they are configuration, referenced by
 * district items, carts and documents, and must not change between installs.
 */

export type SpaceTemplateSize = (typeof spaceTemplateSizes)[number];
export type SpaceTemplateKind = (typeof spaceTemplateKinds)[number];

/**
 * Outer size (x by z, metres) of a room of each size. The engine generates the rooms
 * (geometry/templates.ts, `templateSizes`); a test keeps the two equal.
 */
export const templateFootprints: Record<SpaceTemplateSize, { width: number; depth: number }> = {
  S: { width: 12, depth: 9 },
  M: { width: 18, depth: 12 },
  L: { width: 26, depth: 16 },
  XL: { width: 34, depth: 22 },
};

/** Storeys of each family (the atrium has an upper gallery reached by stairs). */
export const templateLevels: Record<SpaceTemplateFamilyId, number> = {
  'white-cube': 1,
  enfilade: 1,
  loft: 1,
  atrium: 2,
};

export const templateSizeNames: Record<SpaceTemplateSize, string> = {
  S: 'Small',
  M: 'Medium',
  L: 'Large',
  XL: 'Extra large',
};

/**
 * District prices in credits, the one price table of the catalogue. How the numbers are made (a
 * test recomputes them, so change the rule and the table together):
 * - Standard rooms cost 0.4 credits per square metre of floor, rounded to tens: floor is what a
 *   district pays for (more wall to hang on, more visitors at once), and S 40 … XL 300 keeps the
 *   smallest room cheaper than one credit bundle while the largest stays a considered purchase.
 * - Premium adds 100, the same as `spaceCostTable.template.Premium`, so a Premium room costs the
 *   same extra whether it is bought for a district or paid for when a space is published.
 * - Every storey beyond the first adds 50, `spaceCostTable.extraLevel`, as an extra level of a
 *   custom space does: the atrium's upper gallery.
 */
export const templatePrices: Record<
  SpaceTemplateFamilyId,
  Record<SpaceTemplateSize, Record<SpaceTemplateKind, number>>
> = {
  'white-cube': {
    S: { Standard: 40, Premium: 140 },
    M: { Standard: 90, Premium: 190 },
    L: { Standard: 170, Premium: 270 },
    XL: { Standard: 300, Premium: 400 },
  },
  enfilade: {
    S: { Standard: 40, Premium: 140 },
    M: { Standard: 90, Premium: 190 },
    L: { Standard: 170, Premium: 270 },
    XL: { Standard: 300, Premium: 400 },
  },
  loft: {
    S: { Standard: 40, Premium: 140 },
    M: { Standard: 90, Premium: 190 },
    L: { Standard: 170, Premium: 270 },
    XL: { Standard: 300, Premium: 400 },
  },
  atrium: {
    S: { Standard: 90, Premium: 190 },
    M: { Standard: 140, Premium: 240 },
    L: { Standard: 220, Premium: 320 },
    XL: { Standard: 350, Premium: 450 },
  },
};

/** The pricing rule of `templatePrices`, for the test that keeps the table honest. */
export const templatePriceRule = {
  creditsPerSquareMetre: 0.4,
  premium: spaceCostTable.template.Premium,
  extraLevel: spaceCostTable.extraLevel,
} as const;

/** Longer descriptions for the wizard's detail view. */
const familyDescriptions: Record<SpaceTemplateFamilyId, string> = {
  'white-cube':
    'One bright rectangular room with clerestory windows high on the north wall and a double door ' +
    'on the south: the classic gallery box, with nothing to distract from what hangs on its walls. ' +
    'Premium rooms are a metre taller, floored in warm oak and get two free-standing partitions ' +
    'for more hanging space.',
  enfilade:
    'A row of rooms joined by aligned doorways, so the view runs through the whole suite, as in a ' +
    'palace or a museum wing. Each room has its own window to the north; good for chapters of a ' +
    'story, one room each. Premium rooms are taller, in oak, with wide double doorways.',
  loft:
    'A tall industrial hall with a row of windows along the north side and free-standing screens ' +
    'down the middle: light, open and flexible, for launches, fairs and studio shows. Premium ' +
    'lofts are taller still, with panoramic glazing and oak floors.',
  atrium:
    'Two storeys joined by a staircase by the entrance: a ground floor with windows to the east ' +
    'and an upper gallery with clerestory light. Room for a main show downstairs and a quieter ' +
    'one above. Premium atriums turn the stairs into a U with a landing and finish both floors in ' +
    'oak.',
};

// ---------------------------------------------------------------------------------------------
// Ids and pictures

export const spaceTemplateIdOf = (choice: Pick<SpaceTemplateChoice, 'family' | 'size' | 'kind'>) =>
  `${choice.family}-${choice.size.toLowerCase()}-${choice.kind.toLowerCase()}`;
export const districtItemIdOf = (spaceTemplateId: string) => `district-item-${spaceTemplateId}`;

/** Where the rendered covers live (made by `npm run template-covers`, scripts/render-template-covers.ts). */
export const templateCoverDir = '/demo/templates';
export const templateCoverOf = (choice: Pick<SpaceTemplateChoice, 'family' | 'size' | 'kind'>) =>
  `${templateCoverDir}/${choice.family}-${choice.size.toLowerCase()}${choice.kind === 'Premium' ? '-premium' : ''}.jpg`;
/** Shots per family in its photo gallery. */
export const familyGallerySize = 3;
export const familyGalleryOf = (family: string) =>
  Array.from({ length: familyGallerySize }, (_, i) => `${templateCoverDir}/${family}-gallery-${i + 1}.jpg`);

// ---------------------------------------------------------------------------------------------
// Schemas of the answers

const Id = z.string().min(1).max(100);

export const SpaceTemplateFamily = z
  .object({
    spaceTemplateFamilyId: Id.describe('The family id, as in a document’s spaceTemplate.family'),
    title: z.string(),
    description: z.string(),
    coverPhoto: z.string().describe('URL of the cover image'),
    photoGallery: z.array(z.string()).describe('URLs of the gallery images'),
  })
  .meta({ id: 'SpaceTemplateFamily' });
export type SpaceTemplateFamily = z.infer<typeof SpaceTemplateFamily>;

export const SpaceTemplate = z
  .object({
    spaceTemplateId: Id,
    spaceTemplateFamilyId: Id,
    title: z.string(),
    size: z.enum(spaceTemplateSizes),
    kind: z.enum(spaceTemplateKinds),
    districtPrice: z.number().int().min(0).describe('Price in credits when bought for a district'),
    districtItemId: Id.describe('The district item that sells this template'),
    coverPhoto: z.string().describe('URL of the cover image'),
    width: z.number().describe('Outer size along x, in metres'),
    depth: z.number().describe('Outer size along z, in metres'),
    levels: z.number().int().min(1).describe('Storeys'),
  })
  .meta({ id: 'SpaceTemplate' });
export type SpaceTemplate = z.infer<typeof SpaceTemplate>;

export const PremadeScene = z
  .object({
    spaceTemplateId: Id,
    title: z.string(),
    content: SceneContent.describe('A ready-to-load document: the room, empty, with a starting point'),
  })
  .meta({ id: 'PremadeScene' });
export type PremadeScene = z.infer<typeof PremadeScene>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), cp: z.number().int(), ipp: z.number().int(), total: z.number().int() });

export const SpaceTemplateFamilyPage = page(SpaceTemplateFamily).meta({ id: 'SpaceTemplateFamilyPage' });
export type SpaceTemplateFamilyPage = z.infer<typeof SpaceTemplateFamilyPage>;
export const SpaceTemplatePage = page(SpaceTemplate).meta({ id: 'SpaceTemplatePage' });
export type SpaceTemplatePage = z.infer<typeof SpaceTemplatePage>;
export const PremadeScenePage = page(PremadeScene).meta({ id: 'PremadeScenePage' });
export type PremadeScenePage = z.infer<typeof PremadeScenePage>;

const cp = z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0');
const ipp = z.coerce.number().int().min(1).max(100).default(9).describe('Items per page');

export const SpaceTemplateFamilyQuery = z.object({
  title: z.string().trim().max(100).default('').describe('Part of the title (case-insensitive)'),
  cp,
  ipp,
});
export type SpaceTemplateFamilyQuery = z.input<typeof SpaceTemplateFamilyQuery>;

export const SpaceTemplateQuery = z.object({
  spaceTemplateFamily: Id.optional().describe('Only the templates of this family (all when absent)'),
  size: z.enum(spaceTemplateSizes).optional(),
  kind: z.enum(spaceTemplateKinds).optional(),
  cp,
  ipp,
});
export type SpaceTemplateQuery = z.input<typeof SpaceTemplateQuery>;

export const PremadeSceneQuery = z.object({
  spaceTemplateFamily: Id.optional().describe('Only the rooms of this family (all when absent)'),
  cp,
  ipp,
});
export type PremadeSceneQuery = z.input<typeof PremadeSceneQuery>;

export const CatalogueIdParams = z.object({ id: Id.describe('The id') });

// ---------------------------------------------------------------------------------------------
// The catalogue

export const premadeFamilies: readonly SpaceTemplateFamily[] = spaceTemplateFamilies.map((f) => ({
  spaceTemplateFamilyId: f.family,
  title: f.title,
  description: familyDescriptions[f.family],
  coverPhoto: templateCoverOf({ family: f.family, size: 'L', kind: 'Standard' }),
  photoGallery: familyGalleryOf(f.family),
}));

export const premadeTemplates: readonly SpaceTemplate[] = spaceTemplateFamilies.flatMap((f) =>
  spaceTemplateSizes.flatMap((size) =>
    spaceTemplateKinds.map((kind): SpaceTemplate => {
      const spaceTemplateId = spaceTemplateIdOf({ family: f.family, size, kind });
      return {
        spaceTemplateId,
        spaceTemplateFamilyId: f.family,
        title: `${f.title} ${size}${kind === 'Premium' ? ' Premium' : ''}`,
        size,
        kind,
        districtPrice: templatePrices[f.family][size][kind],
        districtItemId: districtItemIdOf(spaceTemplateId),
        coverPhoto: templateCoverOf({ family: f.family, size, kind }),
        ...templateFootprints[size],
        levels: templateLevels[f.family],
      };
    }),
  ),
);

/** Eye height of a visitor standing on the floor. */
const eyeHeight = 1.6;

/**
 * Where a visitor starts in a premade room, facing the main wall, the north one, which every
 * family keeps free of doors and where pictures are hung first:
 * - most families: 1.5 m inside the south entrance, looking north over the whole room;
 * - an enfilade (a row of rooms joined by doorways on their middle line): in the first, western
 *   room, far enough from its north wall that the wall's width fills the view, looking north.
 *   (Looking east along the doorways showed the first divider, a bare wall.)
 *
 * Keep the enfilade's room count equal to the recipe's (geometry/templates.ts `enfilade`).
 */
export function premadeStart(choice: Pick<SpaceTemplateChoice, 'family' | 'size'>): {
  startingPosition: [number, number, number];
  startingRotation: number;
} {
  const { width, depth } = templateFootprints[choice.size];
  if (choice.family === 'enfilade') {
    const rooms = Math.max(2, Math.round(width / 8));
    const roomWidth = width / rooms;
    // About 0.55 × the wall's width away, a 70° view (wider across) takes in the whole wall.
    const distance = Math.min(depth - 2, Math.max(3.5, roomWidth * 0.55));
    const x = -width / 2 + roomWidth / 2;
    const z = -depth / 2 + distance;
    return { startingPosition: [round(x), eyeHeight, round(z)], startingRotation: 0 };
  }
  return { startingPosition: [0, eyeHeight, depth / 2 - 1.5], startingRotation: 0 };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The ready-to-load document of a template: the room, empty, with its starting point. */
export function premadeSceneContent(
  template: Pick<SpaceTemplate, 'spaceTemplateFamilyId' | 'size' | 'kind'>,
) {
  const choice = { family: template.spaceTemplateFamilyId, size: template.size, kind: template.kind };
  return SceneContent.parse({ version: sceneContentVersion, spaceTemplate: choice, ...premadeStart(choice) });
}

export const premadeScenes: readonly PremadeScene[] = premadeTemplates.map((t) => ({
  spaceTemplateId: t.spaceTemplateId,
  title: t.title,
  content: premadeSceneContent(t),
}));

export const premadeFamilyById = (id: string) => premadeFamilies.find((f) => f.spaceTemplateFamilyId === id);
export const premadeTemplateById = (id: string) => premadeTemplates.find((t) => t.spaceTemplateId === id);
export const premadeSceneById = (id: string) => premadeScenes.find((s) => s.spaceTemplateId === id);
