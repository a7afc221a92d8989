import type { District, DistrictRole } from '../../contracts/districts';

/** A public district as the server answers it, seen by a caller with `role`. */
export const districtFixture = (role: DistrictRole | null, overrides: Partial<District> = {}): District => ({
  districtId: 'd1',
  title: 'Harbour Museum',
  subdomain: 'harbour',
  public: true,
  visible: true,
  photo: null,
  coverPhoto: null,
  subtitle: '',
  description: '',
  socialMedia: [],
  styles: '{"theme":"harbour","fontFamily":"sans"}',
  owner: { userId: 'owner', name: 'Olga', profilePicture: null },
  freeSpaceTemplateId: null,
  numOfMembers: 2,
  numOfSpaces: 0,
  numOfFollowers: 0,
  districtUserRole: role,
  following: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
