import { ShareBody, viewerUrl } from '../kit/ShareModal';

/**
 * The Share panel (platform.md §2.8): the share modal's content, in the sidebar. The link carries
 * `from=share`, so the owner's insights count the visits it brings as coming from a shared link.
 */
export function SharePanel({ sceneId, title }: { sceneId: string; title: string }) {
  return <ShareBody url={`${viewerUrl(sceneId)}?from=share`} title={title} />;
}
