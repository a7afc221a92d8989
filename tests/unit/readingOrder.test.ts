import { describe, expect, it } from 'vitest';
import { SceneContent, type SceneContentInput } from '../../contracts/sceneContent';
import { readingOrder, spaceListItems, viewpointOf } from '../../src/lib/readingOrder';

const transform = (x: number, y: number, z: number, yaw = 0) => ({
  position: [x, y, z] as [number, number, number],
  rotation: [0, yaw, 0] as [number, number, number],
});
const picture = (id: string, x: number, z: number, yaw = 0, y = 1.7) => ({
  id,
  fileUri: `/files/${id}.jpg`,
  title: id,
  width: 1,
  height: 1,
  transform: transform(x, y, z, yaw),
});
const content = (doc: Partial<SceneContentInput>) => SceneContent.parse({ version: 2, ...doc });
const ids = (doc: SceneContent) => readingOrder(doc).map((level) => level.items.map((i) => i.id));

describe('reading order', () => {
  it('lists every work and info point of the space once, with what the list view reads', () => {
    const doc = content({
      pictures: [{ ...picture('p1', 0, -4), altText: 'A red boat', artist: 'Ann', year: '1999' }],
      videos: [{ id: 'v1', source: 'youtube', youtubeId: 'abcdefghijk', transform: transform(2, 1.5, -4) }],
      models3d: [
        { id: 'm1', format: 'glb', fileUri: '/f/m.glb', title: 'Vase', transform: transform(0, 0, 0) },
      ],
      texts3d: [{ id: 't1', text: 'Welcome', transform: transform(-2, 2, -4) }],
      infoPoints: [{ id: 'i1', title: 'About', text: 'The show', transform: transform(3, 1.4, 0) }],
      webViews3d: [
        { id: 'w1', url: 'https://example.org/', width: 1, height: 1, transform: transform(4, 1.5, 0) },
      ],
      props: [{ id: 'prop1', propId: 'sofa', transform: transform(1, 0, 1) }],
      portals: [{ id: 'door', targetSceneId: 'elsewhere', transform: transform(0, 1, 4) }],
    });
    const items = spaceListItems(doc);
    expect(items.map((i) => i.id).sort()).toEqual(['i1', 'm1', 'p1', 't1', 'v1', 'w1']);
    expect(items.find((i) => i.id === 'p1')).toMatchObject({
      kind: 'picture',
      title: 'p1',
      altText: 'A red boat',
      artist: 'Ann',
      year: '1999',
    });
    expect(items.find((i) => i.id === 'i1')).toMatchObject({ title: 'About', description: 'The show' });
    expect(ids(doc).flat().sort()).toEqual(['i1', 'm1', 'p1', 't1', 'v1', 'w1']);
  });

  it('follows the first public guided tour: the works each stop looks at, left to right', () => {
    // A north wall (z = -4) with a, b, c from west to east, and d on the east wall.
    const doc = content({
      pictures: [picture('c', 2, -4), picture('a', -2, -4), picture('d', 4, 0, 270), picture('b', 0, -4)],
      guidedTours: [
        // A private tour first: it does not count.
        {
          guidedTourId: 'private',
          title: 'Draft',
          public: false,
          points: [
            { guidedTourPointId: 'x', title: 'East', position: [0, 1.6, 0], rotation: [0, 270, 0], order: 0 },
          ],
        },
        {
          guidedTourId: 'tour',
          title: 'Tour',
          public: true,
          points: [
            // Listed out of order: `order` decides. The second stop looks east at d.
            {
              guidedTourPointId: 's2',
              title: 'East',
              position: [1, 1.6, 0],
              rotation: [0, 270, 0],
              order: 1,
            },
            { guidedTourPointId: 's1', title: 'North', position: [0, 1.6, 0], rotation: [0, 0, 0], order: 0 },
          ],
        },
      ],
    });
    expect(ids(doc)).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('puts works no stop shows after the tour, walking round the room clockwise from the entrance', () => {
    // The visitor enters at the south (z = 4). Clockwise seen from above, from the south: west,
    // north, east.
    const doc = content({
      startingPosition: [0, 1.6, 3],
      pictures: [
        picture('north', 0, -4),
        picture('east', 4, 0, 270),
        picture('west', -4, 0, 90),
        picture('south', 0, 4, 180),
      ],
    });
    expect(ids(doc)).toEqual([['south', 'west', 'north', 'east']]);

    const toured = content({
      ...doc,
      guidedTours: [
        {
          guidedTourId: 'tour',
          title: 'Tour',
          public: true,
          points: [
            { guidedTourPointId: 's', title: 'East', position: [0, 1.6, 0], rotation: [0, 270, 0], order: 0 },
          ],
        },
      ],
    });
    expect(ids(toured)).toEqual([['east', 'south', 'west', 'north']]);
  });

  it('groups works by level, lowest first, each level in its own order', () => {
    const doc = content({
      customSpace: {
        levels: [
          { id: 'upper', name: 'Upper floor', elevation: 4 },
          { id: 'ground', name: 'Ground floor', elevation: 0 },
          { id: 'empty', name: 'Roof', elevation: 8 },
        ],
      },
      pictures: [picture('up', 0, -4, 0, 5.7), picture('down', 0, -4)],
    });
    const levels = readingOrder(doc);
    expect(levels.map((l) => [l.name, l.items.map((i) => i.id)])).toEqual([
      ['Ground floor', ['down']],
      ['Upper floor', ['up']],
    ]);
  });

  it('stands in front of a flat work looking at it, and beside a model facing it', () => {
    const doc = content({
      pictures: [picture('east-wall', 4, 0, 270)],
      models3d: [{ id: 'm', format: 'glb', fileUri: '/f/m.glb', transform: transform(0, 0, -3) }],
    });
    const [pictureItem, model] = spaceListItems(doc);
    const front = viewpointOf(pictureItem, 0);
    expect(front.position[0]).toBeCloseTo(2.2);
    expect(front.position[1]).toBeCloseTo(1.6);
    expect(front.position[2]).toBeCloseTo(0);
    // Looking east: forward (-sin, -cos) of 270° is +x.
    expect(front.yaw).toBe(270);

    const beside = viewpointOf(model, 0, [0, 0]);
    expect(beside.position[2]).toBeCloseTo(-0.5);
    const forward = [-Math.sin((beside.yaw * Math.PI) / 180), -Math.cos((beside.yaw * Math.PI) / 180)];
    expect(forward[0]).toBeCloseTo(0);
    expect(forward[1]).toBeCloseTo(-1);
  });
});
