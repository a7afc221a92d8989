/** The viewer link of a space: `${origin}/viewer/{sceneId}`. */
export function viewerUrl(sceneId: string, origin: string = window.location.origin): string {
  return `${origin}/viewer/${encodeURIComponent(sceneId)}`;
}

/** The parameter of an invitation's link that names the instance of the space to join. */
const instanceParam = 'instance';

/** An invitation to a space: its viewer link, naming the inviter's instance when they are in one. */
export function inviteUrl(sceneId: string, instanceId: string | null, origin?: string): string {
  const url = viewerUrl(sceneId, origin);
  return instanceId ? `${url}?${instanceParam}=${encodeURIComponent(instanceId)}` : url;
}

/** The instance an invitation's link names (its query string), if it names one. */
export function invitedInstance(search: string): string | undefined {
  const instance = new URLSearchParams(search).get(instanceParam);
  return instance && /^[0-9]{1,9}$/.test(instance) ? instance : undefined;
}
