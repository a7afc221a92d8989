import { z } from 'zod';

/**
 * Spaces a district hosts or promotes beyond its slots (districts-commerce-spaces.md §1; platform.md
 * §2.1 'Hosting Requests', 'Promoted', 'Promotion Requests'; §4 'Hosting and promotion requests
 * exist; who approves: not shown' — chosen here: a member asks, the district's Owners decide, and an
 * Owner's own ask is accepted at once).
 *
 * - hosting: a member's published space (in a slot of their own) listed by the district as well.
 * - promotion: a space the district lists, shown in its home's Promoted list.
 */
export const districtSpaceRules = {
  messageMax: 500,
  /** Open (pending) asks one member may have in one district at a time. */
  pendingPerMember: 20,
} as const;

export const districtSpaceMessages = {
  notPublished: 'Only a published space can be hosted or promoted. Publish it first.',
  notYours: 'You can only ask for your own spaces.',
  alreadyHosted: 'This space is already in the district.',
  notInDistrict: 'Only a space the district lists can be promoted. Ask to host it first.',
  alreadyPromoted: 'The district already promotes this space.',
  alreadyAsked: 'You have already asked; the district’s owner has not answered yet.',
  tooManyPending: `You have ${districtSpaceRules.pendingPerMember} open requests in this district; wait for answers first.`,
  notPending: 'This request has been answered already.',
  membersOnly: 'Only members of the district can ask it to host or promote a space.',
  noSuchRequest: 'No such request in this district',
  messageMax: `It should contain no more than ${districtSpaceRules.messageMax} characters`,
} as const;

export const DistrictSpaceKind = z.enum(['hosting', 'promotion']);
export type DistrictSpaceKind = z.infer<typeof DistrictSpaceKind>;
export const DistrictSpaceState = z.enum(['pending', 'accepted', 'declined']);
export type DistrictSpaceState = z.infer<typeof DistrictSpaceState>;

export const DistrictSpaceAsk = z
  .object({
    sceneId: z.string().trim().min(1, 'Choose a space').max(64),
    kind: DistrictSpaceKind,
    message: z
      .string()
      .trim()
      .max(districtSpaceRules.messageMax, districtSpaceMessages.messageMax)
      .default(''),
  })
  .meta({ id: 'DistrictSpaceAsk' });
export type DistrictSpaceAsk = z.input<typeof DistrictSpaceAsk>;

export const DistrictSpaceRequest = z
  .object({
    requestId: z.string(),
    districtId: z.string(),
    kind: DistrictSpaceKind,
    state: DistrictSpaceState,
    message: z.string(),
    requester: z.object({ userId: z.string(), name: z.string(), profilePicture: z.string().nullable() }),
    scene: z.object({ sceneId: z.string(), title: z.string(), thumbnailUri: z.string().nullable() }),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'DistrictSpaceRequest' });
export type DistrictSpaceRequest = z.infer<typeof DistrictSpaceRequest>;

export const DistrictSpaceRequestPage = z
  .object({
    items: z.array(DistrictSpaceRequest),
    cp: z.number().int(),
    ipp: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'DistrictSpaceRequestPage' });
export type DistrictSpaceRequestPage = z.infer<typeof DistrictSpaceRequestPage>;

export const DistrictSpaceRequestQuery = z.object({
  kind: DistrictSpaceKind.optional().describe('Only hosting or only promotion requests'),
  state: z
    .enum(['pending', 'accepted', 'declined', 'all'])
    .default('pending')
    .describe('Which requests: open ones by default'),
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(100).default(20),
});
export type DistrictSpaceRequestQuery = z.input<typeof DistrictSpaceRequestQuery>;

export const DistrictSpaceRequestParams = z.object({
  id: z.string().min(1).max(64).describe('The district'),
  requestId: z.string().min(1).max(64),
});
