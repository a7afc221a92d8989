import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  type DistrictInvitation,
  districtMessages,
  type DistrictMemberPage,
  districtOrigin,
  districtRules,
  type DistrictRole,
  type DistrictSlot,
  invitationCodeParam,
} from '../../../contracts/districts';
import { fileUrl } from '../../../contracts/files';
import type { Database } from '../../db';
import {
  districtInvitations,
  districtMembers,
  districtSpaces,
  districts,
  groupMembers,
  groups,
  publishSlots,
  scenes,
  users,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { toIsoTime } from '../../support/time';
import { escapeHtml } from '../../identity/pages';
import { queueMail } from '../../mail/outbox';
import { type DistrictService, roleIn } from './districtService';

export interface DistrictMembersOptions {
  db: Database;
  districts: DistrictService;
  /** Where links to a district's host are made: the public origin and the base domain. */
  publicOrigin: string;
  baseDomain: string;
}

const notMember = () => notFound(districtMessages.notMember);

/**
 * A district's people and slots (platform.md §4 roles; districts-commerce-spaces.md §3 'Slot'):
 * members and their roles (Owner, Creator), invitations by link or e-mail and accepting them,
 * removal and leaving, and which member may publish into which of the district's slots. Members
 * with the Owner role manage; the district's maker stays an Owner.
 */
export class DistrictMembers {
  constructor(private readonly options: DistrictMembersOptions) {}

  private get db() {
    return this.options.db;
  }

  /** Who is in the district: Owners first, then newest. For its members only (403 otherwise). */
  async list(districtId: string, callerId: string, cp: number, ipp: number): Promise<DistrictMemberPage> {
    const district = await this.options.districts.get(districtId, callerId);
    if (!district.districtUserRole) throw forbidden('Only members of the district see who is in it');
    const manager = district.districtUserRole === 'Owner';
    const allocated = sql<number>`(select count(*)::int from ${publishSlots} where ${publishSlots.districtId} = ${districtId} and ${publishSlots.allocatedUserId} = ${districtMembers.userId})`;
    const where = eq(districtMembers.districtId, districtId);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          userId: users.id,
          name: users.name,
          username: users.username,
          pictureId: users.profilePictureId,
          email: users.email,
          role: districtMembers.role,
          joinedAt: districtMembers.joinedAt,
          allocated,
        })
        .from(districtMembers)
        .innerJoin(users, eq(users.id, districtMembers.userId))
        .where(where)
        .orderBy(
          sql`case when ${districtMembers.role} = 'Owner' then 0 else 1 end`,
          desc(districtMembers.joinedAt),
          asc(users.id),
        )
        .limit(ipp)
        .offset(cp * ipp),
      this.db.select({ total: count() }).from(districtMembers).where(where),
    ]);
    return {
      items: rows.map((r) => ({
        userId: r.userId,
        name: r.name,
        username: r.username,
        profilePicture: r.pictureId ? fileUrl(r.pictureId) : null,
        email: manager ? r.email : null,
        role: r.role === 'Owner' ? 'Owner' : 'Creator',
        allocatedSlots: Number(r.allocated),
        joinedAt: toIsoTime(r.joinedAt),
      })),
      cp,
      ipp,
      total: Number(total),
    };
  }

  private linkOf(subdomain: string, code: string) {
    const origin = districtOrigin(this.options.publicOrigin, this.options.baseDomain, subdomain);
    return `${origin}/?${invitationCodeParam}=${encodeURIComponent(code)}`;
  }

  private invitationOf(subdomain: string, row: typeof districtInvitations.$inferSelect): DistrictInvitation {
    return {
      invitationCode: row.code,
      link: this.linkOf(subdomain, row.code),
      email: row.email,
      role: row.role === 'Owner' ? 'Owner' : 'Creator',
      uses: row.uses,
      createdAt: toIsoTime(row.createdAt),
    };
  }

  /**
   * An Owner invites: a link anyone who has it may use until it is withdrawn, or (with `email`) an
   * invitation for that address, sent by e-mail and used once. New members join as Creators.
   */
  async invite(districtId: string, caller: Caller, email?: string): Promise<DistrictInvitation> {
    const district = await this.options.districts.managed(districtId, caller.userId);
    const [{ open }] = await this.db
      .select({ open: count() })
      .from(districtInvitations)
      .where(eq(districtInvitations.districtId, districtId));
    if (Number(open) >= districtRules.invitationsMax)
      throw new AppError('BUSINESS_RULE', districtMessages.tooManyInvitations);
    const code = randomBytes(18).toString('base64url');
    const [row] = await this.db
      .insert(districtInvitations)
      .values({
        code,
        districtId,
        email: email?.toLowerCase() ?? null,
        role: 'Creator',
        createdBy: caller.userId,
      })
      .returning();
    const invitation = this.invitationOf(district.subdomain, row);
    if (email) await this.mailInvitation(email, district.title, invitation.link);
    return invitation;
  }

  private async mailInvitation(to: string, title: string, link: string) {
    const text = [
      'Hello,',
      '',
      `You are invited to join ${title}, a district of Spaces, as a creator. To accept, open this link:`,
      '',
      link,
      '',
      'The link works once. If you do not know the district, you can ignore this e-mail.',
    ].join('\n');
    const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello,</p>
<p>You are invited to join <strong>${escapeHtml(title)}</strong>, a district of Spaces, as a creator.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d5bd6;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">Accept the invitation</a></p>
<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once. If you do not know the district, you can ignore this e-mail.</p>
</body></html>`;
    await queueMail(this.db, [{ to, subject: `You are invited to ${title}`, text, html }]);
  }

  /** The district's open invitations (its Owners only). */
  async invitations(districtId: string, callerId: string): Promise<{ items: DistrictInvitation[] }> {
    const district = await this.options.districts.managed(districtId, callerId);
    const rows = await this.db
      .select()
      .from(districtInvitations)
      .where(eq(districtInvitations.districtId, districtId))
      .orderBy(desc(districtInvitations.createdAt));
    return { items: rows.map((row) => this.invitationOf(district.subdomain, row)) };
  }

  /** Withdraws an invitation (its Owners only): the link stops working. */
  async withdraw(districtId: string, callerId: string, code: string): Promise<void> {
    await this.options.districts.managed(districtId, callerId);
    const gone = await this.db
      .delete(districtInvitations)
      .where(and(eq(districtInvitations.districtId, districtId), eq(districtInvitations.code, code)))
      .returning({ code: districtInvitations.code });
    if (gone.length === 0) throw notFound(districtMessages.invitationUnknown);
  }

  /**
   * The caller accepts an invitation (arriving with ?invitation_code=…): they become a member with
   * the invitation's role; a member already stays as they are. An e-mail invitation is for its
   * address and is used once.
   */
  async accept(
    code: string,
    caller: Caller,
  ): Promise<{ districtId: string; subdomain: string; districtUserRole: DistrictRole }> {
    const [user] = await this.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, caller.userId));
    if (!user) throw notFound('No user record yet: create it with POST /api/userService/user');
    const joined = await this.db.transaction(async (tx) => {
      const [invitation] = await tx
        .select()
        .from(districtInvitations)
        .where(eq(districtInvitations.code, code))
        .for('update');
      if (!invitation) throw notFound(districtMessages.invitationUnknown);
      const [district] = await tx.select().from(districts).where(eq(districts.id, invitation.districtId));
      const already = await roleIn(tx, invitation.districtId, caller.userId);
      if (already)
        return { districtId: district.id, subdomain: district.subdomain, districtUserRole: already };
      if (invitation.email) {
        const email = (user.email ?? caller.email ?? '').toLowerCase();
        if (email !== invitation.email) throw forbidden('This invitation was sent to another e-mail address');
        if (invitation.uses > 0) throw notFound(districtMessages.invitationUnknown);
      }
      const [{ n }] = await tx
        .select({ n: count() })
        .from(districtMembers)
        .where(eq(districtMembers.districtId, district.id));
      if (Number(n) >= districtRules.membersMax) throw new AppError('BUSINESS_RULE', 'This district is full');
      const role: DistrictRole = invitation.role === 'Owner' ? 'Owner' : 'Creator';
      await tx
        .insert(districtMembers)
        .values({ districtId: district.id, userId: caller.userId, role, invitationCode: code })
        .onConflictDoNothing();
      await tx
        .update(districtInvitations)
        .set({ uses: sql`${districtInvitations.uses} + 1` })
        .where(eq(districtInvitations.code, code));
      return { districtId: district.id, subdomain: district.subdomain, districtUserRole: role };
    });
    this.options.districts.changed();
    return joined;
  }

  /**
   * Takes a member out: an Owner removes anyone but the district's maker; a member leaves with
   * their own id. Their slot allocations go back to the Owners; they leave the district's groups
   * and their open hosting or promotion requests lapse (spaces it hosts stay until taken off).
   */
  async remove(districtId: string, callerId: string, userId: string): Promise<void> {
    const [district] = await this.db.select().from(districts).where(eq(districts.id, districtId));
    if (!district) throw notFound(districtMessages.notFound);
    if (userId === district.ownerId) throw new AppError('BUSINESS_RULE', districtMessages.ownerStays);
    if (callerId !== userId) await this.options.districts.managed(districtId, callerId);
    await this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(districtMembers)
        .where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.userId, userId)))
        .returning({ userId: districtMembers.userId });
      if (removed.length === 0) throw notMember();
      await tx
        .update(publishSlots)
        .set({ allocatedUserId: null, updatedAt: sql`now()` })
        .where(and(eq(publishSlots.districtId, districtId), eq(publishSlots.allocatedUserId, userId)));
      // They leave the district's groups, and their open requests to it lapse.
      await tx
        .delete(groupMembers)
        .where(
          and(
            eq(groupMembers.userId, userId),
            sql`${groupMembers.groupId} in (select ${groups.id} from ${groups} where ${groups.districtId} = ${districtId})`,
          ),
        );
      await tx
        .delete(districtSpaces)
        .where(
          and(
            eq(districtSpaces.districtId, districtId),
            eq(districtSpaces.requesterId, userId),
            eq(districtSpaces.state, 'pending'),
          ),
        );
    });
    this.options.districts.changed();
  }

  /** An Owner changes a member's role (the district's maker stays an Owner). */
  async changeRole(districtId: string, callerId: string, userId: string, role: DistrictRole): Promise<void> {
    const district = await this.options.districts.managed(districtId, callerId);
    if (userId === district.ownerId && role !== 'Owner')
      throw new AppError('BUSINESS_RULE', districtMessages.ownerStays);
    const changed = await this.db
      .update(districtMembers)
      .set({ role })
      .where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.userId, userId)))
      .returning({ userId: districtMembers.userId });
    if (changed.length === 0) throw notMember();
    this.options.districts.changed();
  }

  /** The district's slots: all of them for its Owners, those allocated to the caller for Creators. */
  async slots(districtId: string, callerId: string): Promise<{ items: DistrictSlot[] }> {
    const role = await roleIn(this.db, districtId, callerId);
    if (!role) {
      await this.options.districts.get(districtId, callerId);
      throw forbidden('Only members of the district see its slots');
    }
    const allocatedUser = sql<
      string | null
    >`(select ${users.name} from ${users} where ${users.id} = ${publishSlots.allocatedUserId})`;
    const rows = await this.db
      .select({
        slotId: publishSlots.id,
        allocatedUserId: publishSlots.allocatedUserId,
        allocatedName: allocatedUser,
        sceneId: publishSlots.sceneId,
        title: scenes.title,
      })
      .from(publishSlots)
      .leftJoin(scenes, eq(scenes.id, publishSlots.sceneId))
      .where(
        and(
          eq(publishSlots.districtId, districtId),
          role === 'Owner' ? undefined : eq(publishSlots.allocatedUserId, callerId),
        ),
      )
      .orderBy(asc(publishSlots.createdAt), asc(publishSlots.id));
    return {
      items: rows.map((r) => ({
        slotId: r.slotId,
        districtSlot: true as const,
        allocatedTo: r.allocatedUserId ? { userId: r.allocatedUserId, name: r.allocatedName ?? '' } : null,
        sceneMetadata: r.sceneId ? { sceneId: r.sceneId, title: r.title ?? '' } : null,
      })),
    };
  }

  /** An Owner allocates a slot to a member (who may then publish into it), or takes it back (null). */
  async allocate(
    districtId: string,
    callerId: string,
    slotId: string,
    userId: string | null,
  ): Promise<DistrictSlot> {
    await this.options.districts.managed(districtId, callerId);
    if (userId !== null && !(await roleIn(this.db, districtId, userId))) throw notMember();
    const [slot] = await this.db
      .update(publishSlots)
      .set({ allocatedUserId: userId, updatedAt: sql`now()` })
      .where(and(eq(publishSlots.id, slotId), eq(publishSlots.districtId, districtId)))
      .returning({ slotId: publishSlots.id });
    if (!slot) throw notFound(districtMessages.slotNotDistrict);
    const { items } = await this.slots(districtId, callerId);
    return items.find((s) => s.slotId === slotId)!;
  }
}
