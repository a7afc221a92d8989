/** The viewer link of a space: `${origin}/viewer/{sceneId}`. */
export function viewerUrl(sceneId: string, origin: string = window.location.origin): string {
  return `${origin}/viewer/${encodeURIComponent(sceneId)}`;
}
