/**
 * The premade room families the built-in engine generates (platform.md §2.6 Define Space). The
 * asset service's space template families (districts-commerce-spaces.md §3) refer to these ids.
 */
export const spaceTemplateFamilies = [
  { family: 'white-cube', title: 'White cube', description: 'One bright rectangular room.' },
  { family: 'enfilade', title: 'Enfilade', description: 'Rooms in a row, joined by doors.' },
  {
    family: 'loft',
    title: 'Loft',
    description: 'A tall hall with windows along one side and free-standing screens.',
  },
  { family: 'atrium', title: 'Atrium', description: 'Two storeys joined by stairs.' },
] as const;
export type SpaceTemplateFamilyId = (typeof spaceTemplateFamilies)[number]['family'];
