import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  District,
  type DistrictAccess,
  type DistrictChanges,
  type DistrictCreateFields,
  districtMessages,
  type DistrictPage,
  districtRules,
  type DistrictRole,
  isReservedSubdomain,
  Subdomain,
} from '../../../contracts/districts';
import { fileUrl } from '../../../contracts/files';
import { premadeTemplates } from '../../../contracts/premadeSpaces';
import { tierOf } from '../../../contracts/roles';
import type { Database, Executor } from '../../db';
import { uuidv7 } from '../../db/ids';
import {
  districtMembers,
  districtSpaces,
  districts,
  files,
  follows,
  publishSlots,
  users,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { fieldIssues, validationFailed } from '../../http/forms';
import type { PictureFormInput } from '../../http/pictureForm';
import type { BlobStore } from '../../storage/blobStore';
import { MicroCache } from '../../support/microCache';
import { districtListsChanged, inDistrict, refreshSceneDistricts } from '../sceneService/sceneDistricts';
import { toIsoTime } from '../../support/time';
import { putPicture } from '../../uploads/pictureParts';

export type DistrictPictureField = 'photo' | 'coverPhoto';
export const districtPictureFields: readonly DistrictPictureField[] = ['photo', 'coverPhoto'];

export interface DistrictServiceOptions {
  db: Database;
  store: BlobStore;
}

export type DistrictRow = typeof districts.$inferSelect;

/** How long a district read by subdomain is shared (see DistrictService.shared), and how many: a
 * district changed here is read again at once; counts changed elsewhere show within 5 s. */
const districtCacheMs = 5000;
const districtCacheEntries = 2000;

const noSuchDistrict = () => notFound(districtMessages.notFound);
const taken = () =>
  new AppError('CONFLICT', districtMessages.taken, [{ path: '/subdomain', message: districtMessages.taken }]);

/** The caller's own membership row, joined beside a district. */
const mine = alias(districtMembers, 'mine');

const memberCount = sql<number>`(select count(*)::int from ${districtMembers} where ${districtMembers.districtId} = ${districts.id})`;
/** The spaces it lists: in its slots, and hosted (district_spaces). */
const spaceCount = sql<number>`((select count(*)::int from ${publishSlots} where ${publishSlots.districtId} = ${districts.id} and ${publishSlots.sceneId} is not null)
  + (select count(*)::int from ${districtSpaces} where ${districtSpaces.districtId} = ${districts.id} and ${districtSpaces.kind} = 'hosting' and ${districtSpaces.state} = 'accepted'))`;
const followerCount = sql<number>`(select count(*)::int from ${follows} where ${follows.districtId} = ${districts.id})`;

type DistrictSelectRow = {
  district: DistrictRow;
  ownerName: string | null;
  ownerPictureId: string | null;
  numOfMembers: number;
  numOfSpaces: number;
  numOfFollowers: number;
  role: string | null;
  following: boolean;
};

function districtOf(row: DistrictSelectRow): District {
  const d = row.district;
  return {
    districtId: d.id,
    title: d.title,
    subdomain: d.subdomain,
    public: d.public,
    visible: d.visible,
    photo: d.logoId ? fileUrl(d.logoId) : null,
    coverPhoto: d.coverId ? fileUrl(d.coverId) : null,
    subtitle: d.subtitle,
    description: d.description,
    socialMedia: d.socialMedia,
    styles: d.styles,
    owner: {
      userId: d.ownerId,
      name: row.ownerName ?? '',
      profilePicture: row.ownerPictureId ? fileUrl(row.ownerPictureId) : null,
    },
    freeSpaceTemplateId: d.freeSpaceTemplateId,
    numOfMembers: Number(row.numOfMembers),
    numOfSpaces: Number(row.numOfSpaces),
    numOfFollowers: Number(row.numOfFollowers),
    districtUserRole: districtRoleOf(row.role),
    following: Boolean(row.following),
    createdAt: toIsoTime(d.createdAt),
    updatedAt: toIsoTime(d.updatedAt),
  };
}

const districtRoleOf = (role: string | null) => (role === 'Owner' || role === 'Creator' ? role : null);

/** A district the caller may see: 403 when it is private to them. */
/**
 * The JSON of a cached district's answers, by the caller's role and follow ('' for anonymous
 * visitors): the same text the route's serializer would write (encoded by the schema), made once
 * instead of on every request.
 */
const answersJson = new WeakMap<District, Map<string, string>>();

function visibleDistrict(district: District): District {
  if (!district.public && !district.districtUserRole) throw forbidden(districtMessages.noAccess);
  return district;
}

/** The role `userId` has in a district (null: none). */
export async function roleIn(
  db: Executor,
  districtId: string,
  userId: string | null,
): Promise<DistrictRole | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ role: districtMembers.role })
    .from(districtMembers)
    .where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.userId, userId)));
  return row?.role === 'Owner' || row?.role === 'Creator' ? row.role : null;
}

/**
 * Districts (districts-commerce-spaces.md §1–§9, platform.md §3 'District', §7.2): Pro users make
 * them on a free subdomain, with the plan's slots and a free premade space; anyone reads a public
 * district, members a private one; members with the Owner role change it. Members, invitations
 * and slots are in districtMembers.ts.
 */
export class DistrictService {
  /**
   * A district's shared part by subdomain (its row, owner and counts, the same for every caller),
   * what every visit to a district's host asks first; the caller's role and follow beside it.
   * This process's writes (settings, joining, leaving, roles) bump the generation; counts others
   * change, and other processes, catch up within districtCacheMs.
   */
  private readonly shared = new MicroCache<{ id: string; district: District }>(
    districtCacheMs,
    districtCacheEntries,
  );
  /** The caller's role in it and whether they follow it, by district and caller, as long. */
  private readonly personal = new MicroCache<{ role: string | null; following: boolean }>(
    districtCacheMs,
    districtCacheEntries * 5,
  );
  private generation = 0;

  constructor(private readonly options: DistrictServiceOptions) {}

  /** A district changed here (settings, members, roles): cached districts are read again. */
  changed() {
    this.generation++;
  }

  private get db() {
    return this.options.db;
  }

  /** Districts as `callerId` sees them: counts, the caller's role and whether they follow it. */
  select(callerId: string | null) {
    const following = callerId
      ? sql<boolean>`exists (select 1 from ${follows} where ${follows.districtId} = ${districts.id} and ${follows.followerId} = ${callerId})`
      : sql<boolean>`false`;
    return this.db
      .select({
        district: districts,
        ownerName: users.name,
        ownerPictureId: users.profilePictureId,
        numOfMembers: memberCount,
        numOfSpaces: spaceCount,
        numOfFollowers: followerCount,
        role: mine.role,
        following,
      })
      .from(districts)
      .leftJoin(users, eq(users.id, districts.ownerId))
      .leftJoin(mine, and(eq(mine.districtId, districts.id), eq(mine.userId, callerId ?? '')))
      .$dynamic();
  }

  /** A district the caller may see: 404 when there is none, 403 when it is private to them. */
  private visible(row: DistrictSelectRow | undefined): District {
    if (!row) throw noSuchDistrict();
    return visibleDistrict(districtOf(row));
  }

  async bySubdomain(subdomain: string, callerId: string | null): Promise<District> {
    return (await this.answerFor(subdomain, callerId)).answer;
  }

  /** What `bySubdomain` answers, as JSON. */
  async bySubdomainJson(subdomain: string, callerId: string | null): Promise<string> {
    const { shared, answer } = await this.answerFor(subdomain, callerId);
    let texts = answersJson.get(shared);
    if (!texts) answersJson.set(shared, (texts = new Map()));
    const key = callerId ? `${answer.districtUserRole}|${answer.following}` : '';
    let json = texts.get(key);
    if (json === undefined) {
      json = JSON.stringify(z.encode(District, answer));
      texts.set(key, json);
    }
    return json;
  }

  /** The cached district (`shared`) and the caller's answer made of it. */
  private async answerFor(
    subdomain: string,
    callerId: string | null,
  ): Promise<{ shared: District; answer: District }> {
    const key = subdomain.toLowerCase();
    // An unknown subdomain is not kept: a district made a moment later is found at once. What is
    // kept is the answer an anonymous visitor gets, built once (never changed: the caller's role
    // and follow go on a copy).
    const [{ id, district }] = await this.shared.get(key, this.generation, async () => {
      const [found] = await this.select(null).where(eq(districts.subdomain, key));
      if (!found) throw noSuchDistrict();
      return { id: found.district.id, district: Object.freeze(districtOf(found)) };
    });
    if (!callerId) return { shared: district, answer: visibleDistrict(district) };
    const [personal] = await this.personal.get(`${id}|${callerId}`, this.generation, () =>
      this.db
        .select({
          role: sql<
            string | null
          >`(select ${districtMembers.role} from ${districtMembers} where ${districtMembers.districtId} = ${id} and ${districtMembers.userId} = ${callerId})`,
          following: sql<boolean>`exists (select 1 from ${follows} where ${follows.districtId} = ${id} and ${follows.followerId} = ${callerId})`,
        })
        .from(sql`(select 1) as one`)
        .then(([found]) => found),
    );
    const answer = visibleDistrict({
      ...district,
      districtUserRole: districtRoleOf(personal.role),
      following: Boolean(personal.following),
    });
    return { shared: district, answer };
  }

  async get(id: string, callerId: string | null): Promise<District> {
    const [row] = await this.select(callerId).where(eq(districts.id, id));
    return this.visible(row);
  }

  /** What the caller may do on a district's host; 404 for an unknown subdomain. */
  async access(subdomain: string, callerId: string | null): Promise<DistrictAccess> {
    const [row] = await this.db
      .select({ id: districts.id, subdomain: districts.subdomain, public: districts.public })
      .from(districts)
      .where(eq(districts.subdomain, subdomain.toLowerCase()));
    if (!row) throw noSuchDistrict();
    const role = await roleIn(this.db, row.id, callerId);
    return {
      districtId: row.id,
      subdomain: row.subdomain,
      public: row.public,
      access: row.public || role !== null,
      districtUserRole: role,
    };
  }

  /**
   * Whether a subdomain can be taken: 400 (with the rule's message) when it breaks the subdomain
   * rules or is reserved, 409 when a district has it.
   */
  async available(subdomain: string): Promise<{ subdomain: string; available: true }> {
    const parsed = Subdomain.safeParse(subdomain);
    if (!parsed.success)
      throw validationFailed(fieldIssues(parsed.error).map((i) => ({ ...i, path: '/subdomain' })));
    const [row] = await this.db
      .select({ id: districts.id })
      .from(districts)
      .where(eq(districts.subdomain, parsed.data));
    if (row) throw taken();
    return { subdomain: parsed.data, available: true };
  }

  /**
   * Makes a district (Pro only): on a free subdomain, with its owner as its first member (Owner),
   * the plan's included district slots, and the free premade space chosen. The same
   * Idempotency-Key again answers the district it made.
   */
  async create(
    caller: Caller,
    input: PictureFormInput<DistrictCreateFields, DistrictPictureField>,
    idempotencyKey?: string,
  ): Promise<{ district: District; created: boolean }> {
    if (tierOf(caller.roles) !== 'pro') throw forbidden(districtMessages.proRequired);
    const { fields } = input;
    if (!premadeTemplates.some((t) => t.spaceTemplateId === fields.freeSpaceTemplateId))
      throw validationFailed([{ path: '/freeSpaceTemplateId', message: 'No such premade space' }]);
    if (isReservedSubdomain(fields.subdomain))
      throw validationFailed([{ path: '/subdomain', message: districtMessages.reserved(fields.subdomain) }]);
    const [owner] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, caller.userId));
    if (!owner) throw notFound('No user record yet: create it with POST /api/userService/user');
    if (idempotencyKey) {
      const known = await this.byCreationKey(caller.userId, idempotencyKey);
      if (known) return { district: known, created: false };
    }
    const pictures = await this.storePictures(caller.userId, input.pictures);
    const id = uuidv7();
    try {
      await this.db.transaction(async (tx) => {
        if (pictures.length > 0) await tx.insert(files).values(pictures.map((p) => p.file));
        const picture = (field: DistrictPictureField) =>
          pictures.find((p) => p.field === field)?.file.id ?? null;
        await tx.insert(districts).values({
          id,
          ownerId: caller.userId,
          title: fields.title,
          subdomain: fields.subdomain,
          public: fields.public,
          visible: fields.visible,
          freeSpaceTemplateId: fields.freeSpaceTemplateId,
          logoId: picture('photo'),
          coverId: picture('coverPhoto'),
          creationKey: idempotencyKey ?? null,
        });
        await tx.insert(districtMembers).values({ districtId: id, userId: caller.userId, role: 'Owner' });
        await tx.insert(publishSlots).values(
          Array.from({ length: districtRules.includedSlots }, () => ({
            id: uuidv7(),
            ownerId: caller.userId,
            kind: 'district',
            districtId: id,
            districtSubdomain: fields.subdomain,
            productId: 'district-included-slot',
          })),
        );
      });
    } catch (error) {
      const constraint =
        (error as { constraint?: string; cause?: { constraint?: string } }).constraint ??
        (error as { cause?: { constraint?: string } }).cause?.constraint;
      // A submit that lost the race to one with the same key answers the district that one made.
      if (constraint && idempotencyKey) {
        const known = await this.byCreationKey(caller.userId, idempotencyKey);
        if (known) return { district: known, created: false };
      }
      if (constraint === 'districts_subdomain_idx') throw taken();
      throw error;
    }
    return { district: await this.get(id, caller.userId), created: true };
  }

  private async byCreationKey(ownerId: string, key: string): Promise<District | undefined> {
    const [row] = await this.select(ownerId).where(
      and(eq(districts.ownerId, ownerId), eq(districts.creationKey, key)),
    );
    return row ? districtOf(row) : undefined;
  }

  private async storePictures(
    ownerId: string,
    pictures: PictureFormInput<unknown, DistrictPictureField>['pictures'],
  ) {
    const stored: { field: DistrictPictureField; file: Awaited<ReturnType<typeof putPicture>>['file'] }[] =
      [];
    for (const field of districtPictureFields) {
      const picture = pictures[field];
      if (picture)
        stored.push({ field, file: (await putPicture(this.options.store, ownerId, picture)).file });
    }
    return stored;
  }

  /** The district if the caller manages it (role Owner): 404 when there is none, 403 otherwise. */
  async managed(id: string, callerId: string): Promise<DistrictRow> {
    const [row] = await this.db.select().from(districts).where(eq(districts.id, id));
    if (!row) throw noSuchDistrict();
    if ((await roleIn(this.db, id, callerId)) !== 'Owner') {
      if (!row.public && !(await roleIn(this.db, id, callerId))) throw noSuchDistrict();
      throw forbidden(districtMessages.notOwner);
    }
    return row;
  }

  /** Changes a district's general settings or appearance (its Owners only). */
  async update(
    id: string,
    caller: Caller,
    read: () => Promise<PictureFormInput<DistrictChanges, DistrictPictureField>>,
  ): Promise<District> {
    await this.managed(id, caller.userId);
    const { fields, pictures } = await read();
    const stored = await this.storePictures(caller.userId, pictures);
    const picture = (field: DistrictPictureField) => stored.find((p) => p.field === field)?.file.id;
    await this.db.transaction(async (tx) => {
      if (stored.length > 0) await tx.insert(files).values(stored.map((p) => p.file));
      const logo = picture('photo');
      const cover = picture('coverPhoto');
      await tx
        .update(districts)
        .set({
          ...(fields.title !== undefined ? { title: fields.title } : {}),
          ...(fields.public !== undefined ? { public: fields.public } : {}),
          ...(fields.visible !== undefined ? { visible: fields.visible } : {}),
          ...(fields.subtitle !== undefined ? { subtitle: fields.subtitle } : {}),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(fields.socialMedia !== undefined ? { socialMedia: fields.socialMedia } : {}),
          ...(fields.styles !== undefined ? { styles: JSON.stringify(fields.styles) } : {}),
          ...(logo ? { logoId: logo } : fields.photo === null ? { logoId: null } : {}),
          ...(cover ? { coverId: cover } : fields.coverPhoto === null ? { coverId: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(districts.id, id));
      // Its spaces list it as public or private: a change of that moves it between their lists.
      if (fields.public !== undefined) await refreshSceneDistricts(tx, inDistrict(id));
    });
    this.changed();
    if (fields.public !== undefined) districtListsChanged();
    return this.get(id, caller.userId);
  }

  private async page(
    where: SQL,
    order: SQL[],
    callerId: string | null,
    cp: number,
    ipp: number,
  ): Promise<DistrictPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.select(callerId)
        .where(where)
        .orderBy(...order)
        .limit(ipp)
        .offset(cp * ipp),
      this.db.select({ total: count() }).from(districts).where(where),
    ]);
    return { items: rows.map(districtOf), cp, ipp, total: Number(total) };
  }

  private static words(q: string): SQL | undefined {
    if (!q) return undefined;
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(ilike(districts.title, like), ilike(districts.subdomain, like));
  }

  private static order(sort: string): SQL[] {
    switch (sort) {
      case 'title':
        return [asc(districts.title), asc(districts.id)];
      case 'followers':
        return [sql`${followerCount} desc`, desc(districts.createdAt)];
      case 'spaces':
        return [sql`${spaceCount} desc`, desc(districts.createdAt)];
      default:
        return [desc(districts.createdAt), desc(districts.id)];
    }
  }

  /** Explore's Districts tab: public, listed districts. */
  search(
    query: { cp: number; ipp: number; q: string; sort: string },
    callerId: string | null,
  ): Promise<DistrictPage> {
    const where = and(
      eq(districts.public, true),
      eq(districts.visible, true),
      DistrictService.words(query.q),
    )!;
    return this.page(where, DistrictService.order(query.sort), callerId, query.cp, query.ipp);
  }

  /** The districts the caller is a member of (Owner or Creator), newest first. */
  mine(callerId: string, query: { cp: number; ipp: number; sort: string }): Promise<DistrictPage> {
    const member = sql`exists (select 1 from ${districtMembers} where ${districtMembers.districtId} = ${districts.id} and ${districtMembers.userId} = ${callerId})`;
    return this.page(member, DistrictService.order(query.sort), callerId, query.cp, query.ipp);
  }

  /**
   * A user's districts as their profile lists them: those they own ('my'), those they are a
   * Creator in ('others') and those they follow ('following'). Others see public ones only.
   */
  ofUser(
    userId: string,
    side: 'my' | 'others' | 'following',
    callerId: string | null,
    query: { cp: number; ipp: number; sort: string },
  ): Promise<DistrictPage> {
    const memberWith = (role: DistrictRole) =>
      sql`exists (select 1 from ${districtMembers} where ${districtMembers.districtId} = ${districts.id} and ${districtMembers.userId} = ${userId} and ${districtMembers.role} = ${role})`;
    const which =
      side === 'my'
        ? eq(districts.ownerId, userId)
        : side === 'others'
          ? and(memberWith('Creator'), sql`${districts.ownerId} <> ${userId}`)!
          : sql`exists (select 1 from ${follows} where ${follows.districtId} = ${districts.id} and ${follows.followerId} = ${userId})`;
    const callerIn = callerId
      ? sql`exists (select 1 from ${districtMembers} where ${districtMembers.districtId} = ${districts.id} and ${districtMembers.userId} = ${callerId})`
      : sql`false`;
    const seen = callerId === userId ? which : and(which, or(eq(districts.public, true), callerIn))!;
    return this.page(seen, DistrictService.order(query.sort), callerId, query.cp, query.ipp);
  }
}
