import {
  type AnimationClip,
  AnimationMixer,
  Box3,
  type BufferGeometry,
  Group,
  LoopOnce,
  LoopRepeat,
  type Material,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  SkinnedMesh,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import type { Model3d } from '../../../../contracts/sceneContent';
import { merge, metreBox } from './geometry';
import { LoadError } from './loading';
import { transformMatrix } from './pictures';

/**
 * 3D models (glTF/GLB, OBJ with MTL): loaded, their still parts merged by material so a model
 * costs one draw call per material, animated with their clips, solid to walk into unless their
 * collision is 'none'.
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
  try {
    if (format === 'obj') {
      const loader = new OBJLoader();
      if (mtlUri) {
        const materials = await new MTLLoader().loadAsync(mtlUri);
        materials.preload();
        loader.setMaterials(materials);
      }
      const root = await loader.loadAsync(uri);
      return { root, animations: [] };
    }
    const gltf = await new GLTFLoader().loadAsync(uri);
    return { root: gltf.scene, animations: gltf.animations };
  } catch (error) {
    throw new LoadError(uri, `Failed to load model: ${(error as Error)?.message ?? String(error)}`);
  }
}

/** Merges every still, single-material mesh of a model by material; returns the new root. */
export function mergeStill(root: Object3D): Object3D {
  root.updateMatrixWorld(true);
  const groups = new Map<string, { material: Material; parts: BufferGeometry[]; meshes: Mesh[] }>();
  const keep: Object3D[] = [];
  root.traverse((o) => {
    if (!(o instanceof Mesh)) return;
    const mesh = o as Mesh;
    const mergeable =
      !(mesh instanceof SkinnedMesh) &&
      !Array.isArray(mesh.material) &&
      !mesh.geometry.morphAttributes.position &&
      mesh.geometry.getAttribute('position');
    if (!mergeable) {
      keep.push(mesh);
      return;
    }
    const material = mesh.material as Material;
    const attributes = Object.keys(mesh.geometry.attributes).sort().join(',');
    const key = `${material.uuid}|${attributes}|${mesh.geometry.index ? 'i' : 'n'}`;
    const geometry = mesh.geometry.clone().applyMatrix4(mesh.matrixWorld);
    const entry = groups.get(key);
    if (entry) {
      entry.parts.push(geometry);
      entry.meshes.push(mesh);
    } else groups.set(key, { material, parts: [geometry], meshes: [mesh] });
  });
  const out = new Group();
  for (const { material, parts, meshes } of groups.values()) {
    if (parts.length === 1) {
      parts[0].dispose();
      keep.push(...meshes);
      continue;
    }
    try {
      out.add(new Mesh(merge(parts)!, material));
      meshes.forEach((m) => m.geometry.dispose());
    } catch {
      // Attributes of different types (say, 8-bit and float colours) cannot merge: keep them apart.
      keep.push(...meshes);
    }
  }
  for (const mesh of keep) {
    // Kept meshes move with their parents: attach keeps their world transform.
    out.attach(mesh);
  }
  return out;
}

export interface BuiltModel {
  id: string;
  object: Group;
  mixer: AnimationMixer | null;
  clickable: boolean;
  dispose(): void;
}

export function placeModel(model: Model3d, loaded: LoadedModel): BuiltModel {
  const wrapper = new Group();
  wrapper.name = `model:${model.id}`;
  const animated = loaded.animations.length > 0 && model.animated;
  const content = animated ? loaded.root : mergeStill(loaded.root);
  wrapper.add(content);
  wrapper.applyMatrix4(transformMatrix(model.transform));
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
  return {
    id: model.id,
    object: wrapper,
    mixer: null,
    clickable: false,
    dispose: () => disposeObject(wrapper),
  };
}

/** The world-space box of a model, for collisions. */
export function worldBounds(object: Object3D): Box3 {
  object.updateMatrixWorld(true);
  return new Box3().setFromObject(object);
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
