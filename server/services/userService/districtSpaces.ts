import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type DistrictSpaceAsk,
  type DistrictSpaceKind,
  districtSpaceMessages,
  type DistrictSpaceRequest,
  type DistrictSpaceRequestPage,
  districtSpaceRules,
} from '../../../contracts/districtSpaces';
import { fileUrl, thumbnailUrl } from '../../../contracts/files';
import type { Database, Executor } from '../../db';
import { uuidv7 } from '../../db/ids';
import { districtMembers, districtSpaces, districts, scenes, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { toIsoTime } from '../../support/time';
import { inDistrict, refreshSceneDistricts } from '../sceneService/sceneDistricts';
import type { NotificationService } from '../socialService/notificationService';
import type { DistrictService } from './districtService';

const conflict = (message: string) => new AppError('CONFLICT', message);
const rule = (message: string) => new AppError('BUSINESS_RULE', message);

/**
 * Hosting and promotion requests (contracts/districtSpaces.ts): a member asks a district to list
 * one of their published spaces (hosting) or to promote a space it lists (promotion); the
 * district's Owners accept or decline, and may take a hosted or promoted space off again. An
 * Owner's own ask is accepted at once. Members see their own asks; Owners see everyone's.
 */
export class DistrictSpaceRequests {
  constructor(
    private readonly options: {
      db: Database;
      districts: DistrictService;
      changed: () => void;
      /** Tells Owners of a new request and members of an answer (notification 'districtRequest'). */
      notifications?: Pick<NotificationService, 'notify'>;
      /** The address of a district's Hosting Requests page, by subdomain. */
      requestsPage: (subdomain: string) => string;
    },
  ) {}

  private get db() {
    return this.options.db;
  }

  /** The caller's role in a district they may see (404/403 as the district itself answers). */
  private async roleOf(districtId: string, callerId: string) {
    const district = await this.options.districts.get(districtId, callerId);
    return district.districtUserRole;
  }

  async ask(districtId: string, callerId: string, input: DistrictSpaceAsk): Promise<DistrictSpaceRequest> {
    const role = await this.roleOf(districtId, callerId);
    if (!role) throw forbidden(districtSpaceMessages.membersOnly);
    const kind = input.kind;
    const id = await this.db.transaction(async (tx) => {
      const [scene] = await tx
        .select({
          ownerId: scenes.ownerId,
          state: scenes.state,
          deletedAt: scenes.deletedAt,
          listed: sql<boolean>`${inDistrict(districtId)}`,
        })
        .from(scenes)
        .where(eq(scenes.id, input.sceneId))
        .for('update');
      if (!scene || scene.deletedAt) throw notFound('No such space');
      // Owners promote any space their district lists; everyone else asks for their own.
      if (scene.ownerId !== callerId && !(kind === 'promotion' && role === 'Owner'))
        throw forbidden(districtSpaceMessages.notYours);
      if (scene.state !== 'Published') throw rule(districtSpaceMessages.notPublished);
      if (kind === 'hosting' && scene.listed) throw conflict(districtSpaceMessages.alreadyHosted);
      if (kind === 'promotion' && !scene.listed) throw rule(districtSpaceMessages.notInDistrict);

      const [known] = await tx
        .select()
        .from(districtSpaces)
        .where(
          and(
            eq(districtSpaces.districtId, districtId),
            eq(districtSpaces.kind, kind),
            eq(districtSpaces.sceneId, input.sceneId),
          ),
        )
        .for('update');
      if (known?.state === 'pending' && role !== 'Owner') throw conflict(districtSpaceMessages.alreadyAsked);
      if (known?.state === 'accepted') throw conflict(districtSpaceMessages.alreadyPromoted);
      if (role !== 'Owner') {
        const [{ open }] = await tx
          .select({ open: count() })
          .from(districtSpaces)
          .where(
            and(
              eq(districtSpaces.districtId, districtId),
              eq(districtSpaces.requesterId, callerId),
              eq(districtSpaces.state, 'pending'),
            ),
          );
        if (Number(open) >= districtSpaceRules.pendingPerMember)
          throw rule(districtSpaceMessages.tooManyPending);
      }
      const decided =
        role === 'Owner'
          ? { state: 'accepted', decidedBy: callerId, decidedAt: sql`now()` }
          : { state: 'pending', decidedBy: null, decidedAt: null };
      const values = {
        requesterId: callerId,
        message: input.message ?? '',
        createdAt: sql`now()`,
        ...decided,
      };
      let requestId = known?.id;
      // A declined ask may be made again: the same row opens once more.
      if (known) await tx.update(districtSpaces).set(values).where(eq(districtSpaces.id, known.id));
      else {
        requestId = uuidv7();
        await tx
          .insert(districtSpaces)
          .values({ id: requestId, districtId, sceneId: input.sceneId, kind, ...values });
      }
      if (kind === 'hosting' && decided.state === 'accepted')
        await refreshSceneDistricts(tx, eq(scenes.id, input.sceneId));
      return requestId!;
    });
    if (role === 'Owner') this.options.changed();
    const made = await this.one(districtId, id);
    if (made.state === 'pending') await this.tellOwners(districtId, made);
    return made;
  }

  /** Every Owner of the district hears of a member's new request. */
  private async tellOwners(districtId: string, request: DistrictSpaceRequest) {
    const notify = this.options.notifications;
    if (!notify) return;
    const district = await this.nameOf(districtId);
    const owners = await this.db
      .select({ userId: districtMembers.userId })
      .from(districtMembers)
      .where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.role, 'Owner')));
    for (const { userId } of owners)
      await notify.notify(userId, 'districtRequest', {
        actorId: request.requester.userId,
        link: this.options.requestsPage(district.subdomain),
        params: { context: request.kind, district: district.title, space: request.scene.title },
      });
  }

  /** Owners see every request; members their own. Newest first. */
  async list(
    districtId: string,
    callerId: string,
    query: { kind?: DistrictSpaceKind; state: string; cp: number; ipp: number },
  ): Promise<DistrictSpaceRequestPage> {
    const role = await this.roleOf(districtId, callerId);
    if (!role) throw forbidden(districtSpaceMessages.membersOnly);
    const where: SQL[] = [eq(districtSpaces.districtId, districtId)];
    if (query.kind) where.push(eq(districtSpaces.kind, query.kind));
    if (query.state !== 'all') where.push(eq(districtSpaces.state, query.state));
    if (role !== 'Owner') where.push(eq(districtSpaces.requesterId, callerId));
    const [rows, [{ total }]] = await Promise.all([
      this.rows(this.db)
        .where(and(...where))
        .orderBy(desc(districtSpaces.createdAt), desc(districtSpaces.id))
        .limit(query.ipp)
        .offset(query.cp * query.ipp),
      this.db
        .select({ total: count() })
        .from(districtSpaces)
        .where(and(...where)),
    ]);
    return { items: rows.map(requestOf), cp: query.cp, ipp: query.ipp, total: Number(total) };
  }

  /** An Owner accepts or declines an open request. */
  async decide(districtId: string, requestId: string, callerId: string, accept: boolean) {
    const role = await this.roleOf(districtId, callerId);
    if (role !== 'Owner') throw forbidden('Only the owner of the district may answer requests');
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(districtSpaces)
        .where(and(eq(districtSpaces.id, requestId), eq(districtSpaces.districtId, districtId)))
        .for('update');
      if (!row) throw notFound(districtSpaceMessages.noSuchRequest);
      if (row.state !== 'pending') throw conflict(districtSpaceMessages.notPending);
      if (accept) {
        const [scene] = await tx
          .select({ state: scenes.state, listed: sql<boolean>`${inDistrict(districtId)}` })
          .from(scenes)
          .where(eq(scenes.id, row.sceneId));
        if (scene?.state !== 'Published') throw rule(districtSpaceMessages.notPublished);
        if (row.kind === 'promotion' && !scene.listed) throw rule(districtSpaceMessages.notInDistrict);
      }
      await tx
        .update(districtSpaces)
        .set({ state: accept ? 'accepted' : 'declined', decidedBy: callerId, decidedAt: sql`now()` })
        .where(eq(districtSpaces.id, requestId));
      if (row.kind === 'hosting' && accept) await refreshSceneDistricts(tx, eq(scenes.id, row.sceneId));
    });
    if (accept) this.options.changed();
    const answered = await this.one(districtId, requestId);
    const district = await this.nameOf(districtId);
    await this.options.notifications?.notify(answered.requester.userId, 'districtRequest', {
      actorId: callerId,
      link: this.options.requestsPage(district.subdomain),
      params: { context: answered.state, district: district.title, space: answered.scene.title },
    });
    return answered;
  }

  /**
   * Takes a request back: its member withdraws it (or their hosted space), an Owner takes a hosted
   * or promoted space off. Taking a space off hosting takes it off the Promoted list too.
   */
  async remove(districtId: string, requestId: string, callerId: string): Promise<void> {
    const role = await this.roleOf(districtId, callerId);
    if (!role) throw forbidden(districtSpaceMessages.membersOnly);
    const removed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(districtSpaces)
        .where(and(eq(districtSpaces.id, requestId), eq(districtSpaces.districtId, districtId)))
        .for('update');
      if (!row || (role !== 'Owner' && row.requesterId !== callerId))
        throw notFound(districtSpaceMessages.noSuchRequest);
      await tx.delete(districtSpaces).where(eq(districtSpaces.id, requestId));
      if (row.state !== 'accepted') return false;
      if (row.kind === 'hosting') {
        await refreshSceneDistricts(tx, eq(scenes.id, row.sceneId));
        // No longer listed (unless it is in one of the district's slots): no longer promoted.
        const [still] = await tx
          .select({ listed: sql<boolean>`${inDistrict(districtId)}` })
          .from(scenes)
          .where(eq(scenes.id, row.sceneId));
        if (!still?.listed)
          await tx
            .delete(districtSpaces)
            .where(
              and(
                eq(districtSpaces.districtId, districtId),
                eq(districtSpaces.sceneId, row.sceneId),
                eq(districtSpaces.kind, 'promotion'),
              ),
            );
      }
      return true;
    });
    if (removed) this.options.changed();
  }

  /** The district's title and subdomain (what its notifications name and link to). */
  private async nameOf(districtId: string) {
    const [district] = await this.db
      .select({ title: districts.title, subdomain: districts.subdomain })
      .from(districts)
      .where(eq(districts.id, districtId));
    return district;
  }

  private rows(db: Executor) {
    return db
      .select({
        request: districtSpaces,
        requesterName: users.name,
        requesterPictureId: users.profilePictureId,
        title: scenes.title,
        coverPhotoId: scenes.coverPhotoId,
      })
      .from(districtSpaces)
      .innerJoin(scenes, eq(scenes.id, districtSpaces.sceneId))
      .leftJoin(users, eq(users.id, districtSpaces.requesterId))
      .$dynamic();
  }

  private async one(districtId: string, requestId: string): Promise<DistrictSpaceRequest> {
    const [row] = await this.rows(this.db).where(
      and(eq(districtSpaces.id, requestId), eq(districtSpaces.districtId, districtId)),
    );
    if (!row) throw notFound(districtSpaceMessages.noSuchRequest);
    return requestOf(row);
  }
}

function requestOf(row: {
  request: typeof districtSpaces.$inferSelect;
  requesterName: string | null;
  requesterPictureId: string | null;
  title: string;
  coverPhotoId: string | null;
}): DistrictSpaceRequest {
  const r = row.request;
  return {
    requestId: r.id,
    districtId: r.districtId,
    kind: r.kind === 'promotion' ? 'promotion' : 'hosting',
    state: r.state === 'accepted' ? 'accepted' : r.state === 'declined' ? 'declined' : 'pending',
    message: r.message,
    requester: {
      userId: r.requesterId,
      name: row.requesterName ?? '',
      profilePicture: row.requesterPictureId ? fileUrl(row.requesterPictureId) : null,
    },
    scene: {
      sceneId: r.sceneId,
      title: row.title,
      thumbnailUri: row.coverPhotoId ? thumbnailUrl(row.coverPhotoId) : null,
    },
    createdAt: toIsoTime(r.createdAt),
    decidedAt: r.decidedAt ? toIsoTime(r.decidedAt) : null,
  };
}
