// @vitest-environment node
// The documents reference files on disk and the room geometry is plain numbers: no DOM needed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { premadeStart, premadeTemplates } from '../../contracts/premadeSpaces';
import {
  type Level,
  objectListKeys,
  parseSceneContent,
  type SceneContent,
  spaceTemplateKinds,
  spaceTemplateSizes,
  type Transform,
} from '../../contracts/sceneContent';
import { spaceTemplateFamilies } from '../../contracts/spaceTemplates';
import { demoSpaces, stagedTemplate } from '../../server/db/demo';
import { stairsLayout } from '../../geometry/stairs';
import { templateSpace } from '../../geometry/templates';

/**
 * The demo spaces a fresh install is seeded with (server/db/demo): valid documents on
 * premade rooms, with everything where a visitor expects it. The geometry here is worked out
 * again from the engine's rooms, independently of the helpers that placed things.
 */

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
const spaces = demoSpaces();

type Plan = [number, number];

/** Every uri a document references. */
function urisOf(content: SceneContent): string[] {
  return [
    ...content.pictures.map((p) => p.fileUri),
    ...content.models3d.flatMap((m) => [m.fileUri, ...(m.mtlUri ? [m.mtlUri] : [])]),
    ...content.videos.flatMap((v) => (v.source === 'file' ? [v.fileUri] : [])),
    ...(content.ambientSoundUri ? [content.ambientSoundUri] : []),
  ];
}

function levelsOf(content: SceneContent): Level[] {
  return templateSpace(content.spaceTemplate!).levels;
}

/** The level whose storey contains height `y` (between its floor and its ceiling). */
function levelAt(content: SceneContent, y: number): Level {
  const level = levelsOf(content).find((l) => y >= l.elevation - 1e-6 && y <= l.elevation + l.height + 1e-6);
  if (!level) throw new Error(`Nothing at height ${y}`);
  return level;
}

function distanceToSegment(p: Plan, a: Plan, b: Plan) {
  const [dx, dz] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / (dx * dx + dz * dz)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dz);
}

/**
 * Where a flat thing `width` × `height` with this transform hangs: the wall whose face it is flush
 * against (within `tolerance` in front of the face, facing away from it, wholly on the wall, clear
 * of its openings), or a description of why there is none.
 */
function wallBehind(
  content: SceneContent,
  transform: Transform,
  width: number,
  height: number,
  tolerance = 0.05,
): { wallId: string } | { problem: string } {
  const [x, y, z] = transform.position;
  const level = levelAt(content, y);
  const yaw = (transform.rotation[1] * Math.PI) / 180;
  const facing: Plan = [Math.sin(yaw), Math.cos(yaw)];
  const problems: string[] = [];
  for (const wall of level.walls) {
    const length = Math.hypot(wall.to[0] - wall.from[0], wall.to[1] - wall.from[1]);
    const dir: Plan = [(wall.to[0] - wall.from[0]) / length, (wall.to[1] - wall.from[1]) / length];
    const across = (x - wall.from[0]) * -dir[1] + (z - wall.from[1]) * dir[0];
    const gap = Math.abs(across) - wall.thickness / 2;
    if (gap < 0 || gap > tolerance) continue;
    const out = Math.sign(across);
    // Facing straight out of the wall.
    if (facing[0] * -dir[1] * out + facing[1] * dir[0] * out < 0.999) {
      problems.push(`${wall.id}: not facing out`);
      continue;
    }
    const along = (x - wall.from[0]) * dir[0] + (z - wall.from[1]) * dir[1];
    const [s0, s1] = [along - width / 2, along + width / 2];
    const [y0, y1] = [y - height / 2 - level.elevation, y + height / 2 - level.elevation];
    if (s0 < -wall.thickness / 2 || s1 > length + wall.thickness / 2) {
      problems.push(`${wall.id}: runs off the wall`);
      continue;
    }
    if (y0 < 0 || y1 > level.height) {
      problems.push(`${wall.id}: below the floor or above the ceiling`);
      continue;
    }
    const opening = level.openings.find(
      (o) =>
        o.wallId === wall.id &&
        s0 < o.offset + o.width &&
        s1 > o.offset &&
        y0 < o.sill + o.height &&
        y1 > o.sill,
    );
    if (opening) {
      problems.push(`${wall.id}: covers ${opening.id}`);
      continue;
    }
    // No wall that meets this one stands in the way on this side.
    const crossing = level.walls.find((other) => {
      if (other.id === wall.id) return false;
      return [other.from, other.to].some((p, i) => {
        const q = i === 0 ? other.to : other.from;
        const pa = (p[0] - wall.from[0]) * -dir[1] + (p[1] - wall.from[1]) * dir[0];
        const qa = (q[0] - wall.from[0]) * -dir[1] + (q[1] - wall.from[1]) * dir[0];
        const ps = (p[0] - wall.from[0]) * dir[0] + (p[1] - wall.from[1]) * dir[1];
        return (
          Math.abs(pa) <= wall.thickness / 2 + 0.01 &&
          Math.sign(qa) === out &&
          ps + other.thickness / 2 > s0 &&
          ps - other.thickness / 2 < s1
        );
      });
    });
    if (crossing) {
      problems.push(`${wall.id}: behind ${crossing.id}`);
      continue;
    }
    return { wallId: wall.id };
  }
  return { problem: problems.join('; ') || `no wall face within ${tolerance} m` };
}

/** Why a standing thing at plan point `p` on `level` is badly placed, or null. */
function floorProblem(content: SceneContent, level: Level, p: Plan, radius: number): string | null {
  const xs = level.walls.flatMap((w) => [w.from[0], w.to[0]]);
  const zs = level.walls.flatMap((w) => [w.from[1], w.to[1]]);
  if (p[0] < Math.min(...xs) || p[0] > Math.max(...xs) || p[1] < Math.min(...zs) || p[1] > Math.max(...zs)) {
    return 'outside the room';
  }
  for (const wall of level.walls) {
    if (distanceToSegment(p, wall.from, wall.to) < wall.thickness / 2 + radius) return `in ${wall.id}`;
  }
  for (const from of levelsOf(content)) {
    for (const stairs of from.stairs) {
      if (from.id !== level.id && stairs.toLevel !== level.id) continue;
      const f = stairsLayout(stairs, from.elevation).footprint;
      const xsF = f.map((q) => q[0]);
      const zsF = f.map((q) => q[1]);
      if (
        p[0] > Math.min(...xsF) &&
        p[0] < Math.max(...xsF) &&
        p[1] > Math.min(...zsF) &&
        p[1] < Math.max(...zsF)
      ) {
        return `on ${stairs.id}`;
      }
    }
  }
  return null;
}

describe('demo spaces', () => {
  it('are twelve valid documents with unique titles', () => {
    expect(spaces).toHaveLength(12);
    expect(new Set(spaces.map((s) => s.title)).size).toBe(12);
    for (const space of spaces) {
      const parsed = parseSceneContent(JSON.parse(JSON.stringify(space.content)));
      if (!parsed.ok) throw new Error(`${space.title}: ${JSON.stringify(parsed.issues)}`);
      expect(parsed.content).toEqual(space.content);
      expect(space.description.length).toBeGreaterThan(80);
      expect(space.tags.length).toBeGreaterThanOrEqual(3);
      expect(space.content.customSpace).toBeUndefined();
    }
  });

  it('use catalogue templates of every family, size and kind, and spread over three owners', () => {
    for (const space of spaces) {
      const template = premadeTemplates.find((t) => t.spaceTemplateId === space.templateId);
      expect(template, space.templateId).toBeDefined();
      expect(space.content.spaceTemplate).toEqual({
        family: template!.spaceTemplateFamilyId,
        size: template!.size,
        kind: template!.kind,
      });
      expect(space.content.startingPosition).toEqual(
        premadeStart(space.content.spaceTemplate!).startingPosition,
      );
    }
    const choices = spaces.map((s) => s.content.spaceTemplate!);
    expect(new Set(choices.map((c) => c.family))).toEqual(
      new Set(spaceTemplateFamilies.map((f) => f.family)),
    );
    expect(new Set(choices.map((c) => c.size))).toEqual(new Set(spaceTemplateSizes));
    expect(new Set(choices.map((c) => c.kind))).toEqual(new Set(spaceTemplateKinds));
    const owners = spaces.map((s) => s.ownerIndex);
    expect(new Set(owners)).toEqual(new Set([0, 1, 2]));
    for (const owner of [0, 1, 2]) expect(owners.filter((o) => o === owner).length).toBeGreaterThanOrEqual(3);
  });

  it('each have pictures, models, texts, an info point and a guided tour of 2 to 4 points', () => {
    for (const { title, content } of spaces) {
      expect(content.pictures.length, title).toBeGreaterThanOrEqual(5);
      expect(content.models3d.length, title).toBeGreaterThanOrEqual(1);
      expect(content.texts3d.length, title).toBeGreaterThanOrEqual(1);
      expect(content.infoPoints.length + content.portals.length, title).toBeGreaterThanOrEqual(1);
      expect(content.guidedTours.length, title).toBeGreaterThanOrEqual(1);
      for (const tour of content.guidedTours) {
        expect(tour.points.length, title).toBeGreaterThanOrEqual(2);
        expect(tour.points.length, title).toBeLessThanOrEqual(4);
        expect(tour.points.map((p) => p.order)).toEqual(tour.points.map((_, i) => i));
      }
    }
  });

  it('use ids once each within a document', () => {
    for (const { title, content } of spaces) {
      const ids = [
        ...objectListKeys.flatMap((key) => content[key].map((o) => o.id)),
        ...content.guidedTours.flatMap((t) => [t.guidedTourId, ...t.points.map((p) => p.guidedTourPointId)]),
      ];
      expect(new Set(ids).size, title).toBe(ids.length);
    }
  });

  it('only reference demo files that exist', () => {
    const uris = new Set(spaces.flatMap((s) => urisOf(s.content)));
    expect(uris.size).toBeGreaterThan(50);
    for (const uri of uris) {
      expect(uri).toMatch(/^\/demo\//);
      expect(existsSync(path.join(publicDir, uri)), uri).toBe(true);
    }
  });

  it('show each picture with its own proportions', async () => {
    const files = new Set(spaces.flatMap((s) => s.content.pictures.map((p) => p.fileUri)));
    const aspects = new Map<string, number>();
    for (const uri of files) {
      const { width, height } = await sharp(path.join(publicDir, uri)).metadata();
      aspects.set(uri, width! / height!);
    }
    for (const { content } of spaces) {
      for (const p of content.pictures) {
        expect(p.width / p.height, p.id).toBeCloseTo(aspects.get(p.fileUri)!, 1);
      }
    }
  });

  it('hang pictures, texts and videos flush on a wall of their room, clear of doors and windows', () => {
    for (const { title, content } of spaces) {
      const flat = [
        ...content.pictures.map((p) => ({
          id: p.id,
          transform: p.transform,
          w: p.width + 2 * (p.frame?.width ?? 0),
          h: p.height + 2 * (p.frame?.width ?? 0),
        })),
        ...content.videos.map((v) => ({ id: v.id, transform: v.transform, w: v.width, h: v.height })),
        // Texts: only their centre line is checked (their width depends on the font).
        ...content.texts3d.map((t) => ({ id: t.id, transform: t.transform, w: 0.01, h: 0.01 })),
      ];
      for (const item of flat) {
        const found = wallBehind(content, item.transform, item.w, item.h);
        expect(found, `${title} / ${item.id}`).toHaveProperty('wallId');
      }
    }
  });

  it('keep pictures apart from each other on their walls', () => {
    for (const { title, content } of spaces) {
      const boxes = content.pictures.map((p) => {
        const yaw = (p.transform.rotation[1] * Math.PI) / 180;
        const right: Plan = [Math.cos(yaw), -Math.sin(yaw)];
        const f = p.frame?.width ?? 0;
        return { p, right, w: p.width / 2 + f, h: p.height / 2 + f };
      });
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          if (a.p.transform.rotation[1] !== b.p.transform.rotation[1]) continue;
          const [ax, ay, az] = a.p.transform.position;
          const [bx, by, bz] = b.p.transform.position;
          const along = Math.abs((bx - ax) * a.right[0] + (bz - az) * a.right[1]);
          const across = Math.abs((bx - ax) * -a.right[1] + (bz - az) * a.right[0]);
          const overlap = across < 0.05 && along < a.w + b.w && Math.abs(by - ay) < a.h + b.h;
          expect(overlap, `${title}: ${a.p.id} and ${b.p.id}`).toBe(false);
        }
      }
    }
  });

  it('stand models, props and info points on the floor of a room, clear of walls and stairs', () => {
    for (const { title, content } of spaces) {
      const levels = levelsOf(content);
      const standing = [
        ...content.models3d.map((m) => ({ id: m.id, position: m.transform.position, radius: 0.3 })),
        ...content.props.map((p) => ({ id: p.id, position: p.transform.position, radius: 0.2 })),
        ...content.infoPoints.map((p) => ({
          id: p.id,
          position: [p.transform.position[0], p.transform.position[1] - 1.4, p.transform.position[2]],
          radius: 0.3,
        })),
      ];
      for (const item of standing) {
        const [x, y, z] = item.position;
        // On a level's floor, or on a pedestal (1 m) standing on it.
        const level = levels.find(
          (l) => Math.abs(l.elevation - y) < 1e-6 || Math.abs(l.elevation + 1 - y) < 1e-6,
        );
        expect(level, `${title} / ${item.id}`).toBeDefined();
        expect(floorProblem(content, level!, [x, z], item.radius), `${title} / ${item.id}`).toBeNull();
      }
      for (const model of content.models3d.filter((m) =>
        levels.every((l) => l.elevation !== m.transform.position[1]),
      )) {
        const [x, , z] = model.transform.position;
        const pedestal = content.props.find(
          (p) => p.propId === 'pedestal' && p.transform.position[0] === x && p.transform.position[2] === z,
        );
        expect(pedestal, `${title} / ${model.id} stands on a pedestal`).toBeDefined();
      }
    }
  });

  it('start the visitor and every tour stop inside the room, at eye height above a floor', () => {
    for (const { title, content } of spaces) {
      const levels = levelsOf(content);
      const eyes = [
        { id: 'start', position: content.startingPosition },
        ...content.guidedTours.flatMap((t) =>
          t.points.map((p) => ({ id: p.guidedTourPointId, position: p.position })),
        ),
      ];
      for (const eye of eyes) {
        const [x, y, z] = eye.position;
        const level = levels.find((l) => Math.abs(l.elevation + 1.6 - y) < 1e-6);
        expect(level, `${title} / ${eye.id}`).toBeDefined();
        expect(floorProblem(content, level!, [x, z], 0.3), `${title} / ${eye.id}`).toBeNull();
      }
    }
  });

  it('stage every premade room for its catalogue photo with pictures on its walls', () => {
    for (const t of premadeTemplates) {
      const content = stagedTemplate({ family: t.spaceTemplateFamilyId, size: t.size, kind: t.kind });
      expect(parseSceneContent(JSON.parse(JSON.stringify(content))).ok, t.spaceTemplateId).toBe(true);
      expect(content.pictures.length, t.spaceTemplateId).toBeGreaterThanOrEqual(5);
      for (const p of content.pictures) {
        expect(
          wallBehind(content, p.transform, p.width, p.height),
          `${t.spaceTemplateId} / ${p.id}`,
        ).toHaveProperty('wallId');
      }
      for (const prop of content.props) {
        const [x, y, z] = prop.transform.position;
        expect(floorProblem(content, levelAt(content, y), [x, z], 0.2), t.spaceTemplateId).toBeNull();
      }
    }
  });
});
