import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fileUrl } from '../../../contracts/files';
import {
  type Group,
  type GroupChanges,
  type GroupCreateFields,
  groupLimits,
  type GroupList,
  type GroupMemberPage,
  groupMessages,
  type GroupPage,
  groupsPath,
  type InviteAnswer,
} from '../../../contracts/groups';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { districtMembers, files, groupMembers, groups, notificationSettings, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { validationFailed } from '../../http/forms';
import { escapeHtml } from '../../identity/pages';
import { queueMail } from '../../mail/outbox';
import type { BlobStore } from '../../storage/blobStore';
import { putPicture } from '../../uploads/pictureParts';
import type { NotificationService } from '../socialService/notificationService';
import { lockClasses } from '../sceneService/locks';
import type { PictureFormInput } from '../../http/pictureForm';
import { DistrictService, roleIn } from './districtService';

export interface GroupServiceOptions {
  db: Database;
  store: BlobStore;
  /** Tells invited users of their invitation. */
  notifications?: Pick<NotificationService, 'notify'>;
  /** Where the platform is (PUBLIC_ORIGIN): invitations are also e-mailed, with links from here. */
  publicOrigin?: string;
}

const noSuchGroup = () => notFound(groupMessages.noSuchGroup);

/** The caller's own row of a group, joined beside the group. */
const mine = alias(groupMembers, 'mine');

/** Members of a group (the owner included; invitations not). */
const memberCount = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.status} = 'member')`;

type GroupRow = {
  group: typeof groups.$inferSelect;
  ownerName: string | null;
  ownerPictureId: string | null;
  numOfMembers: number;
  myRole: string | null;
  myStatus: string | null;
  /** The caller's role in the group's district (district groups only). */
  myDistrictRole: string | null;
};

/**
 * What the caller is to a group. A district's groups belong to the district: its Owners manage
 * them ('owner'); the Owner who made one is a member like the others once they are no Owner.
 */
function membershipOf(row: GroupRow): Group['membership'] {
  if (row.group.districtId && row.myDistrictRole === 'Owner') return 'owner';
  if (row.myStatus === 'invited') return 'invited';
  if (row.myStatus !== 'member') return null;
  return row.myRole === 'owner' && !row.group.districtId ? 'owner' : 'member';
}

function groupOf(row: GroupRow): Group {
  const { group } = row;
  return {
    groupId: group.id,
    title: group.title,
    description: group.description,
    image: group.imageId ? fileUrl(group.imageId) : null,
    owner: {
      userId: group.ownerId,
      name: row.ownerName ?? '',
      profilePicture: row.ownerPictureId ? fileUrl(row.ownerPictureId) : null,
    },
    numOfMembers: Number(row.numOfMembers),
    membership: membershipOf(row),
    districtId: group.districtId,
    createdAt: new Date(group.createdAt).toISOString(),
    updatedAt: new Date(group.updatedAt).toISOString(),
  };
}

/**
 * Groups of users (platform.md §2.3, §3 'Group', §7.2): a user makes and owns groups, invites
 * users, who accept or decline; members leave, the owner removes members or deletes the group.
 * Spaces name groups in their ACLs; only members count there (sceneService/access.ts).
 */
export class GroupService {
  /** The district code's own answers for a district the caller may not see or manage. */
  private readonly districts: DistrictService;

  constructor(private readonly options: GroupServiceOptions) {
    this.districts = new DistrictService({ db: options.db, store: options.store });
  }

  private get db() {
    return this.options.db;
  }

  /** Groups as `callerId` sees them: the owner's card, the member count, the caller's membership. */
  private select(callerId: string | null) {
    const myDistrictRole = callerId
      ? sql<
          string | null
        >`(select ${districtMembers.role} from ${districtMembers} where ${districtMembers.districtId} = ${groups.districtId} and ${districtMembers.userId} = ${callerId})`
      : sql<string | null>`null`;
    return this.db
      .select({
        group: groups,
        ownerName: users.name,
        ownerPictureId: users.profilePictureId,
        numOfMembers: memberCount,
        myRole: mine.role,
        myStatus: mine.status,
        myDistrictRole,
      })
      .from(groups)
      .leftJoin(users, eq(users.id, groups.ownerId))
      .leftJoin(mine, and(eq(mine.groupId, groups.id), eq(mine.userId, callerId ?? '')))
      .$dynamic();
  }

  private async find(id: string, callerId: string | null): Promise<Group | undefined> {
    const [row] = await this.select(callerId).where(eq(groups.id, id));
    return row ? groupOf(row) : undefined;
  }

  /**
   * A group (public: its title, description, image, owner and member count). A private
   * district's group shows to the district's members (and the group's) only, with the district's
   * answer for anyone else (403).
   */
  async get(id: string, callerId: string | null): Promise<Group> {
    const group = await this.find(id, callerId);
    if (!group) throw noSuchGroup();
    if (group.districtId && !group.membership) await this.districts.get(group.districtId, callerId);
    return group;
  }

  /**
   * Makes a group owned by the caller, who is its first member. With `districtId` the group is
   * the district's: the caller must be one of its Owners (the district code's answers otherwise:
   * 404, 403), and the district's limit applies instead of the caller's.
   */
  async create(caller: Caller, input: PictureFormInput<GroupCreateFields, 'image'>): Promise<Group> {
    const [owner] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, caller.userId));
    if (!owner) throw notFound('No user record yet: create it with POST /api/userService/user');
    const districtId = input.fields.districtId ?? null;
    if (districtId) await this.districts.managed(districtId, caller.userId);
    const image = input.pictures.image
      ? await putPicture(this.options.store, caller.userId, input.pictures.image)
      : undefined;
    const id = uuidv7();
    await this.db.transaction(async (tx) => {
      const lockKey = districtId ? `district:${districtId}` : caller.userId;
      await tx.execute(sql`select pg_advisory_xact_lock(${lockClasses.groups}, hashtext(${lockKey}))`);
      const [{ owned }] = await tx
        .select({ owned: count() })
        .from(groups)
        .where(
          districtId
            ? eq(groups.districtId, districtId)
            : and(eq(groups.ownerId, caller.userId), isNull(groups.districtId)),
        );
      if (districtId && Number(owned) >= groupLimits.districtMax)
        throw new AppError('BUSINESS_RULE', groupMessages.districtFull);
      if (!districtId && Number(owned) >= groupLimits.ownedMax)
        throw new AppError('BUSINESS_RULE', groupMessages.tooManyOwned);
      if (image) await tx.insert(files).values(image.file);
      await tx.insert(groups).values({
        id,
        ownerId: caller.userId,
        title: input.fields.title,
        description: input.fields.description,
        imageId: image?.file.id ?? null,
        districtId,
      });
      await tx.insert(groupMembers).values({
        groupId: id,
        userId: caller.userId,
        role: 'owner',
        status: 'member',
        joinedAt: sql`now()`,
      });
    });
    return this.get(id, caller.userId);
  }

  /** Whether the caller manages a group: its owner, or for a district's group an Owner of the district. */
  private async manages(group: typeof groups.$inferSelect, callerId: string): Promise<boolean> {
    if (!group.districtId) return group.ownerId === callerId;
    return (await roleIn(this.db, group.districtId, callerId)) === 'Owner';
  }

  /** The group if the caller manages it: 404 when there is none, 403 for anyone else. */
  private async owned(id: string, callerId: string) {
    const [group] = await this.db.select().from(groups).where(eq(groups.id, id));
    if (!group) throw noSuchGroup();
    if (!(await this.manages(group, callerId)))
      throw forbidden(
        group.districtId ? groupMessages.districtOwnerOnly : 'Only the owner of the group may do this',
      );
    return group;
  }

  /** Which of `userIds` are not members of the district (any role). */
  private async outsideDistrict(districtId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const inside = await this.db
      .select({ userId: districtMembers.userId })
      .from(districtMembers)
      .where(and(eq(districtMembers.districtId, districtId), inArray(districtMembers.userId, userIds)));
    const ids = new Set(inside.map((r) => r.userId));
    return userIds.filter((userId) => !ids.has(userId));
  }

  /** Changes a group's title, description or image (owner only). */
  async update(
    id: string,
    caller: Caller,
    read: () => Promise<PictureFormInput<GroupChanges, 'image'>>,
  ): Promise<Group> {
    await this.owned(id, caller.userId);
    const { fields, pictures } = await read();
    const image = pictures.image;
    const stored = image ? await putPicture(this.options.store, caller.userId, image) : undefined;
    await this.db.transaction(async (tx) => {
      if (stored) await tx.insert(files).values(stored.file);
      await tx
        .update(groups)
        .set({
          ...(fields.title !== undefined ? { title: fields.title } : {}),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(stored ? { imageId: stored.file.id } : fields.image === null ? { imageId: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(groups.id, id));
    });
    return this.get(id, caller.userId);
  }

  /** Deletes a group and its memberships (owner only). Spaces naming it let its members in no more. */
  async remove(id: string, callerId: string): Promise<void> {
    await this.owned(id, callerId);
    await this.db.delete(groups).where(eq(groups.id, id));
  }

  private async page(where: SQL, order: SQL[], callerId: string | null, cp: number, ipp: number) {
    const [rows, [{ total }]] = await Promise.all([
      this.select(callerId)
        .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
        .where(where)
        .orderBy(...order)
        .limit(ipp)
        .offset(cp * ipp),
      this.db
        .select({ total: count() })
        .from(groups)
        .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
        .where(where),
    ]);
    return { items: rows.map(groupOf), cp, ipp, total: Number(total), hidden: false };
  }

  private static titleHas(search: string): SQL | undefined {
    if (!search) return undefined;
    const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
    return ilike(groups.title, `%${escaped}%`);
  }

  /** The groups the caller is a member of (their own included), newest joined first. */
  async mine(callerId: string, query: { cp: number; ipp: number; search: string }): Promise<GroupPage> {
    const where = and(
      eq(groupMembers.userId, callerId),
      eq(groupMembers.status, 'member'),
      GroupService.titleHas(query.search),
    )!;
    return this.page(where, [desc(groupMembers.joinedAt), asc(groups.id)], callerId, query.cp, query.ipp);
  }

  /**
   * The groups the caller is invited to and has not answered, newest invitation first; with
   * `districtId`, only that district's groups (its Groups › Invitations).
   */
  async invitations(
    callerId: string,
    query: { cp: number; ipp: number; districtId?: string },
  ): Promise<GroupPage> {
    const where = and(
      eq(groupMembers.userId, callerId),
      eq(groupMembers.status, 'invited'),
      query.districtId ? eq(groups.districtId, query.districtId) : undefined,
    )!;
    return this.page(where, [desc(groupMembers.createdAt), asc(groups.id)], callerId, query.cp, query.ipp);
  }

  /**
   * The groups a user is a member of, as their profile shows them: empty with `hidden` for anyone
   * else when the user hides their groups (Settings › Visibility). Districts' groups are left out:
   * they are the district's (its Groups page lists them), not the user's own; `mine` (the publish
   * wizard's choices) keeps them, since they count in spaces' group ACLs like any group.
   */
  async ofUser(
    userId: string,
    callerId: string | null,
    query: { cp: number; ipp: number; search: string },
  ): Promise<GroupPage> {
    const [user] = await this.db
      .select({ hideGroups: users.hideGroups, active: users.active })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || (!user.active && callerId !== userId)) throw notFound('No such user');
    if (user.hideGroups && callerId !== userId)
      return { items: [], cp: query.cp, ipp: query.ipp, total: 0, hidden: true };
    const where = and(
      eq(groupMembers.userId, userId),
      eq(groupMembers.status, 'member'),
      isNull(groups.districtId),
      GroupService.titleHas(query.search),
    )!;
    return this.page(where, [desc(groupMembers.joinedAt), asc(groups.id)], callerId, query.cp, query.ipp);
  }

  /**
   * A district's groups, newest first, each with its member count and what the caller is to it:
   * for signed-in callers who may see the district — its members, and anyone for a public
   * district (who sees the groups, never who is in them: GET groups/{id}/members stays for the
   * group's members). Otherwise the district code's answer: 404 unknown, 403 private.
   */
  async ofDistrict(
    districtId: string,
    callerId: string,
    query: { cp: number; ipp: number; search: string },
  ): Promise<GroupPage> {
    await this.districts.get(districtId, callerId);
    const where = and(eq(groups.districtId, districtId), GroupService.titleHas(query.search))!;
    const [rows, [{ total }]] = await Promise.all([
      this.select(callerId)
        .where(where)
        .orderBy(desc(groups.createdAt), desc(groups.id))
        .limit(query.ipp)
        .offset(query.cp * query.ipp),
      this.db.select({ total: count() }).from(groups).where(where),
    ]);
    return { items: rows.map(groupOf), cp: query.cp, ipp: query.ipp, total: Number(total), hidden: false };
  }

  /** The groups of `ids` that exist (the publish wizard shows the ones a space names). */
  async many(ids: string[], callerId: string | null): Promise<GroupList> {
    if (ids.length === 0) return { items: [] };
    const rows = await this.select(callerId).where(inArray(groups.id, ids));
    const byId = new Map(rows.map((row) => [row.group.id, groupOf(row)]));
    return { items: ids.flatMap((id) => byId.get(id) ?? []) };
  }

  /**
   * Who is in a group, the owner first, then members, then (for the owner alone) the invitations
   * not yet answered, newest first: for its members and invited users only (a stranger gets 403).
   */
  async members(id: string, callerId: string | null, cp: number, ipp: number): Promise<GroupMemberPage> {
    const group = await this.find(id, callerId);
    if (!group) throw noSuchGroup();
    if (!group.membership) throw forbidden('Only members of the group see who is in it');
    const where =
      group.membership === 'owner'
        ? eq(groupMembers.groupId, id)
        : and(eq(groupMembers.groupId, id), eq(groupMembers.status, 'member'))!;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          userId: users.id,
          name: users.name,
          username: users.username,
          pictureId: users.profilePictureId,
          role: groupMembers.role,
          status: groupMembers.status,
        })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(where)
        .orderBy(
          sql`case when ${groupMembers.role} = 'owner' then 0 when ${groupMembers.status} = 'member' then 1 else 2 end`,
          desc(groupMembers.createdAt),
          asc(groupMembers.userId),
        )
        .limit(ipp)
        .offset(cp * ipp),
      this.db.select({ total: count() }).from(groupMembers).where(where),
    ]);
    return {
      items: rows.map((r) => ({
        userId: r.userId,
        name: r.name,
        username: r.username,
        profilePicture: r.pictureId ? fileUrl(r.pictureId) : null,
        role: r.role === 'owner' ? 'owner' : 'member',
        status: r.status === 'invited' ? 'invited' : 'member',
      })),
      cp,
      ipp,
      total: Number(total),
    };
  }

  /**
   * E-mails the invited users who have an address and have not turned group invitations off (the
   * same setting as the notification): who invited them, to which group, and where to answer.
   */
  private async mailInvitations(userIds: string[], inviterId: string, title: string) {
    const origin = this.options.publicOrigin;
    if (!origin || userIds.length === 0) return;
    const [inviter] = await this.db.select({ name: users.name }).from(users).where(eq(users.id, inviterId));
    const who = inviter?.name ?? 'Someone';
    const recipients = await this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(
        and(
          inArray(users.id, userIds),
          isNotNull(users.email),
          sql`coalesce(${notificationSettings.groupInvitation}, true)`,
        ),
      );
    const settings = `${origin}/settings`;
    await queueMail(
      this.db,
      recipients.map((r) => {
        const link = `${origin}${groupsPath(r.id)}`;
        const text = [
          `Hello ${r.name},`,
          '',
          `${who} invited you to join the group "${title}" on Spaces. Accept or decline the invitation here:`,
          '',
          link,
          '',
          `You get this e-mail because group invitations are on in your notification settings: ${settings}`,
        ].join('\n');
        const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${escapeHtml(r.name)},</p>
<p>${escapeHtml(who)} invited you to join the group <strong>${escapeHtml(title)}</strong> on Spaces.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d5bd6;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">Answer the invitation</a></p>
<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="color:#6b7280;font-size:13px">You get this e-mail because group invitations are on in your <a href="${escapeHtml(settings)}">notification settings</a>.</p>
</body></html>`;
        return { to: r.email!, subject: `${who} invited you to the group ${title}`, text, html };
      }),
    );
  }

  /**
   * The owner invites users: each new one is told (notification 'groupInvitation'); members and
   * users invited already stay as they are. Unknown users fail the whole call (400, one detail
   * each); a group may hold `groupLimits.membersMax` members and invitations together (422). A
   * district's group takes members of the district only (422 BUSINESS_RULE, one detail each).
   */
  async invite(id: string, callerId: string, userIds: string[]): Promise<InviteAnswer> {
    const wanted = [...new Set(userIds)];
    const group = await this.owned(id, callerId);
    const known = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, wanted), eq(users.active, true)));
    const knownIds = new Set(known.map((u) => u.id));
    const unknown = wanted.filter((userId) => !knownIds.has(userId));
    if (unknown.length > 0)
      throw validationFailed(
        unknown.map((userId) => ({
          path: `/userIds/${userIds.indexOf(userId)}`,
          message: `No such user: ${userId}`,
        })),
      );

    if (group.districtId) {
      const outside = await this.outsideDistrict(group.districtId, wanted);
      if (outside.length > 0)
        throw new AppError(
          'BUSINESS_RULE',
          groupMessages.notDistrictMember,
          outside.map((userId) => ({
            path: `/userIds/${userIds.indexOf(userId)}`,
            message: `${groupMessages.notDistrictMember}: ${userId}`,
          })),
        );
    }

    const invited = await this.db.transaction(async (tx) => {
      // Invitations to one group are made one call at a time, so the size limit holds.
      await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, id)).for('update');
      const [{ n }] = await tx.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, id));
      const present = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, id), inArray(groupMembers.userId, wanted)));
      const fresh = wanted.filter((userId) => !present.some((p) => p.userId === userId));
      if (Number(n) + fresh.length > groupLimits.membersMax)
        throw new AppError('BUSINESS_RULE', groupMessages.full);
      if (fresh.length === 0) return [];
      const rows = await tx
        .insert(groupMembers)
        .values(
          fresh.map((userId) => ({
            groupId: id,
            userId,
            role: 'member',
            status: 'invited',
            invitedBy: callerId,
          })),
        )
        .onConflictDoNothing()
        .returning({ userId: groupMembers.userId });
      return rows.map((r) => r.userId);
    });
    for (const userId of invited)
      await this.options.notifications?.notify(userId, 'groupInvitation', {
        actorId: callerId,
        link: groupsPath(userId),
        params: { groupTitle: group.title },
      });
    await this.mailInvitations(invited, callerId, group.title);
    return { invited, already: wanted.filter((userId) => !invited.includes(userId)) };
  }

  /**
   * The caller accepts their invitation (they are a member from now on) or declines it. A
   * district's group is joined by members of the district only (422).
   */
  async respond(id: string, callerId: string, accept: boolean): Promise<Group> {
    if (accept) {
      const [group] = await this.db
        .select({ districtId: groups.districtId })
        .from(groups)
        .where(eq(groups.id, id));
      // Someone who left the district since they were invited may decline, not join.
      if (group?.districtId && !(await roleIn(this.db, group.districtId, callerId)))
        throw new AppError('BUSINESS_RULE', groupMessages.notDistrictMember);
    }
    const invitation = and(
      eq(groupMembers.groupId, id),
      eq(groupMembers.userId, callerId),
      eq(groupMembers.status, 'invited'),
    );
    const changed = accept
      ? await this.db
          .update(groupMembers)
          .set({ status: 'member', joinedAt: sql`now()` })
          .where(invitation)
          .returning({ userId: groupMembers.userId })
      : await this.db.delete(groupMembers).where(invitation).returning({ userId: groupMembers.userId });
    if (changed.length === 0) {
      if (!(await this.find(id, callerId))) throw noSuchGroup();
      throw notFound(groupMessages.noInvitation);
    }
    return this.get(id, callerId);
  }

  /**
   * Takes a user out of a group: the owner (a district's Owners for its groups) removes a member
   * or withdraws an invitation; a member leaves (their own id). The owner of one's own group
   * cannot leave (422: they delete the group instead).
   */
  async removeMember(id: string, callerId: string, userId: string): Promise<void> {
    const [group] = await this.db.select().from(groups).where(eq(groups.id, id));
    if (!group) throw noSuchGroup();
    // A district's group is the district's: the Owner who made it may leave it like anyone.
    if (!group.districtId && userId === group.ownerId)
      throw new AppError('BUSINESS_RULE', groupMessages.ownerLeaves);
    if (callerId !== userId && !(await this.manages(group, callerId)))
      throw forbidden('Only the owner removes others from a group');
    const removed = await this.db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)))
      .returning({ userId: groupMembers.userId });
    if (removed.length === 0) throw notFound('This user is not in the group');
  }
}
