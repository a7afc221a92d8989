import {
  BufferGeometry,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
  Points,
  PointsMaterial,
  Vector3,
} from 'three';
import type { Level, MaterialOverride } from '../../../../contracts/sceneContent';
import type { EditorToolName, ToolOptions } from '../../protocol';
import type { Vec2 } from '../../../../geometry/plan';
import { metreBox } from '../build/geometry';
import type { Command } from './commands';
import type { EditorDocument } from './document';
import { addOpening, addStairs, addWall, openingAt, paintSurface } from './edits/space';
import type { Rejection } from './edits/rejection';
import { snapPoint } from './snapping';
import type { Pick } from './viewport';

/**
 * The editor's tools, one per gesture set (STYLE.md 15): each gets clicks and pointer moves with
 * what is under the pointer, and Escape. The select tool is the editor's own (input.ts); these
 * build: walls drawn point by point, doors and windows put on walls, stairs put on floors,
 * surfaces painted and erased.
 */

/** Tools that build the space: the camera looks down on the level being built while they are on. */
export const isConstructionTool = (name: EditorToolName) =>
  name === 'wall' || name === 'opening' || name === 'stairs';

/** What an edit gives back: its command (alone or with the ids it made), or why not. */
export type EditResult = Command | Rejection | { command: Command };

export interface ToolContext {
  doc: EditorDocument;
  /** Runs an edit's command, or reports why it could not be made; true when it ran. */
  run(result: EditResult, what: string): boolean;
  activeLevel(): Level | null;
  /** The point on the active level's floor plane under the pointer. */
  planPoint(x: number, y: number): Vec2 | null;
  snapping(): { enabled: boolean; grid: number };
  options(): ToolOptions;
  brush(): MaterialOverride;
  cameraYaw(): number;
  /** Previews drawn by the tools (a wall being drawn, where a door will go). */
  overlay: Object3D;
  invalidate(): void;
}

export interface Tool {
  readonly name: string;
  click(x: number, y: number, pick: Pick | null, detail: { double: boolean }): void;
  move?(x: number, y: number, pick: Pick | null): void;
  /** Escape: returns true when the tool had something to cancel. */
  cancel(): boolean;
  exit?(): void;
}

const previewColor = '#1f6feb';

/** Walls by clicking points: each click ends a wall at the point and starts the next there. */
export class WallTool implements Tool {
  readonly name = 'wall';
  private chain: Vec2[] = [];
  private readonly line = new Line(
    new BufferGeometry(),
    new LineBasicMaterial({ color: previewColor, depthTest: false }),
  );
  private readonly dots = new Points(
    new BufferGeometry(),
    new PointsMaterial({ color: previewColor, size: 10, sizeAttenuation: false, depthTest: false }),
  );

  constructor(private readonly ctx: ToolContext) {
    this.line.renderOrder = this.dots.renderOrder = 999;
    ctx.overlay.add(this.line, this.dots);
  }

  private ends(): Vec2[] {
    const level = this.ctx.activeLevel();
    return [...(level?.walls.flatMap((w) => [w.from, w.to]) ?? []), ...this.chain];
  }

  private snapped(x: number, y: number) {
    const raw = this.ctx.planPoint(x, y);
    if (!raw) return null;
    const { enabled, grid } = this.ctx.snapping();
    return snapPoint(raw, { enabled, grid, ends: this.ends(), previous: this.chain.at(-1) }).point;
  }

  click(x: number, y: number, _pick: Pick | null, { double }: { double: boolean }) {
    const level = this.ctx.activeLevel();
    const point = this.snapped(x, y);
    if (!level || !point) return;
    const last = this.chain.at(-1);
    if (double) {
      this.cancel();
      return;
    }
    if (last && Math.hypot(point[0] - last[0], point[1] - last[1]) < 1e-6) return;
    if (last) {
      const made = this.ctx.run(
        addWall(this.ctx.doc, level.id, { from: last, to: point }),
        'Editor.Construction.addWall',
      );
      if (!made) return;
      // Closing the outline on its first point ends the chain.
      const first = this.chain[0];
      if (this.chain.length > 1 && Math.hypot(point[0] - first[0], point[1] - first[1]) < 1e-6) {
        this.cancel();
        return;
      }
    }
    this.chain.push(point);
    this.preview(point);
  }

  move(x: number, y: number) {
    if (!this.chain.length) return;
    const point = this.snapped(x, y);
    if (point) this.preview(point);
  }

  private preview(cursor: Vec2) {
    const y = (this.ctx.activeLevel()?.elevation ?? 0) + 0.02;
    const points = [...this.chain, cursor].map(([px, pz]) => new Vector3(px, y, pz));
    this.line.geometry.setFromPoints(points);
    this.dots.geometry.setFromPoints(points);
    this.ctx.invalidate();
  }

  cancel() {
    const had = this.chain.length > 0;
    this.chain = [];
    this.line.geometry.setFromPoints([]);
    this.dots.geometry.setFromPoints([]);
    this.ctx.invalidate();
    return had;
  }

  exit() {
    this.cancel();
    this.line.removeFromParent();
    this.dots.removeFromParent();
    this.line.geometry.dispose();
    this.dots.geometry.dispose();
  }
}

/** Doors and windows: click a wall where the opening should be centred. */
export class OpeningTool implements Tool {
  readonly name = 'opening';
  private readonly ghost = new Mesh(
    metreBox(1, 1, 1),
    new MeshBasicMaterial({ color: previewColor, transparent: true, opacity: 0.35, depthTest: false }),
  );

  constructor(private readonly ctx: ToolContext) {
    this.ghost.visible = false;
    this.ghost.renderOrder = 999;
    ctx.overlay.add(this.ghost);
  }

  /** The wall under the pointer and how far along it the pointer is. */
  private onWall(pick: Pick | null) {
    const level = this.ctx.activeLevel();
    if (
      !level ||
      pick?.kind !== 'surface' ||
      pick.surface.surface !== 'wall' ||
      pick.surface.levelId !== level.id
    )
      return null;
    const wallId = pick.surface.wallId;
    const wall = level.walls.find((w) => w.id === wallId)!;
    const dx = wall.to[0] - wall.from[0];
    const dz = wall.to[1] - wall.from[1];
    const length = Math.hypot(dx, dz);
    const along = ((pick.point.x - wall.from[0]) * dx + (pick.point.z - wall.from[1]) * dz) / length;
    return { level, wall, along, length, dx: dx / length, dz: dz / length };
  }

  move(_x: number, _y: number, pick: Pick | null) {
    const at = this.onWall(pick);
    const opening =
      at && openingAt(this.ctx.doc, at.level.id, at.wall.id, at.along, this.ctx.options().openingKind);
    if (!at || !opening || 'rejected' in opening) {
      if (this.ghost.visible) this.ctx.invalidate();
      this.ghost.visible = false;
      return;
    }
    const mid = opening.offset + opening.width / 2;
    this.ghost.visible = true;
    this.ghost.scale.set(opening.width, opening.height, at.wall.thickness + 0.04);
    this.ghost.position.set(
      at.wall.from[0] + at.dx * mid,
      at.level.elevation + opening.sill + opening.height / 2,
      at.wall.from[1] + at.dz * mid,
    );
    this.ghost.rotation.set(0, -Math.atan2(at.dz, at.dx), 0);
    this.ctx.invalidate();
  }

  click(_x: number, _y: number, pick: Pick | null) {
    const at = this.onWall(pick);
    if (!at) return;
    const opening = openingAt(
      this.ctx.doc,
      at.level.id,
      at.wall.id,
      at.along,
      this.ctx.options().openingKind,
    );
    if ('rejected' in opening) {
      this.ctx.run(opening, 'Editor.Construction.addOpening');
      return;
    }
    this.ctx.run(addOpening(this.ctx.doc, at.level.id, opening), 'Editor.Construction.addOpening');
    this.ghost.visible = false;
  }

  cancel() {
    const had = this.ghost.visible;
    this.ghost.visible = false;
    this.ctx.invalidate();
    return had;
  }

  exit() {
    this.ghost.removeFromParent();
    this.ghost.geometry.dispose();
    (this.ghost.material as MeshBasicMaterial).dispose();
  }
}

/** Stairs: click the floor where they start; they climb away from the camera, squared to the plan. */
export class StairsTool implements Tool {
  readonly name = 'stairs';
  constructor(private readonly ctx: ToolContext) {}

  click(x: number, y: number) {
    const level = this.ctx.activeLevel();
    const raw = this.ctx.planPoint(x, y);
    if (!level || !raw) return;
    const { enabled, grid } = this.ctx.snapping();
    const point = snapPoint(raw, { enabled, grid, ends: [] }).point;
    const { stairsKind, stairsTurn } = this.ctx.options();
    const rotation = (((Math.round(this.ctx.cameraYaw() / 90) * 90) % 360) + 360) % 360;
    this.ctx.run(
      addStairs(this.ctx.doc, level.id, {
        kind: stairsKind,
        turn: stairsTurn,
        position: [point[0], 0, point[1]],
        rotation,
        width: 1.2,
      }),
      'Editor.Construction.addStairs',
    );
  }

  cancel() {
    return false;
  }
}

/** Paint (or, erasing, take the paint off) the wall, floor or ceiling clicked. */
export class PaintTool implements Tool {
  constructor(
    private readonly ctx: ToolContext,
    readonly name: 'paint' | 'eraser',
  ) {}

  click(_x: number, _y: number, pick: Pick | null) {
    if (pick?.kind !== 'surface') return;
    const s = pick.surface;
    const surface =
      s.surface === 'wall'
        ? ({ kind: 'wall', wallId: s.wallId } as const)
        : s.surface === 'floor' || s.surface === 'ceiling'
          ? ({ kind: s.surface, levelId: s.levelId } as const)
          : null;
    if (!surface) return;
    this.ctx.run(
      paintSurface(this.ctx.doc, surface, this.name === 'paint' ? this.ctx.brush() : null),
      'Editor.Design.paint',
    );
  }

  cancel() {
    return false;
  }
}

/** The tool for a name; none for select, which is the editor's own. */
export function createTool(name: EditorToolName, ctx: ToolContext): Tool | null {
  switch (name) {
    case 'wall':
      return new WallTool(ctx);
    case 'opening':
      return new OpeningTool(ctx);
    case 'stairs':
      return new StairsTool(ctx);
    case 'paint':
    case 'eraser':
      return new PaintTool(ctx, name);
    case 'select':
      return null;
  }
}
