import {
  Box3,
  Box3Helper,
  Color,
  GridHelper,
  Group,
  type Intersection,
  LineBasicMaterial,
  type Material,
  Mesh,
  Object3D,
  type Raycaster,
  type Texture,
  Vector3,
} from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import { placedObjectsOf, type SceneContent } from '../../../../contracts/sceneContent';
import { applySky } from '../build/environment';
import { MaterialLibrary, materialOverridesOf } from '../build/materials';
import { spaceOf } from '../build/scene';
import { buildGround, buildSpace, type BuiltSpace, type SurfaceInfo } from '../build/space';
import type { Runtime } from '../runtime/runtime';
import type { EditorDocument } from './document';
import { applyTransform, type EditorObject, ObjectFactory, type ObjectFactoryDeps } from './objects';

/**
 * What the editor shows: the space built per element (so tools can pick walls and floors), one
 * object per placed object, kept in step with the document by its change events — an added
 * picture adds one picture, nothing is rebuilt (STYLE.md 14) — the selection's boxes, and the
 * move/rotate/scale gizmo. Levels above the one being edited and ceilings are hidden while
 * building from above.
 */

export type Pick =
  | { kind: 'object'; id: string; point: Vector3; normal: Vector3 }
  | { kind: 'surface'; surface: SurfaceInfo; point: Vector3; normal: Vector3 }
  | { kind: 'ground'; point: Vector3; normal: Vector3 };

const selectionColor = new Color('#1f6feb');
/** Selection boxes kept for reuse when the selection shrinks. */
const maxSpareBoxes = 64;

export class EditorViewport {
  readonly objects = new Map<string, EditorObject>();
  private readonly factory: ObjectFactory;
  private readonly root = new Group();
  private space: BuiltSpace | null = null;
  private materials: MaterialLibrary | null = null;
  private ground: Mesh | null = null;
  private sky: Texture | null = null;
  private readonly grid = new GridHelper(80, 80, '#6c7a91', '#b8c2d0');
  private readonly boxes = new Map<string, Box3Helper>();
  private readonly selectionMaterial = new LineBasicMaterial({ color: selectionColor, toneMapped: false });
  private readonly spareBoxes: Box3Helper[] = [];
  readonly gizmo: TransformControls;
  /** The gizmo moves this; selected objects follow it during a drag. */
  readonly pivot = new Object3D();
  private visibleUpTo: number = Infinity;
  private showCeilings = false;
  private readonly stopListening: () => void;

  constructor(
    private readonly runtime: Runtime,
    private readonly doc: EditorDocument,
    deps: Omit<ObjectFactoryDeps, 'invalidate'>,
  ) {
    this.factory = new ObjectFactory({ ...deps, invalidate: () => runtime.invalidate() });
    this.root.name = 'editor';
    runtime.scene.add(this.root, this.pivot);
    (this.grid.material as { transparent: boolean; opacity: number }).transparent = true;
    (this.grid.material as { opacity: number }).opacity = 0.5;
    this.grid.visible = false;
    runtime.scene.add(this.grid);
    this.gizmo = new TransformControls(runtime.camera, runtime.canvas);
    this.gizmo.addEventListener('change', () => runtime.invalidate());
    runtime.scene.add(this.gizmo.getHelper());
    this.rebuildSpace();
    for (const entry of placedObjectsOf(doc.current)) this.add(entry);
    this.stopListening = doc.on((change) => {
      switch (change.type) {
        case 'objectsAdded':
          change.ids.forEach((id) => this.add(doc.get(id)!));
          break;
        case 'objectsRemoved':
          change.ids.forEach((id) => this.remove(id));
          break;
        case 'objectsChanged':
          change.ids.forEach((id) => this.change(id));
          break;
        case 'spaceChanged':
          this.rebuildSpace();
          break;
      }
      runtime.invalidate();
    });
  }

  private readonly shown = new Map<string, string>();

  private add(entry: NonNullable<ReturnType<EditorDocument['get']>>) {
    const object = this.factory.create(entry);
    this.objects.set(entry.item.id, object);
    this.shown.set(entry.item.id, contentKey(entry.item));
    this.root.add(object.root);
    this.applyObjectVisibility(object);
  }

  private remove(id: string) {
    const object = this.objects.get(id);
    if (!object) return;
    this.root.remove(object.root);
    object.dispose();
    this.objects.delete(id);
    this.shown.delete(id);
    const box = this.boxes.get(id);
    if (box) this.releaseBox(box);
    this.boxes.delete(id);
  }

  /** A move only moves; any other change rebuilds that one object. */
  private change(id: string) {
    const entry = this.doc.get(id);
    const object = this.objects.get(id);
    if (!entry || !object) return;
    if (this.shown.get(id) === contentKey(entry.item)) {
      applyTransform(object.root, entry.item.transform);
      this.applyObjectVisibility(object);
    } else {
      this.remove(id);
      this.add(entry);
    }
    this.boxes.get(id)?.box.setFromObject(this.objects.get(id)!.root);
  }

  private rebuildSpace() {
    if (this.space) {
      this.root.remove(this.space.group);
      this.space.group.traverse((o) => (o as Mesh).geometry?.dispose());
    }
    if (this.ground) {
      this.root.remove(this.ground);
      this.ground.geometry.dispose();
    }
    this.materials?.dispose();
    this.sky?.dispose();
    const content = this.doc.current as SceneContent;
    const space = spaceOf(content);
    this.materials = new MaterialLibrary(
      materialOverridesOf(space),
      (t) => this.runtime.registerTexture(t),
      () => this.runtime.invalidate(),
    );
    this.sky = applySky(
      this.runtime.scene,
      space?.skyUri,
      () => this.runtime.invalidate(),
      () => {},
    );
    this.space = space ? buildSpace(space, this.materials, 'element') : null;
    if (this.space) this.root.add(this.space.group);
    this.ground = buildGround(this.materials, this.space?.groundY ?? 0);
    this.root.add(this.ground);
    this.applyLevelVisibility();
  }

  get builtSpace(): BuiltSpace | null {
    return this.space;
  }

  /** Shows levels up to an elevation (and ceilings or not). */
  showLevels(upTo: number, ceilings: boolean) {
    this.visibleUpTo = upTo;
    this.showCeilings = ceilings;
    this.applyLevelVisibility();
  }

  private applyLevelVisibility() {
    const levels = this.doc.current.customSpace?.levels ?? [];
    const elevation = new Map(levels.map((l) => [l.id, l.elevation]));
    this.space?.group.traverse((o) => {
      const info = o.userData.surface as SurfaceInfo | undefined;
      if (!info || info.surface === 'glass') return;
      const above = (elevation.get(info.levelId) ?? 0) > this.visibleUpTo + 0.01;
      o.visible = !above && (info.surface !== 'ceiling' || this.showCeilings);
    });
    for (const object of this.objects.values()) this.applyObjectVisibility(object);
    this.runtime.invalidate();
  }

  /** Things standing on a hidden level hide with it. */
  private applyObjectVisibility(object: EditorObject) {
    const next = [...(this.doc.current.customSpace?.levels ?? [])]
      .map((l) => l.elevation)
      .filter((e) => e > this.visibleUpTo + 0.01)
      .sort((a, b) => a - b)[0];
    object.root.visible = next === undefined || object.root.position.y < next - 0.05;
  }

  /** The grid on the level being drawn on. */
  showGrid(visible: boolean, y = 0, step = 1) {
    this.grid.visible = visible;
    this.grid.position.y = y + 0.005;
    this.grid.scale.setScalar(step);
    this.runtime.invalidate();
  }

  // Picking --------------------------------------------------------------------------------------

  pick(raycaster: Raycaster, { objects = true, surfaces = true } = {}): Pick | null {
    const targets: Object3D[] = [];
    if (objects) targets.push(...[...this.objects.values()].map((o) => o.root));
    if (surfaces && this.space) targets.push(this.space.group);
    if (surfaces && this.ground) targets.push(this.ground);
    const hits = raycaster.intersectObjects(targets, true);
    for (const hit of hits) {
      if (!isVisible(hit.object)) continue;
      const normal = worldNormal(hit);
      const id = objectIdOf(hit.object);
      if (id) return { kind: 'object', id, point: hit.point, normal };
      const surface = hit.object.userData.surface as SurfaceInfo | undefined;
      if (surface) return { kind: 'surface', surface, point: hit.point, normal };
      if (hit.object === this.ground)
        return { kind: 'ground', point: hit.point, normal: new Vector3(0, 1, 0) };
    }
    return null;
  }

  // Selection -------------------------------------------------------------------------------------

  showSelection(ids: string[]) {
    const wanted = new Set(ids);
    for (const [id, box] of this.boxes) {
      if (!wanted.has(id)) {
        this.releaseBox(box);
        this.boxes.delete(id);
      }
    }
    for (const id of ids) {
      const object = this.objects.get(id);
      if (!object || this.boxes.has(id)) continue;
      const box = this.spareBoxes.pop() ?? this.newBox();
      box.box.setFromObject(object.root);
      this.boxes.set(id, box);
      this.runtime.scene.add(box);
    }
    this.runtime.invalidate();
  }

  /**
   * Selection boxes share one material and are kept for the next selection: selecting neither
   * compiles a shader nor frees GPU buffers (freeing one costs time that grows with the scene).
   */
  private newBox(): Box3Helper {
    const box = new Box3Helper(new Box3(), selectionColor);
    (box.material as Material).dispose();
    box.material = this.selectionMaterial;
    return box;
  }

  private releaseBox(box: Box3Helper) {
    box.removeFromParent();
    if (this.spareBoxes.length < maxSpareBoxes) this.spareBoxes.push(box);
    else box.geometry.dispose();
  }

  refreshSelectionBoxes() {
    for (const [id, box] of this.boxes) {
      const object = this.objects.get(id);
      if (object) box.box.setFromObject(object.root);
    }
  }

  /** Each frame: info points face the camera. */
  frame(): boolean {
    let moved = false;
    for (const object of this.objects.values()) {
      if (object.face) {
        object.face(this.runtime.camera.position);
        moved = true;
      }
    }
    return moved;
  }

  /** Centre of an object on screen and in the world. */
  centerOf(id: string): Vector3 | null {
    const object = this.objects.get(id);
    if (!object) return null;
    const box = new Box3().setFromObject(object.root);
    return box.isEmpty() ? object.root.getWorldPosition(new Vector3()) : box.getCenter(new Vector3());
  }

  dispose() {
    this.stopListening();
    for (const id of [...this.objects.keys()]) this.remove(id);
    this.showSelection([]);
    this.spareBoxes.forEach((box) => box.geometry.dispose());
    this.selectionMaterial.dispose();
    this.gizmo.detach();
    this.gizmo.dispose();
    this.runtime.scene.remove(this.root, this.pivot, this.grid, this.gizmo.getHelper());
    this.space?.group.traverse((o) => (o as Mesh).geometry?.dispose());
    this.ground?.geometry.dispose();
    this.materials?.dispose();
    this.sky?.dispose();
    this.factory.dispose();
  }
}

/** What an object looks like, apart from where it is. */
function contentKey(item: { transform: unknown }): string {
  const { transform: _, ...rest } = item;
  return JSON.stringify(rest);
}

function objectIdOf(object: Object3D): string | null {
  for (let o: Object3D | null = object; o; o = o.parent) {
    if (typeof o.userData.objectId === 'string') return o.userData.objectId;
  }
  return null;
}

function isVisible(object: Object3D): boolean {
  for (let o: Object3D | null = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}

function worldNormal(hit: Intersection): Vector3 {
  if (!hit.face) return new Vector3(0, 1, 0);
  return hit.face.normal.clone().transformDirection(hit.object.matrixWorld).normalize();
}
