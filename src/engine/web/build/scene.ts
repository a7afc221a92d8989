import {
  type AnimationMixer,
  type Intersection,
  Matrix4,
  type Mesh,
  MeshStandardMaterial,
  type Object3D,
  Quaternion,
  type Raycaster,
  Vector3,
} from 'three';
import type { SceneContent } from '../../../../contracts/sceneContent';
import type { AssetFailure } from '../../protocol';
import type { CssLayer } from '../runtime/cssLayer';
import type { Runtime } from '../runtime/runtime';
import { type Obstacle, WalkWorld } from '../viewer/walking';
import { applySky } from './environment';
import { buildLabels } from './labels';
import {
  applyMood,
  buildContactShadows,
  fitSunShadow,
  buildPictureLights,
  type LitWork,
  unionOf,
  wallBehind,
} from './lighting';
import { LoadError, Progress } from './loading';
import { buildInfoPoints, buildPortal, type BuiltPortal, infoPointRadius } from './markers';
import { MaterialLibrary, materialOverridesOf } from './materials';
import { buildLiveVideo, buildVideo, type BuiltMedia, placeWebView } from './media';
import { type BuiltModel, loadModel, modelPlaceholder, placeModel } from './models';
import { buildPictures, idOfTriangle, transformMatrix } from './pictures';
import { batchProps } from './props';
import { buildGround, buildSpace } from './space';
import { ownerOfTriangle, StaticBatch } from './staticBatch';
import { planSpaceOf } from '../../../../geometry/floorPlan';
import { buildText, type BuiltText } from './texts';

/**
 * Builds a whole space from a scene content document: the rooms, everything placed in them, the
 * walking world, and what a click at any point hits. Loading reports progress; a file that fails
 * leaves a placeholder and an `assetFailed` report, never a broken space.
 */

/** Metalness of metals when there is no environment for them to reflect. */
const satinMetalness = 0.35;

export type HitKind =
  'floor' | 'solid' | 'picture' | 'model' | 'prop' | 'text' | 'portal' | 'infoPoint' | 'video';

export interface Hit {
  kind: HitKind;
  id: string | null;
  point: Vector3;
  distance: number;
}

interface Pickable {
  object: Object3D;
  resolve(intersection: Intersection): Omit<Hit, 'point' | 'distance'> | null;
}

export interface SceneEvents {
  progress(percent: number): void;
  assetFailed(objectId: string, uri: string, message: string, failure?: AssetFailure): void;
  videoState(objectId: string, playing: boolean): void;
}

export interface BuiltScene {
  content: SceneContent;
  walk: WalkWorld;
  levelAt(feet: number): string | null;
  /** World centre of each object, by id (for screen positions and camera focus). */
  centers: Map<string, Vector3>;
  portals: BuiltPortal[];
  media: Map<string, BuiltMedia>;
  atlasCount: number;
  /** Meshes clicks and web view occlusion test against. */
  solid: Mesh[];
  /** Solid boxes of the objects standing in the space (models, props), not of its walls. */
  readonly objectObstacles: Obstacle[];
  /**
   * Loads and places what waits for the first frame — models, and the files of videos — and
   * resolves once they are in the space (a model that fails leaves a placeholder). Once only.
   */
  placeObjects(): Promise<void>;
  hitTest(raycaster: Raycaster): Hit | null;
  dispose(): void;
}

/** The space a document describes: its own custom space, its template's, or none. */
export const spaceOf = planSpaceOf;

/** Wall texts wider than this are signs and headlines, not boards to light. */
const widestLitText = 3;

/** A laid-out text as a board on the wall: its block's centre, facing, and size in metres. */
function textBoard(t: BuiltText): Omit<LitWork, 'wall'>[] {
  const bounds = t.hit.textRenderInfo?.blockBounds;
  if (!bounds) return [];
  t.object.updateMatrixWorld(true);
  const [x0, y0, x1, y1] = bounds;
  const position = new Vector3();
  const rotation = new Quaternion();
  const scale = new Vector3();
  t.hit.matrixWorld.decompose(position, rotation, scale);
  const centre = new Vector3((x0 + x1) / 2, (y0 + y1) / 2, 0).applyMatrix4(t.hit.matrixWorld);
  const width = (x1 - x0) * scale.x;
  if (width > widestLitText) return [];
  const matrix = new Matrix4().compose(centre, rotation, new Vector3(1, 1, 1));
  return [{ id: t.id, matrix, width, height: (y1 - y0) * scale.y }];
}

/** An info point as a small board where it hangs. */
function infoBoard(point: SceneContent['infoPoints'][number]): Omit<LitWork, 'wall'> {
  const size = infoPointRadius * 2;
  return { id: point.id, matrix: transformMatrix(point.transform), width: size, height: size };
}

/** A batched mesh answers a click with the object whose triangle was hit. */
function batchPickable(mesh: Mesh, owners: Parameters<typeof ownerOfTriangle>[0]): Pickable {
  return {
    object: mesh,
    resolve: (i) => {
      const owner = ownerOfTriangle(owners, i.faceIndex ?? -1);
      return owner ? { kind: owner.kind, id: owner.id } : null;
    },
  };
}

export async function buildScene(
  content: SceneContent,
  runtime: Runtime,
  css: () => CssLayer,
  events: SceneEvents,
  signal: AbortSignal,
): Promise<BuiltScene> {
  const progress = new Progress(events.progress);
  const disposers: (() => void)[] = [];
  const pickables: Pickable[] = [];
  const centers = new Map<string, Vector3>();
  const obstacles: Obstacle[] = [];
  const root = runtime.scene;
  const added: Object3D[] = [];
  const add = (o: Object3D) => {
    root.add(o);
    added.push(o);
  };
  const fail = (objectId: string) => (error: LoadError) =>
    events.assetFailed(objectId, error.uri, error.message, error.failure);
  const invalidate = () => runtime.invalidate();

  const space = spaceOf(content);
  const materials = new MaterialLibrary(
    materialOverridesOf(space),
    (t) => runtime.registerTexture(t),
    invalidate,
    runtime.applied.profile.surfaceMaps,
  );
  disposers.push(() => materials.dispose());

  const sky = applySky(root, space?.skyUri, invalidate, (message) =>
    events.assetFailed('sky', space?.skyUri ?? '', message),
  );
  disposers.push(() => sky.dispose());

  const built = space ? buildSpace(space, materials) : null;
  const groundY = built?.groundY ?? 0;
  const ground = buildGround(materials, groundY);
  add(ground);
  disposers.push(() => ground.geometry.dispose());
  pickables.push({ object: ground, resolve: () => ({ kind: 'floor', id: null }) });
  if (built) {
    // The room receives shadows but casts none: only the few things in it do.
    built.group.traverse((o) => (o.castShadow = false));
    built.group.updateMatrixWorld(true);
    add(built.group);
    obstacles.push(...built.obstacles);
    disposers.push(() => built.group.traverse((o) => (o as Mesh).geometry?.dispose()));
    for (const mesh of built.walkable)
      pickables.push({ object: mesh, resolve: () => ({ kind: 'floor', id: null }) });
    for (const mesh of built.solid.filter((m) => !built.walkable.includes(m))) {
      pickables.push({ object: mesh, resolve: () => ({ kind: 'solid', id: null }) });
    }
  }

  // Still, plain-coloured things (props, frames, model parts) bake into a few meshes at the end.
  const batch = new StaticBatch(runtime.hasEnvironment ? 1 : satinMetalness);

  // Pictures, batched into atlases.
  const picturesReady = buildPictures(content.pictures, {
    batch,
    texels: runtime.applied.profile.pictureTexels,
    signal,
    onLoaded: () => progress.task(),
    onFailed: (picture, error) => fail(picture.id)(error),
  });
  for (const p of content.pictures) centers.set(p.id, new Vector3(...p.transform.position));

  // Models come after the first frame (placeObjects); until then they are where they will stand.
  for (const m of content.models3d) centers.set(m.id, new Vector3(...m.transform.position));

  const texts: BuiltText[] = content.texts3d.map((t) => buildText(t, content.fonts));
  const textsReady = Promise.all(
    texts.map(async (t) => {
      const done = progress.task();
      await t.ready;
      done();
    }),
  );
  for (const t of texts) {
    add(t.object);
    disposers.push(() => t.dispose());
    pickables.push({ object: t.hit, resolve: () => ({ kind: 'text', id: t.id }) });
    centers.set(t.id, new Vector3().setFromMatrixPosition(t.object.matrix));
  }

  obstacles.push(...batchProps(content.props, batch));
  for (const p of content.props) centers.set(p.id, new Vector3(...p.transform.position));

  const portals = content.portals.map(buildPortal);
  for (const portal of portals) {
    add(portal.object);
    disposers.push(() => portal.dispose());
    pickables.push({ object: portal.object, resolve: () => ({ kind: 'portal', id: portal.portal.id }) });
    centers.set(portal.portal.id, portal.center);
  }

  const info = buildInfoPoints(content.infoPoints);
  if (info.mesh) {
    add(info.mesh);
    const mesh = info.mesh;
    pickables.push({
      object: mesh,
      resolve: (i) => ({ kind: 'infoPoint', id: info.ids[i.instanceId ?? 0] ?? null }),
    });
  }
  disposers.push(() => info.dispose());
  info.ids.forEach((id, i) => centers.set(id, info.centers[i]));

  const media = new Map<string, BuiltMedia>();
  const mediaDeps = {
    css,
    invalidate,
    onPlaying: () => {},
  };
  // Video files download once the space is shown.
  let shown = () => {};
  const begin = new Promise<void>((resolve) => (shown = resolve));
  for (const video of content.videos) {
    const built = buildVideo(video, {
      ...mediaDeps,
      begin,
      onPlaying: (playing) => {
        runtime.keepAnimating(built, playing && video.source === 'file');
        events.videoState(video.id, playing);
      },
    });
    media.set(video.id, built);
  }
  for (const live of content.liveVideos) {
    const built = buildLiveVideo(live, {
      invalidate,
      onPlaying: (playing) => runtime.keepAnimating(built, playing),
    });
    media.set(live.id, built);
  }
  for (const m of media.values()) {
    add(m.object);
    disposers.push(() => m.dispose());
    pickables.push({ object: m.object, resolve: () => ({ kind: 'video', id: m.id }) });
    centers.set(m.id, new Vector3().setFromMatrixPosition(m.object.matrixWorld));
  }
  for (const view of content.webViews3d) {
    placeWebView(view, css());
    centers.set(view.id, new Vector3().setFromMatrixPosition(transformMatrix(view.transform)));
  }

  const [pictures] = await Promise.all([picturesReady, textsReady]);
  add(pictures.group);
  pictures.textures.forEach((t) => runtime.registerTexture(t));
  disposers.push(() => {
    pictures.textures.forEach((t) => runtime.unregisterTexture(t));
    pictures.dispose();
  });
  for (const mesh of pictures.meshes) {
    const ranges = pictures.ranges.get(mesh)!;
    pickables.push({
      object: mesh,
      resolve: (i) => ({ kind: 'picture', id: idOfTriangle(ranges, i.faceIndex ?? -1) }),
    });
  }

  // Light on the works and their labels (lighting.ts, labels.ts): a few batched meshes in all.
  const { profile } = runtime.applied;
  const hung = content.pictures.map((picture) => {
    const matrix = transformMatrix(picture.transform);
    return { picture, matrix, wall: wallBehind(matrix, built?.solid ?? []) };
  });
  const lit: LitWork[] = hung.flatMap(({ picture, matrix, wall }) =>
    wall === null ? [] : [{ id: picture.id, matrix, width: picture.width, height: picture.height, wall }],
  );
  // Information on the walls is lit like the works: wall texts and info points.
  for (const board of [...texts.flatMap(textBoard), ...content.infoPoints.map(infoBoard)]) {
    const wall = wallBehind(board.matrix, built?.solid ?? []);
    if (wall !== null) lit.push({ ...board, wall });
  }
  const mood = space?.lighting ?? 'daylight';
  const lights = buildPictureLights(lit, profile, mood, batch);
  add(lights.group);
  disposers.push(() => lights.dispose());
  disposers.push(applyMood(runtime, mood, null));
  if (profile.labels) {
    const labels = buildLabels(hung.map((h) => ({ ...h, wall: h.wall ?? 0.01 })));
    labels.meshes.forEach((m) => add(m));
    labels.textures.forEach((t) => runtime.registerTexture(t));
    disposers.push(() => {
      labels.textures.forEach((t) => runtime.unregisterTexture(t));
      labels.dispose();
    });
    for (const mesh of labels.meshes) {
      const ranges = labels.ranges.get(mesh)!;
      pickables.push({
        object: mesh,
        resolve: (i) => ({ kind: 'picture', id: idOfTriangle(ranges, i.faceIndex ?? -1) }),
      });
    }
  }

  const baked = batch.build();
  baked.meshes.forEach((m) => add(m));
  disposers.push(() => baked.dispose());
  for (const mesh of baked.meshes) pickables.push(batchPickable(mesh, baked.owners.get(mesh)!));

  // Per-frame work: animations, portals' swirl, info badges facing the visitor.
  let seconds = 0;
  const animationKey = {};
  const mixers: AnimationMixer[] = [];
  const stopFrame = runtime.onFrame((dt) => {
    seconds += dt;
    mixers.forEach((m) => m.update(dt));
    let moved = info.face(runtime.camera);
    for (const portal of portals) {
      if (portal.center.distanceTo(runtime.camera.position) < 15) {
        portal.update(seconds);
        moved = true;
      }
    }
    return moved;
  });
  disposers.push(() => {
    stopFrame();
    runtime.keepAnimating(animationKey, false);
  });

  const walk = new WalkWorld(obstacles, built?.floors ?? [], built?.patches ?? [], groundY);
  const objects: Object3D[] = [];
  const ownerOf = new Map<Object3D, Pickable>();
  const pickable = (p: Pickable) => {
    objects.push(p.object);
    p.object.traverse((o) => ownerOf.set(o, p));
  };
  pickables.forEach(pickable);
  const roomObstacles = built?.obstacles.length ?? 0;

  /** Models: loaded together, placed together (one more batch of plain-coloured parts). */
  const placeModels = async () => {
    const late = new StaticBatch(runtime.hasEnvironment ? 1 : satinMetalness);
    const models = await Promise.all(
      content.models3d.map(async (model): Promise<BuiltModel> => {
        try {
          const loaded = await loadModel(model.format, model.fileUri, model.mtlUri);
          return placeModel(model, loaded, late);
        } catch (error) {
          fail(model.id)(error instanceof LoadError ? error : new LoadError(model.fileUri, String(error)));
          return modelPlaceholder(model);
        }
      }),
    );
    if (signal.aborted || disposed) {
      models.forEach((m) => m.dispose());
      late.build().dispose();
      return;
    }
    const modelObstacles: Obstacle[] = [];
    const byId = new Map(content.models3d.map((m) => [m.id, m]));
    for (const model of models) {
      add(model.object);
      disposers.push(() => model.dispose());
      const { bounds } = model;
      centers.set(model.id, bounds.getCenter(new Vector3()));
      if (byId.get(model.id)!.collision !== 'none' && !bounds.isEmpty()) {
        modelObstacles.push({
          center: [(bounds.min.x + bounds.max.x) / 2, (bounds.min.z + bounds.max.z) / 2],
          halfLength: (bounds.max.x - bounds.min.x) / 2,
          halfWidth: (bounds.max.z - bounds.min.z) / 2,
          angle: 0,
          bottom: bounds.min.y,
          top: bounds.max.y,
        });
      }
    }
    if (!runtime.hasEnvironment) {
      for (const model of models) {
        model.object.traverse((o) => {
          const material = (o as Mesh).material;
          for (const m of Array.isArray(material) ? material : material ? [material] : []) {
            if (m instanceof MeshStandardMaterial) m.metalness = Math.min(m.metalness, satinMetalness);
          }
        });
      }
    }
    obstacles.push(...modelObstacles);
    walk.addObstacles(modelObstacles);
    for (const model of models) {
      pickable({ object: model.object, resolve: () => ({ kind: 'model', id: model.id }) });
      if (model.mixer) mixers.push(model.mixer);
    }
    runtime.keepAnimating(animationKey, mixers.length > 0);
    const boxes = models.map((m) => m.bounds);
    fitSunShadow(runtime, unionOf(boxes));
    if (profile.contactShadows) {
      const contact = buildContactShadows(boxes);
      if (contact) {
        add(contact);
        disposers.push(() => {
          contact.geometry.dispose();
          (contact.material as MeshStandardMaterial).dispose();
        });
      }
    }
    const bakedLate = late.build();
    bakedLate.meshes.forEach((m) => add(m));
    disposers.push(() => bakedLate.dispose());
    for (const mesh of bakedLate.meshes) pickable(batchPickable(mesh, bakedLate.owners.get(mesh)!));
    runtime.invalidate();
  };
  let placing: Promise<void> | null = null;
  let disposed = false;

  return {
    content,
    walk,
    levelAt: (feet) => built?.levelAt(feet) ?? null,
    centers,
    portals,
    media,
    atlasCount: pictures.atlasCount,
    solid: built?.solid ?? [],
    get objectObstacles() {
      return obstacles.slice(roomObstacles);
    },
    placeObjects() {
      if (!placing) {
        shown();
        placing = placeModels();
      }
      return placing;
    },
    hitTest(raycaster) {
      for (const intersection of raycaster.intersectObjects(objects, true)) {
        const owner = ownerOf.get(intersection.object);
        if (!owner || !intersection.object.visible) continue;
        const hit = owner.resolve(intersection);
        if (hit) return { ...hit, point: intersection.point, distance: intersection.distance };
      }
      return null;
    },
    dispose() {
      disposed = true;
      added.forEach((o) => root.remove(o));
      for (const view of content.webViews3d) css().remove(view.id);
      disposers.forEach((d) => d());
      root.background = null;
    },
  };
}
