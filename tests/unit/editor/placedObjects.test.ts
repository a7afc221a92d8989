import { describe, expect, it } from 'vitest';
import { parseSceneContent, type Picture } from '../../../contracts/sceneContent';
import { changedFields, findPlacedObject } from '../../../src/views/editor/placedObjects';

const parsed = parseSceneContent({
  version: 2,
  pictures: [{ id: 'p1', fileUri: '/a.jpg', width: 1, height: 1, transform: { position: [0, 1, 0] } }],
  texts3d: [{ id: 't1', text: 'Hi', transform: { position: [0, 1, 0] } }],
});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
const content = parsed.content;

describe('findPlacedObject', () => {
  it('finds an object of any list by id', () => {
    expect(findPlacedObject(content, 'p1')).toMatchObject({ list: 'pictures', object: { id: 'p1' } });
    expect(findPlacedObject(content, 't1')).toMatchObject({ list: 'texts3d', object: { text: 'Hi' } });
    expect(findPlacedObject(content, 'nope')).toBeNull();
    expect(findPlacedObject(null, 'p1')).toBeNull();
  });
});

describe('changedFields', () => {
  it('keeps only the fields that change', () => {
    const text = findPlacedObject(content, 't1')!.object as { bold: boolean; italic: boolean };
    expect(changedFields(text, { bold: true, italic: false })).toEqual({ bold: true });
  });

  it('clears a field with null only when it is set', () => {
    const picture = findPlacedObject(content, 'p1')!.object as Picture;
    expect(changedFields(picture, { frame: null })).toEqual({});
    expect(changedFields({ ...picture, frame: { color: '#000', width: 0.05 } }, { frame: null })).toEqual({
      frame: null,
    });
  });
});
