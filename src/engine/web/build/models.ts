import {
  type AnimationClip,
  AnimationMixer,
  Box3,
  Group,
  LoaderUtils,
  LoopOnce,
  LoopRepeat,
  type Material,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  PropertyBinding,
  SkinnedMesh,
  type WebGLRenderer,
} from 'three';
import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import type { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import type { MeshoptDecoder as MeshoptDecoderType } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import type { Model3d } from '../../../../contracts/sceneContent';
import { merge, metreBox } from './geometry';
import { LoadError } from './loading';
import { checkRequiredExtensions, decodersFor, ModelFileError, readGltfDescription } from './modelFile';
import { transformMatrix } from './pictures';
import type { StaticBatch } from './staticBatch';

/**
 * 3D models (glTF/GLB, OBJ with MTL): loaded, their still parts baked or merged so that models
 * cost few draw calls, animated with their clips, solid to walk into unless their collision is
 * 'none'.
 */

export interface LoadedModel {
  root: Object3D;
  animations: AnimationClip[];
}

export async function loadModel(
  format: Model3d['format'],
  uri: string,
  mtlUri?: string,
): Promise<LoadedModel> {
  if (format !== 'obj') return loadGltf(uri);
  try {
    const loader = new OBJLoader();
    if (mtlUri) {
      const materials = await new MTLLoader().loadAsync(mtlUri);
      materials.preload();
      loader.setMaterials(materials);
    }
    const root = await loader.loadAsync(uri);
    return { root, animations: [] };
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    // three's FileLoader rejects with an HttpError (it has the response) or fetch's TypeError.
    const unreachable = error instanceof TypeError || (error instanceof Error && 'response' in error);
    throw new LoadError(
      uri,
      `Failed to load model: ${message}`,
      unreachable ? { reason: 'unreachable' } : { reason: 'damaged', detail: 'undecodable' },
    );
  }
}

// The decoders are served from our own origin (copied into the build by rsbuild.config.ts) and
// loaded only when a model needs them; each keeps its workers for the page's life.
const decoderBase = '/decoders/';
let draco: Promise<DRACOLoader> | null = null;
let ktx2: Promise<KTX2Loader> | null = null;
let meshopt: Promise<typeof MeshoptDecoderType> | null = null;
let textureRenderer: WebGLRenderer | null = null;

/** The renderer KTX2 textures are transcoded for (the formats its GPU supports). */
export function setModelRenderer(renderer: WebGLRenderer) {
  textureRenderer = renderer;
}

function dracoLoader() {
  draco ??= import('three/examples/jsm/loaders/DRACOLoader.js').then(({ DRACOLoader }) =>
    new DRACOLoader().setDecoderPath(`${decoderBase}draco/`).setDecoderConfig({ type: 'wasm' }),
  );
  return draco;
}

function ktx2Loader(renderer: WebGLRenderer) {
  ktx2 ??= import('three/examples/jsm/loaders/KTX2Loader.js').then(({ KTX2Loader }) =>
    new KTX2Loader().setTranscoderPath(`${decoderBase}basis/`).detectSupport(renderer),
  );
  return ktx2;
}

function meshoptDecoder() {
  meshopt ??= import('three/examples/jsm/libs/meshopt_decoder.module.js').then(async ({ MeshoptDecoder }) => {
    await MeshoptDecoder.ready;
    return MeshoptDecoder;
  });
  return meshopt;
}

/** Fetches a GLB or glTF, checks what it needs, and parses it with the decoders it uses. */
async function loadGltf(uri: string): Promise<LoadedModel> {
  // Models the platform stores are meshopt-compressed: its decoder (a small chunk and its WASM)
  // comes while the file downloads, not after. Unused (and harmless) for other files.
  meshoptDecoder().catch(() => undefined);
  let bytes: ArrayBuffer;
  try {
    const response = await fetch(uri, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    bytes = await response.arrayBuffer();
  } catch (error) {
    throw new LoadError(uri, `Failed to load model: ${(error as Error).message}`, { reason: 'unreachable' });
  }
  let needs: ReturnType<typeof decodersFor>;
  try {
    const description = readGltfDescription(bytes);
    checkRequiredExtensions(description);
    needs = decodersFor(description);
  } catch (error) {
    if (error instanceof ModelFileError) throw new LoadError(uri, error.message, error.failure);
    throw error;
  }
  const loader = new GLTFLoader();
  if (needs.draco) loader.setDRACOLoader(await dracoLoader());
  if (needs.meshopt) loader.setMeshoptDecoder(await meshoptDecoder());
  if (needs.ktx2) {
    if (!textureRenderer) {
      throw new LoadError(uri, 'KTX2 textures need the renderer', {
        reason: 'unsupportedExtension',
        detail: 'KHR_texture_basisu',
      });
    }
    loader.setKTX2Loader(await ktx2Loader(textureRenderer));
  }
  try {
    const gltf = await loader.parseAsync(bytes, LoaderUtils.extractUrlBase(uri));
    return { root: gltf.scene, animations: gltf.animations };
  } catch (error) {
    throw new LoadError(uri, `Failed to load model: ${(error as Error)?.message ?? String(error)}`, {
      reason: 'damaged',
      detail: 'undecodable',
    });
  }
}

/** The nodes a model's animation clips move. */
export function animatedNodes(root: Object3D, clips: AnimationClip[]): Set<Object3D> {
  const nodes = new Set<Object3D>();
  for (const clip of clips) {
    for (const track of clip.tracks) {
      const { nodeName } = PropertyBinding.parseTrackName(track.name);
      const node = root.getObjectByName(nodeName) ?? root.getObjectByProperty('uuid', nodeName);
      if (node) nodes.add(node);
    }
  }
  return nodes;
}

function mergeable(mesh: Mesh): boolean {
  return (
    !(mesh instanceof SkinnedMesh) &&
    !Array.isArray(mesh.material) &&
    !mesh.geometry.morphAttributes.position &&
    mesh.geometry.getAttribute('position') !== undefined
  );
}

/**
 * Merges meshes that move together and share a material: with no animation, the whole model is
 * one unit; with animation, each animated node carries the meshes below it (down to the next
 * animated node). Merged geometry is expressed in its unit's own space, so animation still moves it.
 */
export function mergeByUnit(root: Object3D, animated: Set<Object3D>) {
  root.updateMatrixWorld(true);
  const unitOf = (o: Object3D): Object3D => {
    for (let n: Object3D | null = o; n && n !== root; n = n.parent) if (animated.has(n)) return n;
    return root;
  };
  const groups = new Map<string, { unit: Object3D; material: Material; meshes: Mesh[] }>();
  root.traverse((o) => {
    if (!(o instanceof Mesh) || !mergeable(o) || animated.has(o)) return;
    const unit = unitOf(o);
    const material = o.material as Material;
    const attributes = Object.keys(o.geometry.attributes).sort().join(',');
    const key = `${unit.uuid}|${material.uuid}|${attributes}|${o.geometry.index ? 'i' : 'n'}`;
    const group = groups.get(key) ?? { unit, material, meshes: [] };
    group.meshes.push(o);
    groups.set(key, group);
  });
  for (const { unit, material, meshes } of groups.values()) {
    if (meshes.length < 2) continue;
    const toUnit = unit.matrixWorld.clone().invert();
    let merged;
    try {
      merged = merge(
        meshes.map((m) => m.geometry.clone().applyMatrix4(toUnit.clone().multiply(m.matrixWorld))),
      )!;
    } catch {
      // Attributes of different types (say, 8-bit and float colours) cannot merge: keep them apart.
      continue;
    }
    for (const m of meshes) {
      m.removeFromParent();
      m.geometry.dispose();
    }
    const mesh = new Mesh(merged, material);
    mesh.name = `${unit.name || 'model'}:merged`;
    unit.add(mesh);
  }
}

export interface BuiltModel {
  id: string;
  object: Group;
  /** World-space box of the whole model (baked parts included), for collisions. */
  bounds: Box3;
  mixer: AnimationMixer | null;
  clickable: boolean;
  dispose(): void;
}

/**
 * Places a loaded model. Still models give their plain-coloured parts to the static batch; what
 * is left (textured or transparent parts) is merged per material. Animated models keep their
 * moving parts, merged per moving unit.
 */
export function placeModel(model: Model3d, loaded: LoadedModel, batch: StaticBatch): BuiltModel {
  const wrapper = new Group();
  wrapper.name = `model:${model.id}`;
  wrapper.add(loaded.root);
  wrapper.applyMatrix4(transformMatrix(model.transform));
  wrapper.updateMatrixWorld(true);
  const bounds = new Box3().setFromObject(wrapper);
  const animated = loaded.animations.length > 0 && model.animated;
  if (animated) {
    mergeByUnit(loaded.root, animatedNodes(loaded.root, loaded.animations));
  } else {
    const baked: Mesh[] = [];
    wrapper.traverse((o) => {
      if (o instanceof Mesh && batch.addMesh(o, { kind: 'model', id: model.id })) baked.push(o);
    });
    for (const mesh of baked) {
      mesh.removeFromParent();
      mesh.geometry.dispose();
    }
    mergeByUnit(loaded.root, new Set());
  }
  wrapper.traverse((o) => {
    o.userData.objectId = model.id;
    if (o instanceof Mesh) {
      o.castShadow = model.dropShadow;
      o.receiveShadow = true;
    }
  });
  let mixer: AnimationMixer | null = null;
  if (animated) {
    mixer = new AnimationMixer(loaded.root);
    const clip = loaded.animations.find((c) => c.name === model.animationClip) ?? loaded.animations[0];
    const action = mixer.clipAction(clip);
    action.setLoop(model.loop ? LoopRepeat : LoopOnce, Infinity);
    action.clampWhenFinished = true;
    if (model.autoplay) action.play();
  }
  return {
    id: model.id,
    object: wrapper,
    bounds,
    mixer,
    clickable: model.clickable,
    dispose() {
      disposeObject(wrapper);
      mixer?.stopAllAction();
    },
  };
}

/** A grey crate where a model failed to load, so the space still shows where it was meant to be. */
export function modelPlaceholder(model: Model3d): BuiltModel {
  const wrapper = new Group();
  const mesh = new Mesh(
    metreBox(0.6, 0.6, 0.6).translate(0, 0.3, 0),
    new MeshStandardMaterial({ color: '#b9b4aa', roughness: 0.9 }),
  );
  mesh.userData.objectId = model.id;
  wrapper.add(mesh);
  wrapper.applyMatrix4(transformMatrix(model.transform));
  wrapper.updateMatrixWorld(true);
  return {
    id: model.id,
    object: wrapper,
    bounds: new Box3().setFromObject(wrapper),
    mixer: null,
    clickable: false,
    dispose: () => disposeObject(wrapper),
  };
}

export function disposeObject(root: Object3D) {
  root.traverse((o) => {
    if (!(o instanceof Mesh)) return;
    o.geometry.dispose();
    const materials = Array.isArray(o.material) ? o.material : [o.material];
    for (const m of materials as Material[]) {
      for (const value of Object.values(m)) {
        if (value && typeof value === 'object' && 'isTexture' in value)
          (value as { dispose(): void }).dispose();
      }
      m.dispose();
    }
  });
}
