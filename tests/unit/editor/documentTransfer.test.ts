import { describe, expect, it } from 'vitest';
import {
  describeIssues,
  readSessionDocument,
  sessionContentKey,
  viewerOfSessionContent,
} from '../../../src/lib/documentTransfer';

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === sessionContentKey ? value : null),
});

describe('handing a document to the viewer', () => {
  it('uses the session storage key and address the workbench reads', () => {
    expect(sessionContentKey).toBe('engine-dev-content');
    expect(viewerOfSessionContent).toBe('/dev/engine?mode=viewer&content=session');
  });

  it('reads the stored document back', () => {
    expect(readSessionDocument(storage('{"version":2}'))).toEqual({ version: 2 });
    expect(readSessionDocument(storage(null))).toBeUndefined();
    expect(readSessionDocument(storage('{oops'))).toBeUndefined();
  });

  it('describes validation issues by path', () => {
    expect(
      describeIssues([
        { path: 'pictures.0.fileUri', message: 'Bad' },
        { path: '', message: 'Not an object' },
      ]),
    ).toEqual(['pictures.0.fileUri: Bad', '(document): Not an object']);
  });
});
