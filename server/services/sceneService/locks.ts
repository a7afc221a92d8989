/**
 * Classes of the advisory locks the scene service takes (pg_advisory_xact_lock(class, key)), in
 * one place so that no two kinds of lock share one:
 * - drafts: one owner's drafts (key: hashtext(owner)), so two creations cannot both take the last free draft;
 * - blobs: stored blobs (key 0), shared while pointing at blobs, exclusive while removing them;
 * - slots: one owner's publishing slots (key: hashtext(owner));
 * - assetStorage: one owner's asset library (key: hashtext(owner)), so two uploads cannot both take the
 *   last free bytes of the storage quota (taken by the asset service);
 * - groups: one owner's groups (key: hashtext(owner)), so two creations cannot both pass the limit
 *   of groups a user owns (taken by the user service's groups).
 */
export const lockClasses = {
  drafts: 7411,
  blobs: 7412,
  slots: 7413,
  assetStorage: 7414,
  groups: 7415,
} as const;
