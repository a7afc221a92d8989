import { z } from 'zod';
import type { SceneContent } from './sceneContent';

/**
 * What a space costs to publish beyond the free allowance (platform.md §9: "Each extra level in a
 * custom space costs 50 credits"; "Cost analysis covers extra floor levels, extra paths, premade
 * space and extra slots"). The spec gives no price for extra paths or Premium rooms: the values
 * here are ours. Slots are priced by the publish and district wizards, not here.
 */
export const spaceCostTable = {
  /** Credits per level beyond the first of a custom space (platform.md §9). */
  extraLevel: 50,
  /** Guided tours included free. */
  freePaths: 1,
  /** Credits per guided tour beyond the free ones. */
  extraPath: 20,
  /** Credits for a premade room of each kind. */
  template: { Standard: 0, Premium: 100 },
} as const;

export const SpaceCost = z
  .object({
    extraLevels: z.number().int().min(0),
    extraPaths: z.number().int().min(0),
    templateKind: z.enum(['Standard', 'Premium']).nullable(),
    lines: z.array(
      z.object({ item: z.enum(['extraLevels', 'extraPaths', 'template']), credits: z.number().int().min(0) }),
    ),
    totalCredits: z.number().int().min(0),
  })
  .meta({ id: 'SpaceCost' });
export type SpaceCost = z.infer<typeof SpaceCost>;

export function spaceCost(
  content: Pick<SceneContent, 'customSpace' | 'spaceTemplate' | 'guidedTours'>,
): SpaceCost {
  const extraLevels = content.customSpace ? Math.max(0, content.customSpace.levels.length - 1) : 0;
  const extraPaths = Math.max(0, content.guidedTours.length - spaceCostTable.freePaths);
  const templateKind = content.customSpace ? null : (content.spaceTemplate?.kind ?? null);
  const lines: SpaceCost['lines'] = [];
  if (extraLevels) lines.push({ item: 'extraLevels', credits: extraLevels * spaceCostTable.extraLevel });
  if (extraPaths) lines.push({ item: 'extraPaths', credits: extraPaths * spaceCostTable.extraPath });
  if (templateKind && spaceCostTable.template[templateKind]) {
    lines.push({ item: 'template', credits: spaceCostTable.template[templateKind] });
  }
  return {
    extraLevels,
    extraPaths,
    templateKind,
    lines,
    totalCredits: lines.reduce((s, l) => s + l.credits, 0),
  };
}
