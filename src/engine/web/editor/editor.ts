import { Box3, Group, Plane, Raycaster, Vector2, Vector3 } from 'three';
import type { Level, MaterialOverride, SceneContent } from '../../../../contracts/sceneContent';
import {
  type CameraMode,
  defaultToolOptions,
  type EditorToolName,
  type EngineEvent,
  type GizmoMode,
  type LengthUnit,
  type PropLibraryItem,
  type Snapping,
  type ToolOptions,
} from '../../protocol';
import type { Vec2 } from '../../../../geometry/plan';
import type { Runtime } from '../runtime/runtime';
import type { Pose } from '../viewer/tour';
import { CssLayer } from '../runtime/cssLayer';
import { EditorCamera } from './camera';
import { blankContent, EditorDocument } from './document';
import { removeObjects, setTransforms } from './edits/objects';
import { isRejection } from './edits/rejection';
import { GizmoDrag, placeGizmo, snapGizmo } from './gizmo';
import { HelpPanel } from './help';
import { History } from './history';
import { createTool, type EditResult, isConstructionTool, type Tool } from './tools';
import { EditorViewport, type Pick } from './viewport';
import { EditorWalk } from './walk';

/**
 * The editor: a space is built, styled, filled and toured here. The document changes only through
 * commands run by the history; the viewport follows the document's change events; tools turn
 * clicks into edits. This holds what is being edited and how it is seen: the document, the
 * selection and its gizmo, the tool, the active level, the camera (orbiting or walking). The page
 * drives it through editorMode.ts: protocol commands (editorCommands.ts), pointer and keyboard
 * (input.ts), and the state it reports (stateEvents.ts).
 */
export class Editor {
  doc = new EditorDocument(blankContent());
  history = new History(this.doc);
  viewport: EditorViewport | null = null;
  readonly camera: EditorCamera;
  private walk: EditorWalk | null = null;
  private readonly raycaster = new Raycaster();
  private readonly overlay = new Group();
  private readonly help: HelpPanel;
  private readonly gizmoDrag: GizmoDrag;
  private css: CssLayer | null = null;
  tool: Tool | null = null;
  toolName: EditorToolName = 'select';
  toolOptions: ToolOptions = { ...defaultToolOptions };
  selection: string[] = [];
  gizmoMode: GizmoMode = 'translate';
  cameraMode: CameraMode = 'orbit';
  units: LengthUnit = 'metres';
  snapping: Snapping = { enabled: true, grid: 0.25, angle: 15, scale: 0.1 };
  brush: MaterialOverride = { color: '#f3f1ec', tint: '#ffffff', roughness: 0.9, metalness: 0 };
  propLibrary: PropLibraryItem[] = [];
  activeLevelId: string | null = null;
  private stateChanged = true;
  private inputOn = false;
  private keyboardOn = true;
  private unsubscribers: (() => void)[] = [];

  constructor(
    readonly runtime: Runtime,
    readonly emit: (event: EngineEvent) => void,
  ) {
    runtime.scene.add(this.overlay);
    this.camera = new EditorCamera(runtime.camera, runtime.canvas, () => runtime.invalidate());
    this.help = new HelpPanel(runtime.container);
    this.gizmoDrag = new GizmoDrag({
      selection: () => this.selection,
      setCameraEnabled: (enabled) => (this.camera.enabled = enabled),
      dropped: (changes) => this.run(setTransforms(this.doc, changes), 'Editor.Content.setTransform'),
    });
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
      assetFailed: (objectId, uri, message, failure) =>
        this.emit({ type: 'assetFailed', objectId, uri, message, ...failure }),
    });
    this.gizmoDrag.follow(this.viewport);
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

  deleteSelection() {
    if (!this.selection.length) return;
    this.run(removeObjects(this.doc, this.selection), 'Editor.Content.deleteSelection');
  }

  /** Something the page shows changed: the state is reported on the next frame. */
  markDirty() {
    this.stateChanged = true;
    this.runtime.invalidate();
  }

  /** Whether the state changed since this was last asked. */
  takeStateChange(): boolean {
    const changed = this.stateChanged;
    this.stateChanged = false;
    return changed;
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

  /** The gizmo sits on the selection while selecting in the orbit camera. */
  placePivot() {
    const viewport = this.viewport;
    if (!viewport) return;
    const shown = this.toolName === 'select' && this.cameraMode === 'orbit';
    placeGizmo(viewport, shown ? this.selection : [], this.gizmoMode, this.snapping);
    this.runtime.invalidate();
  }

  /** True while the selection is dragged with the gizmo. */
  get draggingSelection(): boolean {
    return this.gizmoDrag.dragging;
  }

  setGizmoMode(mode: GizmoMode) {
    this.gizmoMode = mode;
    this.placePivot();
    this.markDirty();
  }

  setSnapping(snapping: Snapping) {
    this.snapping = { ...snapping };
    if (this.viewport) snapGizmo(this.viewport.gizmo, this.snapping);
    this.markDirty();
  }

  // Tools ---------------------------------------------------------------------------------------------

  setTool(name: EditorToolName, options: Partial<ToolOptions>) {
    this.toolOptions = { ...this.toolOptions, ...options };
    if (name !== this.toolName) {
      this.tool?.exit?.();
      this.toolName = name;
      this.tool = createTool(name, {
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
      });
      if (isConstructionTool(name) && this.cameraMode === 'orbit') this.viewFromAbove();
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
      viewport.showGrid(isConstructionTool(this.toolName) && level !== null, level?.elevation ?? 0, 1);
    }
  }

  // Input ---------------------------------------------------------------------------------------------

  get inputEnabled() {
    return this.inputOn;
  }

  get keyboardEnabled() {
    return this.keyboardOn;
  }

  setInputEnabled(enabled: boolean) {
    this.inputOn = enabled;
    this.walk?.setInputEnabled(enabled);
  }

  setKeyboardEnabled(enabled: boolean) {
    this.keyboardOn = enabled;
    this.walk?.setKeyboardEnabled(enabled);
  }

  private ndc(x: number, y: number): Vector2 {
    const rect = this.runtime.canvas.getBoundingClientRect();
    return new Vector2(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
  }

  /** What is under a page point. */
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

  setHelpVisible(visible: boolean) {
    this.help.setVisible(visible);
  }

  toggleHelp() {
    this.help.setVisible(!this.help.visible);
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
    return this.walk ? this.walk.pose() : this.camera.pose();
  }

  setPose(pose: Pose) {
    if (this.walk) this.walk.setPose(pose);
    else this.camera.setPose(pose);
    this.runtime.invalidate();
  }

  setCameraMode(mode: CameraMode) {
    if (mode === this.cameraMode) return;
    if (mode === 'walk') {
      const target = this.camera.controls.target;
      this.walk = new EditorWalk(
        this.runtime,
        this.doc.current.customSpace ?? null,
        {
          at: [target.x, target.z],
          elevation: this.activeLevel()?.elevation ?? 0,
          yaw: this.camera.pose().yaw,
        },
        (x, y) => {
          const pick = this.pickAt(x, y, { objects: false });
          return pick && pick.kind !== 'object' && pick.normal.y > 0.5 ? [pick.point.x, pick.point.z] : null;
        },
      );
      this.walk.setInputEnabled(this.inputOn);
      this.walk.setKeyboardEnabled(this.keyboardOn);
      this.camera.enabled = false;
      this.cameraMode = 'walk';
      this.walk.applyCamera();
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
    this.walk?.dispose();
    this.walk = null;
    this.cameraMode = 'orbit';
    this.camera.enabled = true;
  }

  // Frames --------------------------------------------------------------------------------------------

  /** Advances a frame; true when something moved and the view must be drawn again. */
  frame(dt: number): boolean {
    let moved = this.viewport?.frame() ?? false;
    if (this.walk?.update(dt)) moved = true;
    return moved;
  }

  dispose() {
    this.unsubscribers.forEach((u) => u());
    this.tool?.exit?.();
    this.leaveWalk();
    this.viewport?.dispose();
    this.camera.dispose();
    this.help.dispose();
    this.css?.dispose();
    this.runtime.scene.remove(this.overlay);
  }
}
