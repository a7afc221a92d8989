import { fileUrl, thumbnailUrl } from '../../../contracts/files';
import type { SceneMetadata } from '../../../contracts/scenes';
import type { publishedScenes, scenes } from '../../db/schema';
import { toIsoTime } from '../../support/time';

/** A space's row and its published snapshot's, and how they read as SceneMetadata. */

export type SceneRow = typeof scenes.$inferSelect;
export type PublishedRow = typeof publishedScenes.$inferSelect;

export interface Creator {
  name: string | null;
  profilePictureId: string | null;
  /** Their avatar (contracts/avatars.ts), when the loader selected it. */
  avatar?: string | null;
  /** The comments visitors see (socialService/counts.ts), when the loader selected them. */
  commentCount?: number | string | null;
}

/** The metadata fields a published snapshot overrides. */
export type Snapshot = Pick<
  PublishedRow,
  | 'title'
  | 'description'
  | 'tags'
  | 'adultContent'
  | 'comments'
  | 'audioUri'
  | 'coverPhotoId'
  | 'photoGalleryIds'
  | 'contentUpdatedAt'
  | 'publishedAt'
>;

const time = (value: string | null) => (value ? toIsoTime(value) : null);

/**
 * A space as SceneMetadata: the draft's fields, or the published snapshot's when given. `hideAcl`
 * empties the ACL lists: only the owner learns who is invited.
 */
export function toMetadata(
  row: SceneRow,
  creator: Creator | null,
  snapshot?: Snapshot,
  options: { hideAcl?: boolean } = {},
): SceneMetadata {
  const m = snapshot ?? row;
  const acl = (list: string[] | null) => (options.hideAcl ? [] : (list ?? []));
  return {
    sceneId: row.id,
    title: m.title,
    description: m.description,
    tags: m.tags ?? [],
    state: row.state === 'Published' ? 'Published' : 'Draft',
    visible: row.visible,
    adultContent: m.adultContent,
    comments: m.comments,
    ownerId: row.ownerId,
    creatorId: row.creatorId,
    creator: {
      userId: row.creatorId,
      name: creator?.name ?? '',
      profilePicture: creator?.profilePictureId ? fileUrl(creator.profilePictureId) : null,
    },
    coverPhotoUri: m.coverPhotoId ? fileUrl(m.coverPhotoId) : null,
    thumbnailUri: m.coverPhotoId ? thumbnailUrl(m.coverPhotoId) : null,
    photoGallery: (m.photoGalleryIds ?? []).map(fileUrl),
    audioUri: m.audioUri,
    districtId: row.districtId,
    districtSubdomain: row.districtSubdomain,
    publishedPublicDistricts: row.publishedPublicDistricts ?? [],
    publishedPrivateDistricts: options.hideAcl ? [] : (row.publishedPrivateDistricts ?? []),
    publishedPublic: row.publishedPublic,
    publishedAt: time(snapshot ? snapshot.publishedAt : row.publishedAt),
    createdAt: toIsoTime(row.createdAt),
    updatedAt: toIsoTime(snapshot ? snapshot.publishedAt : row.updatedAt),
    contentUpdatedAt: time(m.contentUpdatedAt),
    likes: Number(row.likes ?? 0),
    views: Number(row.views ?? 0),
    commentCount: Number(creator?.commentCount ?? 0),
    privacyACLEnabled: row.privacyAclEnabled,
    userPrivacyACL: acl(row.userPrivacyAcl),
    groupPrivacyACL: acl(row.groupPrivacyAcl),
    communicationACLEnabled: row.communicationAclEnabled,
    userCommunicationACL: acl(row.userCommunicationAcl),
    groupCommunicationACL: acl(row.groupCommunicationAcl),
  };
}

/** Files a space's metadata refers to (its cover and gallery), each once. */
export const metadataFileIds = (m: Pick<SceneRow, 'coverPhotoId' | 'photoGalleryIds'>) => [
  ...new Set([...(m.coverPhotoId ? [m.coverPhotoId] : []), ...(m.photoGalleryIds ?? [])]),
];

/** `/api/fileService/file/{id}` (or a full url ending so) to the file id; undefined otherwise. */
export function fileIdOfUrl(url: string): string | undefined {
  const match =
    /\/api\/fileService\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[?#].*)?$/.exec(
      url.trim(),
    );
  return match?.[1];
}
