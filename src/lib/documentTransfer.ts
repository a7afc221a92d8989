import type { SceneContentIssue } from '../../contracts/sceneContent';

/**
 * Handing a document from the editor mode of the workbench to its viewer mode: the editor stores
 * its export in sessionStorage and opens `?content=session`, which reads it back.
 */

export const sessionContentKey = 'engine-dev-content';
/** The `content` query value that means "the document in sessionStorage". */
export const sessionContentSource = 'session';
export const viewerOfSessionContent = `/dev/engine?mode=viewer&content=${sessionContentSource}`;

/** The stored document as parsed JSON; undefined when there is none or it is not JSON. */
export function readSessionDocument(storage: Pick<Storage, 'getItem'>): unknown {
  const text = storage.getItem(sessionContentKey);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Validation issues as lines to show: 'pictures.0.fileUri: Expected ...'. */
export const describeIssues = (issues: readonly SceneContentIssue[]) =>
  issues.map((issue) => `${issue.path || '(document)'}: ${issue.message}`);
