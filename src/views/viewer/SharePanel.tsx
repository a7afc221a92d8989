import { ShareBody, viewerUrl } from '../kit/ShareModal';

/** The Share panel (platform.md §2.8): the share modal's content, in the sidebar. */
export function SharePanel({ sceneId, title }: { sceneId: string; title: string }) {
  return <ShareBody url={viewerUrl(sceneId)} title={title} />;
}
