import { Box3, Group, Matrix4, Plane, Raycaster, Vector2, Vector3 } from 'three';
import type { Level, MaterialOverride, SceneContent } from '../../../../contracts/sceneContent';
import { spaceCost } from '../../../../contracts/spaceCost';
import {
  defaultToolOptions,
  type EngineCommand,
  type EngineEvent,
  type PlaceableItem,
  type PropLibraryItem,
  type ToolOptions,
} from '../../protocol';
import type { Vec2 } from '../../../../geometry/plan';
import type { Runtime } from '../runtime/runtime';
import { FirstPersonControls, isEditable, normalizeDegrees } from '../viewer/controls';
import type { Pose } from '../viewer/tour';
import { body, WalkWorld } from '../viewer/walking';
import { walkDataOf } from '../build/walkData';
import { CssLayer } from '../runtime/cssLayer';
import { EditorCamera } from './camera';
import { blankContent, EditorDocument, type ObjectEntry } from './document';
import { addObject, copiesOf, labelOf, removeObjects, setTransforms } from './edits/objects';
import { isRejection } from './edits/rejection';
import { EditorCommands } from './editorCommands';
import { HelpPanel } from './help';
import { History } from './history';
import { isFlat, placementFor } from './placement';
import { OpeningTool, PaintTool, StairsTool, type EditResult, type Tool, WallTool } from './tools';
import { transformOf } from './objects';
import { EditorViewport, type Pick } from './viewport';

/**
 * Editor mode: a space is built, styled, filled and toured here. The document changes only through
 * commands run by the history; the viewport follows the document's change events; tools turn
 * clicks into edits; the page hears `contentChanged` after every change and `editorState` (once
 * a frame at most) for its panels. Protocol commands are dispatched by editorCommands.ts.
 */

const dragThreshold = 5;
const doubleClickMs = 350;
const constructionTools = new Set(['wall', 'opening', 'stairs']);

export type EditorToolName = 'select' | 'wall' | 'opening' | 'stairs' | 'paint' | 'eraser';

export class EditorMode {
  doc = new EditorDocument(blankContent());
  history = new History(this.doc);
  viewport: EditorViewport | null = null;
  readonly camera: EditorCamera;
  private walker: FirstPersonControls | null = null;
  private readonly raycaster = new Raycaster();
  private readonly overlay = new Group();
  private readonly help: HelpPanel;
  private readonly commands: EditorCommands;
  private css: CssLayer | null = null;
  tool: Tool | null = null;
  toolName: EditorToolName = 'select';
  toolOptions: ToolOptions = { ...defaultToolOptions };
  selection: string[] = [];
  gizmoMode: 'translate' | 'rotate' | 'scale' = 'translate';
  cameraMode: 'orbit' | 'walk' = 'orbit';
  units: 'metres' | 'inches' = 'metres';
  snapping = { enabled: true, grid: 0.25, angle: 15, scale: 0.1 };
  brush: MaterialOverride = { color: '#f3f1ec', tint: '#ffffff', roughness: 0.9, metalness: 0 };
  propLibrary: PropLibraryItem[] = [];
  activeLevelId: string | null = null;
  clipboard: ObjectEntry[] = [];
  private pasteCount = 0;
  private stateDirty = true;
  private inputEnabled = false;
  private keyboardEnabled = true;
  private pointer: { id: number; x: number; y: number; moved: boolean } | null = null;
  private lastClick = { at: 0, x: 0, y: 0 };
  private dragStart: { pivot: Matrix4; objects: Map<string, Matrix4> } | null = null;
  private stopFrame: () => void;
  private unsubscribers: (() => void)[] = [];

  constructor(
    readonly runtime: Runtime,
    readonly emit: (event: EngineEvent) => void,
  ) {
    runtime.scene.add(this.overlay);
    this.camera = new EditorCamera(runtime.camera, runtime.canvas, () => runtime.invalidate());
    this.help = new HelpPanel(runtime.container);
    this.commands = new EditorCommands(this);
    const canvas = runtime.canvas;
    canvas.addEventListener('pointerdown', this.pointerDown);
    canvas.addEventListener('pointermove', this.pointerMove);
    canvas.addEventListener('pointerup', this.pointerUp);
    canvas.addEventListener('dblclick', this.doubleClick);
    window.addEventListener('keydown', this.keyDown);
    this.stopFrame = runtime.onFrame((dt) => this.frame(dt));
    this.open(blankContent());
  }

  handle(cmd: EngineCommand) {
    this.commands.handle(cmd);
  }

  // The document -----------------------------------------------------------------------------------

  /** Opens a document for editing: a fresh history, the camera framing the space. */
  open(content: SceneContent) {
    this.unsubscribers.forEach((u) => u());
    this.viewport?.dispose();
    this.leaveWalk();
    this.doc = new EditorDocument(content);
    this.history = new History(this.doc);
    this.viewport = new EditorViewport(this.runtime, this.doc, {
      css: () => (this.css ??= new CssLayer(this.runtime.container, () => [])),
      props: () => this.propLibrary,
      assetFailed: (objectId, uri, message) => this.emit({ type: 'assetFailed', objectId, uri, message }),
    });
    this.wireGizmo(this.viewport);
    this.selection = [];
    this.activeLevelId = this.levels()[0]?.id ?? null;
    this.unsubscribers = [
      this.history.on(() => {
        this.emit({ type: 'contentChanged' });
        this.markDirty();
      }),
      this.doc.on((change) => {
        if (change.type === 'objectsRemoved')
          this.setSelection(this.selection.filter((id) => this.doc.get(id)));
        if (change.type === 'objectsChanged') this.placePivot();
        if (change.type === 'spaceChanged') {
          if (!this.levels().some((l) => l.id === this.activeLevelId))
            this.activeLevelId = this.levels()[0]?.id ?? null;
          this.applyView();
        }
      }),
    ];
    this.applyView();
    this.camera.frame(this.spaceBox());
    // Tools work on the document they were made with: make the current one again.
    const tool = this.toolName;
    this.tool?.exit?.();
    this.tool = null;
    this.toolName = 'select';
    this.setTool(tool, {});
    this.markDirty();
  }

  levels(): Level[] {
    return [...(this.doc.current.customSpace?.levels ?? [])].sort((a, b) => a.elevation - b.elevation);
  }

  activeLevel(): Level | null {
    return this.levels().find((l) => l.id === this.activeLevelId) ?? null;
  }

  private spaceBox(): Box3 {
    const box = new Box3();
    this.viewport?.builtSpace?.group.traverse((o) => {
      if ((o as { isMesh?: boolean }).isMesh) box.expandByObject(o);
    });
    return box;
  }

  /** Runs an edit: its command goes through the history; a rejection is reported. */
  run(result: EditResult, what: string): boolean {
    if (isRejection(result)) {
      this.emit({ type: 'commandRejected', command: what, code: result.code, message: result.message });
      return false;
    }
    this.history.execute('execute' in result ? result : result.command);
    return true;
  }

  markDirty() {
    this.stateDirty = true;
    this.runtime.invalidate();
  }

  // Selection and the gizmo -----------------------------------------------------------------------

  setSelection(ids: string[]) {
    const next = [...new Set(ids.filter((id) => this.doc.get(id)))];
    if (next.length === this.selection.length && next.every((id, i) => id === this.selection[i])) return;
    this.selection = next;
    this.viewport?.showSelection(next);
    this.placePivot();
    this.emit({ type: 'selection', objectId: next[0] ?? null, objectIds: next });
    this.markDirty();
  }

  /** The gizmo sits on the selection: on the object itself, or the middle of several. */
  placePivot() {
    const viewport = this.viewport;
    if (!viewport) return;
    const roots = this.selection.map((id) => viewport.objects.get(id)?.root).filter((r) => r !== undefined);
    const gizmo = viewport.gizmo;
    if (!roots.length || this.toolName !== 'select' || this.cameraMode !== 'orbit') {
      gizmo.detach();
      this.runtime.invalidate();
      return;
    }
    const pivot = viewport.pivot;
    if (roots.length === 1) {
      roots[0].getWorldPosition(pivot.position);
      roots[0].getWorldQuaternion(pivot.quaternion);
      pivot.scale.copy(roots[0].scale);
    } else {
      pivot.position.set(0, 0, 0);
      roots.forEach((r) => pivot.position.add(r.getWorldPosition(new Vector3())));
      pivot.position.divideScalar(roots.length);
      pivot.quaternion.identity();
      pivot.scale.set(1, 1, 1);
    }
    pivot.updateMatrixWorld(true);
    gizmo.setSpace(roots.length === 1 ? 'local' : 'world');
    gizmo.attach(pivot);
    gizmo.setMode(this.gizmoMode);
    this.applySnapping();
    viewport.refreshSelectionBoxes();
    this.runtime.invalidate();
  }

  applySnapping() {
    const gizmo = this.viewport?.gizmo;
    if (!gizmo) return;
    const on = this.snapping.enabled;
    gizmo.setTranslationSnap(on ? this.snapping.grid : null);
    gizmo.setRotationSnap(on ? (this.snapping.angle * Math.PI) / 180 : null);
    gizmo.setScaleSnap(on ? this.snapping.scale : null);
  }

  private wireGizmo(viewport: EditorViewport) {
    const gizmo = viewport.gizmo;
    gizmo.addEventListener('dragging-changed', (event) => {
      const dragging = (event as unknown as { value: boolean }).value;
      this.camera.enabled = !dragging;
      if (dragging) {
        this.dragStart = {
          pivot: viewport.pivot.matrixWorld.clone(),
          objects: new Map(
            this.selection.map((id) => [id, viewport.objects.get(id)!.root.matrixWorld.clone()]),
          ),
        };
        return;
      }
      const start = this.dragStart;
      this.dragStart = null;
      if (!start) return;
      // A drag is one command, made when it ends.
      const changes = this.selection.map((id) => ({
        id,
        transform: transformOf(viewport.objects.get(id)!.root),
      }));
      this.run(setTransforms(this.doc, changes), 'Editor.Content.setTransform');
    });
    gizmo.addEventListener('objectChange', () => {
      const start = this.dragStart;
      if (!start) return;
      const delta = viewport.pivot.matrixWorld.clone().multiply(start.pivot.clone().invert());
      for (const [id, matrix] of start.objects) {
        const root = viewport.objects.get(id)?.root;
        if (!root) continue;
        delta.clone().multiply(matrix).decompose(root.position, root.quaternion, root.scale);
        root.updateMatrixWorld(true);
      }
      viewport.refreshSelectionBoxes();
    });
  }

  // Tools ---------------------------------------------------------------------------------------------

  setTool(name: EditorToolName, options: Partial<ToolOptions>) {
    this.toolOptions = { ...this.toolOptions, ...options };
    if (name !== this.toolName) {
      this.tool?.exit?.();
      this.toolName = name;
      const ctx = {
        doc: this.doc,
        run: (result: EditResult, what: string) => this.run(result, what),
        activeLevel: () => this.activeLevel(),
        planPoint: (x: number, y: number) => this.planPoint(x, y),
        snapping: () => this.snapping,
        options: () => this.toolOptions,
        brush: () => this.brush,
        cameraYaw: () => this.camera.pose().yaw,
        overlay: this.overlay,
        invalidate: () => this.runtime.invalidate(),
      };
      this.tool =
        name === 'wall'
          ? new WallTool(ctx)
          : name === 'opening'
            ? new OpeningTool(ctx)
            : name === 'stairs'
              ? new StairsTool(ctx)
              : name === 'paint' || name === 'eraser'
                ? new PaintTool(ctx, name)
                : null;
      if (constructionTools.has(name) && this.cameraMode === 'orbit') this.viewFromAbove();
    }
    this.applyView();
    this.placePivot();
    this.markDirty();
  }

  /** Construction tools look down on the level being built. */
  private viewFromAbove() {
    const level = this.activeLevel();
    const box = this.spaceBox();
    if (level) {
      box.min.y = level.elevation;
      box.max.y = level.elevation;
    }
    this.camera.frame(box, true);
  }

  /** What shows: levels up to the active one while building from above; all of it walking. */
  applyView() {
    const viewport = this.viewport;
    if (!viewport) return;
    const level = this.activeLevel();
    if (this.cameraMode === 'walk') {
      viewport.showLevels(Infinity, true);
      viewport.showGrid(false);
    } else {
      viewport.showLevels(level ? level.elevation : Infinity, false);
      viewport.showGrid(constructionTools.has(this.toolName) && level !== null, level?.elevation ?? 0, 1);
    }
  }

  // Pointer and keyboard ------------------------------------------------------------------------------

  private ndc(x: number, y: number): Vector2 {
    const rect = this.runtime.canvas.getBoundingClientRect();
    return new Vector2(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
  }

  pickAt(x: number, y: number, options?: { objects?: boolean; surfaces?: boolean }): Pick | null {
    this.raycaster.setFromCamera(this.ndc(x, y), this.runtime.camera);
    return this.viewport?.pick(this.raycaster, options) ?? null;
  }

  /** Where a page point meets the active level's floor plane. */
  planPoint(x: number, y: number): Vec2 | null {
    this.raycaster.setFromCamera(this.ndc(x, y), this.runtime.camera);
    const plane = new Plane(new Vector3(0, 1, 0), -(this.activeLevel()?.elevation ?? 0));
    const hit = this.raycaster.ray.intersectPlane(plane, new Vector3());
    return hit ? [hit.x, hit.z] : null;
  }

  private pointerDown = (e: PointerEvent) => {
    if (!this.inputEnabled || e.button !== 0 || this.cameraMode === 'walk') return;
    this.pointer = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
  };

  private pointerMove = (e: PointerEvent) => {
    if (this.pointer && e.pointerId === this.pointer.id) {
      if (Math.hypot(e.clientX - this.pointer.x, e.clientY - this.pointer.y) > dragThreshold)
        this.pointer.moved = true;
    }
    if (this.inputEnabled && this.tool?.move && this.cameraMode === 'orbit' && !this.dragStart) {
      this.tool.move(e.clientX, e.clientY, this.pickAt(e.clientX, e.clientY, { objects: false }));
    }
  };

  private pointerUp = (e: PointerEvent) => {
    const pointer = this.pointer;
    this.pointer = null;
    if (!pointer || pointer.moved || e.pointerId !== pointer.id || this.viewport?.gizmo.dragging) return;
    if (this.viewport?.gizmo.axis) return; // a click on the gizmo is not a click on the space
    const now = performance.now();
    const double =
      now - this.lastClick.at < doubleClickMs &&
      Math.hypot(e.clientX - this.lastClick.x, e.clientY - this.lastClick.y) < 6;
    this.lastClick = { at: now, x: e.clientX, y: e.clientY };
    this.click(e.clientX, e.clientY, e.shiftKey || e.ctrlKey || e.metaKey, double);
  };

  private doubleClick = (e: MouseEvent) => {
    if (this.inputEnabled && this.tool) this.tool.click(e.clientX, e.clientY, null, { double: true });
  };

  click(x: number, y: number, additive: boolean, double = false) {
    if (this.tool) {
      const pick =
        this.toolName === 'paint' || this.toolName === 'eraser' || this.toolName === 'opening'
          ? this.pickAt(x, y, { objects: false })
          : null;
      this.tool.click(x, y, pick, { double });
      return;
    }
    const pick = this.pickAt(x, y);
    if (pick?.kind === 'object') {
      if (additive) {
        this.setSelection(
          this.selection.includes(pick.id)
            ? this.selection.filter((id) => id !== pick.id)
            : [...this.selection, pick.id],
        );
      } else {
        this.setSelection([pick.id]);
      }
    } else if (!additive) {
      this.setSelection([]);
    }
  }

  setInputEnabled(enabled: boolean) {
    this.inputEnabled = enabled;
    this.walker?.setInputEnabled(enabled);
  }

  setKeyboardEnabled(enabled: boolean) {
    this.keyboardEnabled = enabled;
    this.walker?.setKeyboardEnabled(enabled);
  }

  private keyDown = (e: KeyboardEvent) => {
    if (!this.inputEnabled || !this.keyboardEnabled || isEditable(e.target)) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    const act = (command: EngineCommand['method'], channel = 'Editor.Content') => {
      e.preventDefault();
      this.commands.handle({ channel, method: command, payload: {} } as EngineCommand);
    };
    if (mod && key === 'z') return act(e.shiftKey ? 'redo' : 'undo');
    if (mod && key === 'y') return act('redo');
    if (mod && key === 'd') return act('duplicateSelection');
    if (mod && key === 'c') return act('copySelection');
    if (mod && key === 'v') return act('paste');
    if (mod || e.altKey) return;
    if (e.key === 'Delete' || e.key === 'Backspace') return act('deleteSelection');
    if (e.key === 'Escape') {
      e.preventDefault();
      if (this.tool?.cancel()) return;
      if (this.selection.length) return this.setSelection([]);
      if (this.toolName !== 'select') this.setTool('select', {});
      return;
    }
    if (e.key === '?') {
      this.help.setVisible(!this.help.visible);
      return;
    }
    if (this.cameraMode === 'walk') return;
    const modes = { w: 'translate', e: 'rotate', r: 'scale' } as const;
    if (key in modes) {
      this.gizmoMode = modes[key as keyof typeof modes];
      this.placePivot();
      this.markDirty();
      return;
    }
    if (key === 'f' && this.selection.length) this.focus(this.selection);
  };

  setHelpVisible(visible: boolean) {
    this.help.setVisible(visible);
  }

  // Camera ----------------------------------------------------------------------------------------------

  focus(ids: string[]) {
    const box = new Box3();
    for (const id of ids) {
      const root = this.viewport?.objects.get(id)?.root;
      if (root) box.expandByObject(root);
    }
    if (!box.isEmpty()) {
      box.expandByScalar(1.5);
      this.camera.frame(box);
    }
  }

  /** The pose of the camera, as visitors would see from it (the walker's eye when walking). */
  pose(): Pose {
    if (this.walker) {
      const { x, z, feet } = this.walker.walker;
      return { position: [x, feet + body.eyeHeight, z], yaw: this.walker.yaw, pitch: this.walker.pitch };
    }
    return this.camera.pose();
  }

  setPose(pose: Pose) {
    if (this.walker) {
      this.walker.walker = this.walker.world.placeAt(pose.position);
      this.walker.yaw = normalizeDegrees(pose.yaw);
      this.walker.pitch = pose.pitch;
      this.applyWalkerCamera();
    } else {
      this.camera.setPose(pose);
    }
    this.runtime.invalidate();
  }

  setCameraMode(mode: 'orbit' | 'walk') {
    if (mode === this.cameraMode) return;
    if (mode === 'walk') {
      const here = this.camera.pose();
      const space = this.doc.current.customSpace ?? null;
      const data = space ? walkDataOf(space) : { obstacles: [], floors: [], patches: [], groundY: 0 };
      const world = new WalkWorld(data.obstacles, data.floors, data.patches, data.groundY);
      const target = this.camera.controls.target;
      this.walker = new FirstPersonControls(this.runtime.canvas, this.runtime.container, world, {
        click: (x, y) => {
          const pick = this.pickAt(x, y, { objects: false });
          if (pick && pick.kind !== 'object' && pick.normal.y > 0.5)
            this.walker?.walkTo({ target: [pick.point.x, pick.point.z], within: 0.05 });
        },
        userMoved: () => {},
      });
      this.walker.walker = world.placeAt([
        target.x,
        (this.activeLevel()?.elevation ?? 0) + body.eyeHeight,
        target.z,
      ]);
      this.walker.yaw = here.yaw;
      this.walker.setInputEnabled(this.inputEnabled);
      this.walker.setKeyboardEnabled(this.keyboardEnabled);
      this.camera.enabled = false;
      this.cameraMode = 'walk';
      this.applyWalkerCamera();
    } else {
      const pose = this.pose();
      this.leaveWalk();
      this.camera.setPose({
        ...pose,
        position: [pose.position[0], pose.position[1] + 2, pose.position[2] + 3],
      });
    }
    this.applyView();
    this.placePivot();
    this.markDirty();
  }

  private leaveWalk() {
    this.walker?.dispose();
    this.walker = null;
    this.cameraMode = 'orbit';
    this.camera.enabled = true;
  }

  private applyWalkerCamera() {
    const w = this.walker;
    if (!w) return;
    const cam = this.runtime.camera;
    cam.position.set(w.walker.x, w.walker.feet + body.eyeHeight, w.walker.z);
    cam.rotation.set((w.pitch * Math.PI) / 180, (w.yaw * Math.PI) / 180, 0, 'YXZ');
    cam.updateMatrixWorld();
  }

  // Adding content -------------------------------------------------------------------------------------

  /** Places content where a page point meets a surface (a drop), or in front of the camera. */
  place(item: PlaceableItem, x?: number, y?: number) {
    const rect = this.runtime.canvas.getBoundingClientRect();
    const px = x ?? rect.left + rect.width / 2;
    const py = y ?? rect.top + rect.height / 2;
    const pick = this.pickAt(px, py, { objects: false });
    const level = this.activeLevel();
    const cam = this.runtime.camera.position;
    let hit;
    if (pick) {
      const floorY =
        pick.normal.y > 0.5
          ? pick.point.y
          : pick.kind === 'surface' && 'levelId' in pick.surface
            ? (this.levels().find((l) => l.id === (pick.surface as { levelId: string }).levelId)?.elevation ??
              0)
            : (level?.elevation ?? 0);
      hit = {
        point: pick.point.toArray() as [number, number, number],
        normal: pick.normal.toArray() as [number, number, number],
        floorY,
      };
    } else {
      const dir = this.runtime.camera.getWorldDirection(new Vector3()).setY(0).normalize();
      const p = cam.clone().addScaledVector(dir, 3);
      hit = {
        point: [p.x, level?.elevation ?? 0, p.z] as [number, number, number],
        normal: [0, 1, 0] as [number, number, number],
        floorY: level?.elevation ?? 0,
      };
    }
    if (!isFlat(item.kind) && hit.normal[1] <= 0.5 && pick?.kind === 'object')
      hit.floorY = level?.elevation ?? 0;
    const transform = placementFor(item.kind, hit, [cam.x, cam.y, cam.z]);
    const result = addObject(this.doc, item, transform);
    if (
      this.run(result, x === undefined ? 'Editor.Content.add' : 'Editor.Content.placeAt') &&
      !isRejection(result)
    ) {
      this.setSelection([result.id]);
    }
  }

  duplicateSelection() {
    const entries = this.selection.map((id) => this.doc.get(id)!).filter(Boolean);
    const result = copiesOf(
      this.doc,
      entries,
      (e) => offsetFor(e, 1),
      entries.length === 1 ? 'Duplicate' : `Duplicate ${entries.length} objects`,
    );
    if (this.run(result, 'Editor.Content.duplicateSelection') && !isRejection(result))
      this.setSelection(result.ids);
  }

  copySelection() {
    this.clipboard = this.selection.map((id) => structuredClone(this.doc.get(id)!)).filter(Boolean);
    this.pasteCount = 0;
  }

  paste() {
    this.pasteCount++;
    const result = copiesOf(
      this.doc,
      this.clipboard,
      (e) => offsetFor(e, this.pasteCount),
      this.clipboard.length === 1 ? 'Paste' : `Paste ${this.clipboard.length} objects`,
    );
    if (this.run(result, 'Editor.Content.paste') && !isRejection(result)) this.setSelection(result.ids);
  }

  deleteSelection() {
    if (!this.selection.length) return;
    this.run(removeObjects(this.doc, this.selection), 'Editor.Content.deleteSelection');
  }

  // State for the page ----------------------------------------------------------------------------------

  private frame(dt: number): boolean {
    let moved = this.viewport?.frame() ?? false;
    if (this.walker && this.walker.update(dt)) {
      this.applyWalkerCamera();
      moved = true;
    }
    if (this.stateDirty) {
      this.stateDirty = false;
      this.emit(this.state());
    }
    return moved;
  }

  state(): EngineEvent {
    const c = this.doc.current;
    const space = c.customSpace
      ? { kind: 'custom' as const }
      : c.spaceTemplate
        ? { kind: 'template' as const, template: c.spaceTemplate }
        : { kind: 'none' as const };
    return {
      type: 'editorState',
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      undoLabel: this.history.undoLabel,
      redoLabel: this.history.redoLabel,
      tool: this.toolName,
      toolOptions: this.toolOptions,
      gizmoMode: this.gizmoMode,
      cameraMode: this.cameraMode,
      units: this.units,
      snapping: this.snapping.enabled,
      space,
      activeLevelId: this.activeLevelId,
      levels: this.levels().map((l) => ({
        id: l.id,
        name: l.name,
        elevation: l.elevation,
        walls: l.walls.length,
      })),
      tours: c.guidedTours.map((t) => ({
        id: t.guidedTourId,
        title: t.title,
        points: [...t.points]
          .sort((a, b) => a.order - b.order)
          .map((p) => ({ id: p.guidedTourPointId, title: p.title, duration: p.duration })),
      })),
      objectCount: this.doc.objectCount,
      selectionCount: this.selection.length,
      cost: spaceCost(c),
    };
  }

  objectList(): EngineEvent {
    const objects: { id: string; kind: string; label: string }[] = [];
    for (const list of [
      'pictures',
      'videos',
      'texts3d',
      'models3d',
      'portals',
      'infoPoints',
      'props',
      'liveVideos',
      'webViews3d',
    ] as const) {
      for (const item of this.doc.current[list])
        objects.push({ id: item.id, kind: list, label: labelOf({ list, item }) });
    }
    return { type: 'objectList', objects };
  }

  dispose() {
    this.stopFrame();
    this.unsubscribers.forEach((u) => u());
    this.tool?.exit?.();
    this.leaveWalk();
    this.viewport?.dispose();
    this.camera.dispose();
    this.help.dispose();
    this.css?.dispose();
    this.runtime.scene.remove(this.overlay);
    const canvas = this.runtime.canvas;
    canvas.removeEventListener('pointerdown', this.pointerDown);
    canvas.removeEventListener('pointermove', this.pointerMove);
    canvas.removeEventListener('pointerup', this.pointerUp);
    canvas.removeEventListener('dblclick', this.doubleClick);
    window.removeEventListener('keydown', this.keyDown);
  }
}

/** Copies step aside: flat things along their own width, standing things half a metre. */
function offsetFor(entry: ObjectEntry, times: number): [number, number, number] {
  const item = entry.item as { width?: number; transform: { rotation: [number, number, number] } };
  if (typeof item.width === 'number') {
    const yaw = (item.transform.rotation[1] * Math.PI) / 180;
    const step = (item.width + 0.2) * times;
    return [Math.cos(yaw) * step, 0, -Math.sin(yaw) * step];
  }
  return [0.6 * times, 0, 0.6 * times];
}
