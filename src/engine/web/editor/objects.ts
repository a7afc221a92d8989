import {
  type BufferGeometry,
  CircleGeometry,
  Color,
  Euler,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  type Object3D,
  PlaneGeometry,
  Quaternion,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
  Vector3,
} from 'three';
import type {
  InfoPoint,
  LiveVideo,
  Picture,
  Portal,
  Text3d,
  Transform,
  Video,
  WebView3d,
} from '../../../../contracts/sceneContent';
import type { AssetFailure, PropLibraryItem } from '../../protocol';
import { merge, metreBox } from '../build/geometry';
import { buildPortal, infoIcon, infoPointRadius } from '../build/markers';
import { buildLiveVideo, buildVideo } from '../build/media';
import { LoadError } from '../build/loading';
import { disposeObject, loadModel, mergeByUnit } from '../build/models';
import { propById } from '../build/props';
import { buildText, labelText } from '../build/texts';
import type { CssLayer } from '../runtime/cssLayer';
import type { ObjectEntry } from './document';

/**
 * One scene object per placed object, for the editor: each is its own mesh group (so it can be
 * picked, selected and moved), positioned by its transform. Files load in the background; a
 * picture shows a grey card and a model a crate until theirs arrive.
 */

export interface EditorObject {
  id: string;
  root: Group;
  /** Turns the object to face the camera (info points). */
  face?(camera: Vector3): void;
  dispose(): void;
}

const deg = Math.PI / 180;

/**
 * Counts the times a drawn object changed its size after it was made (a model replacing its
 * crate, a text laid out), so what measured it knows to measure again.
 */
export function shapeVersion(root: Object3D): number {
  return (root.userData.shapeVersion as number | undefined) ?? 0;
}

function reshaped(root: Object3D) {
  root.userData.shapeVersion = shapeVersion(root) + 1;
}

export function applyTransform(object: Object3D, t: Transform) {
  object.position.set(...t.position);
  object.quaternion.setFromEuler(
    new Euler(t.rotation[0] * deg, t.rotation[1] * deg, t.rotation[2] * deg, 'YXZ'),
  );
  object.scale.set(...t.scale);
  object.updateMatrixWorld(true);
}

/** The transform an object's root has now (after a gizmo moved it). */
export function transformOf(object: Object3D): Transform {
  const e = new Euler().setFromQuaternion(object.quaternion, 'YXZ');
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  const d = (v: number) => r((((v / deg) % 360) + 360) % 360);
  return {
    position: [r(object.position.x), r(object.position.y), r(object.position.z)],
    rotation: [d(e.x), d(e.y), d(e.z)],
    scale: [r(object.scale.x), r(object.scale.y), r(object.scale.z)],
  };
}

export interface ObjectFactoryDeps {
  invalidate(): void;
  css(): CssLayer;
  props(): PropLibraryItem[];
  assetFailed(objectId: string, uri: string, message: string, failure?: AssetFailure): void;
}

/** Shared textures by file, so a hundred copies of a picture load it once. */
class TextureCache {
  private readonly entries = new Map<string, { texture: Texture; users: number }>();
  private readonly loader = new TextureLoader();
  constructor(private readonly onLoad: () => void) {}
  take(uri: string, onError: (message: string) => void): Texture {
    let entry = this.entries.get(uri);
    if (!entry) {
      const texture = this.loader.load(uri, this.onLoad, undefined, () => onError('Failed to load image'));
      texture.colorSpace = SRGBColorSpace;
      entry = { texture, users: 0 };
      this.entries.set(uri, entry);
    }
    entry.users++;
    return entry.texture;
  }
  release(uri: string) {
    const entry = this.entries.get(uri);
    if (!entry || --entry.users > 0) return;
    entry.texture.dispose();
    this.entries.delete(uri);
  }
  dispose() {
    this.entries.forEach((e) => e.texture.dispose());
    this.entries.clear();
  }
}

export class ObjectFactory {
  private readonly textures: TextureCache;
  private readonly propGeometries = new Map<string, BufferGeometry>();
  private readonly propMaterial = new MeshStandardMaterial({ vertexColors: true, roughness: 0.75 });
  private infoTexture: Texture | null = null;

  constructor(private readonly deps: ObjectFactoryDeps) {
    this.textures = new TextureCache(deps.invalidate);
  }

  create(entry: ObjectEntry): EditorObject {
    const root = new Group();
    root.name = `${entry.list}:${entry.item.id}`;
    root.userData.objectId = entry.item.id;
    const built = this.build(entry, root);
    applyTransform(root, entry.item.transform);
    return { id: entry.item.id, root, ...built };
  }

  private build(entry: ObjectEntry, root: Group): Omit<EditorObject, 'id' | 'root'> {
    const item = entry.item;
    switch (entry.list) {
      case 'pictures':
        return this.picture(item as Picture, root);
      case 'videos': {
        const video = buildVideo(
          { ...(item as Video), autoplay: false, transform: identity },
          {
            css: this.deps.css,
            invalidate: this.deps.invalidate,
            onPlaying: () => {},
          },
        );
        root.add(video.object);
        return { dispose: () => video.dispose() };
      }
      case 'liveVideos': {
        const live = buildLiveVideo(
          { ...(item as LiveVideo), transform: identity },
          { invalidate: this.deps.invalidate, onPlaying: () => {} },
        );
        root.add(live.object);
        return { dispose: () => live.dispose() };
      }
      case 'texts3d': {
        const text = buildText({ ...(item as Text3d), transform: identity }, []);
        void text.ready.then(() => {
          reshaped(root);
          this.deps.invalidate();
        });
        root.add(text.object);
        return { dispose: () => text.dispose() };
      }
      case 'portals': {
        const portal = buildPortal({ ...(item as Portal), transform: identity });
        root.add(portal.object);
        return { dispose: () => portal.dispose() };
      }
      case 'infoPoints':
        return this.infoPoint(item as InfoPoint, root);
      case 'webViews3d':
        return this.webView(item as WebView3d, root);
      case 'props': {
        const { propId } = item as { propId: string };
        const fromLibrary = this.deps.props().find((p) => p.propId === propId && p.fileUri);
        if (fromLibrary?.fileUri)
          return this.model(item.id, fromLibrary.fileUri, fromLibrary.format ?? 'glb', undefined, root);
        let geometry = this.propGeometries.get(propId);
        if (!geometry) {
          geometry = propById(propId).build();
          this.propGeometries.set(propId, geometry);
        }
        root.add(new Mesh(geometry, this.propMaterial));
        return { dispose() {} };
      }
      case 'models3d': {
        const m = item as { fileUri: string; format: 'glb' | 'gltf' | 'obj'; mtlUri?: string };
        return this.model(item.id, m.fileUri, m.format, m.mtlUri, root);
      }
    }
  }

  private picture(picture: Picture, root: Group) {
    const texture = this.textures.take(picture.fileUri, (message) =>
      this.deps.assetFailed(picture.id, picture.fileUri, message),
    );
    const face = new Mesh(
      new PlaneGeometry(picture.width, picture.height),
      new MeshBasicMaterial({ map: texture, toneMapped: false, color: new Color('#ffffff') }),
    );
    face.position.z = 0.006;
    const backing = this.frameGeometry(picture);
    const frame = new Mesh(
      backing,
      new MeshStandardMaterial({ color: picture.frame?.color ?? '#e9e5dc', roughness: 0.6 }),
    );
    root.add(face, frame);
    return {
      dispose: () => {
        face.geometry.dispose();
        (face.material as MeshBasicMaterial).dispose();
        frame.geometry.dispose();
        (frame.material as MeshStandardMaterial).dispose();
        this.textures.release(picture.fileUri);
      },
    };
  }

  private frameGeometry(picture: Picture): BufferGeometry {
    const { width: w, height: h, frame } = picture;
    if (!frame) return metreBox(w, h, 0.025).translate(0, 0, -0.0085);
    const f = frame.width;
    const d = 0.035;
    return merge([
      metreBox(w + 2 * f, f, d).translate(0, h / 2 + f / 2, d / 2 - d * 0.8),
      metreBox(w + 2 * f, f, d).translate(0, -h / 2 - f / 2, d / 2 - d * 0.8),
      metreBox(f, h, d).translate(-w / 2 - f / 2, 0, d / 2 - d * 0.8),
      metreBox(f, h, d).translate(w / 2 + f / 2, 0, d / 2 - d * 0.8),
      metreBox(w, h, d * 0.2).translate(0, 0, -d * 0.7),
    ])!;
  }

  private infoPoint(point: InfoPoint, root: Group): Omit<EditorObject, 'id' | 'root'> {
    this.infoTexture ??= infoIcon();
    const disc = new Mesh(
      new CircleGeometry(infoPointRadius, 32),
      new MeshBasicMaterial({ map: this.infoTexture, transparent: true, alphaTest: 0.1, toneMapped: false }),
    );
    root.add(disc);
    const q = new Quaternion();
    const world = new Vector3();
    return {
      face(camera) {
        root.getWorldPosition(world);
        q.setFromAxisAngle(new Vector3(0, 1, 0), Math.atan2(camera.x - world.x, camera.z - world.z));
        disc.quaternion.copy(root.quaternion.clone().invert().multiply(q));
      },
      dispose() {
        disc.geometry.dispose();
        (disc.material as MeshBasicMaterial).dispose();
      },
    };
  }

  /** Web views show as a labelled panel in the editor: a live page would take the pointer. */
  private webView(view: WebView3d, root: Group) {
    const panel = new Mesh(
      new PlaneGeometry(view.width, view.height),
      new MeshBasicMaterial({ color: '#2b3140', toneMapped: false }),
    );
    const label = labelText(view.url, Math.min(0.12, view.width / 12), '#dfe7f5');
    label.position.z = 0.005;
    label.maxWidth = view.width * 0.9;
    label.sync(this.deps.invalidate);
    root.add(panel, label);
    return {
      dispose() {
        panel.geometry.dispose();
        (panel.material as MeshBasicMaterial).dispose();
        label.dispose();
      },
    };
  }

  private model(
    id: string,
    uri: string,
    format: 'glb' | 'gltf' | 'obj',
    mtlUri: string | undefined,
    root: Group,
  ) {
    const crate = new Mesh(
      metreBox(0.6, 0.6, 0.6).translate(0, 0.3, 0),
      new MeshStandardMaterial({ color: '#b9b4aa', roughness: 0.9, transparent: true, opacity: 0.6 }),
    );
    root.add(crate);
    let disposed = false;
    let loaded: Object3D | null = null;
    loadModel(format, uri, mtlUri).then(
      (model) => {
        if (disposed) return disposeObject(model.root);
        mergeByUnit(model.root, new Set());
        loaded = model.root;
        root.remove(crate);
        root.add(model.root);
        root.updateMatrixWorld(true);
        reshaped(root);
        this.deps.invalidate();
      },
      (error: Error) =>
        this.deps.assetFailed(id, uri, error.message, error instanceof LoadError ? error.failure : undefined),
    );
    return {
      dispose() {
        disposed = true;
        crate.geometry.dispose();
        (crate.material as MeshStandardMaterial).dispose();
        if (loaded) disposeObject(loaded);
      },
    };
  }

  dispose() {
    this.textures.dispose();
    this.propGeometries.forEach((g) => g.dispose());
    this.propMaterial.dispose();
    this.infoTexture?.dispose();
  }
}

const identity: Transform = { position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] };
