import {
  AnimationMixer,
  Box3,
  Box3Helper,
  Color,
  CylinderGeometry,
  Group,
  LinearFilter,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  type Object3D,
  PlaneGeometry,
  SRGBColorSpace,
  Texture,
  Vector3,
  VideoTexture,
} from 'three';
import { Text } from 'troika-three-text';
import type { EngineEvent, InspectedAsset } from '../../protocol';
import { LoadError, loadBitmap } from '../build/loading';
import { disposeObject, loadModel } from '../build/models';
import { buildText, labelText } from '../build/texts';
import type { Runtime } from '../runtime/runtime';
import { assetStats, type AssetStats } from './stats';

/**
 * Inspector mode: one asset on a turntable with its dimensions and counts (the asset form's
 * preview). The visitor can drag to turn it and scroll to zoom; 'show model dimensions' draws its
 * bounding box with the three sizes in metres.
 */

/** Longest side of a picture or video shown in the inspector, in metres. */
export const flatAssetSize = 1;
const turnSpeed = 0.35; // radians per second

export class InspectorMode {
  private readonly stage = new Group();
  private readonly turntable: Mesh;
  private asset: Object3D | null = null;
  private mixer: AnimationMixer | null = null;
  private dimensions: Group | null = null;
  private showDimensions = false;
  private bounds = new Box3();
  private angle = 0;
  private distance = 3;
  private elevation = 0.35;
  private dragging: { x: number; y: number } | null = null;
  private disposers: (() => void)[] = [];
  private stopFrame: () => void;
  private request = 0;
  private inputEnabled = false;
  private video: HTMLVideoElement | null = null;

  constructor(
    private readonly runtime: Runtime,
    private readonly emit: (event: EngineEvent) => void,
  ) {
    runtime.scene.background = new Color('#eef1f4');
    this.turntable = new Mesh(
      new CylinderGeometry(1, 1, 0.04, 64),
      new MeshStandardMaterial({ color: '#d5d9de', roughness: 0.7 }),
    );
    this.turntable.position.y = -0.02;
    this.turntable.receiveShadow = true;
    runtime.scene.add(this.stage, this.turntable);
    this.stopFrame = runtime.onFrame((dt) => this.frame(dt));
    runtime.keepAnimating(this, true);
    const canvas = runtime.canvas;
    canvas.addEventListener('pointerdown', this.down);
    canvas.addEventListener('pointermove', this.move);
    canvas.addEventListener('pointerup', this.up);
    canvas.addEventListener('wheel', this.wheel, { passive: false });
  }

  setInputEnabled(enabled: boolean) {
    this.inputEnabled = enabled;
  }

  async show(asset: InspectedAsset) {
    const request = ++this.request;
    this.clear();
    this.emit({ type: 'loadProgress', percent: 0 });
    let loaded: { object: Object3D; stats: AssetStats; dispose: () => void; mixer?: AnimationMixer };
    try {
      loaded = await this.load(asset);
    } catch (error) {
      if (request !== this.request) return;
      const uri = 'uri' in asset ? asset.uri : '';
      const message = error instanceof LoadError ? error.message : `Failed to load: ${String(error)}`;
      const failure = error instanceof LoadError ? error.failure : undefined;
      this.emit({ type: 'assetFailed', objectId: 'inspected-asset', uri, message, ...failure });
      this.emit({ type: 'loadProgress', percent: 100 });
      return;
    }
    if (request !== this.request) {
      loaded.dispose();
      return;
    }
    this.asset = loaded.object;
    this.mixer = loaded.mixer ?? null;
    this.disposers.push(loaded.dispose);
    this.place(loaded.object);
    this.stage.add(loaded.object);
    this.updateDimensions();
    await this.runtime.nextFrame();
    this.emit({ type: 'loadProgress', percent: 100 });
    this.emit({ type: 'inspectorReport', ...loaded.stats });
    this.emit({ type: 'loaded' });
    this.emit({ type: 'objectsLoaded' });
  }

  private async load(asset: InspectedAsset) {
    switch (asset.kind) {
      case 'model3d': {
        const { root, animations } = await loadModel(asset.format, asset.uri, asset.mtlUri);
        const stats = assetStats(root, animations);
        let mixer: AnimationMixer | undefined;
        if (animations.length) {
          mixer = new AnimationMixer(root);
          mixer.clipAction(animations[0]).play();
        }
        root.traverse((o) => {
          if (o instanceof Mesh) o.castShadow = o.receiveShadow = true;
        });
        return { object: root, stats, mixer, dispose: () => disposeObject(root) };
      }
      case 'picture': {
        const bitmap = await loadBitmap(asset.uri);
        const texture = new Texture(bitmap);
        texture.colorSpace = SRGBColorSpace;
        texture.needsUpdate = true;
        // Image bitmaps cannot be flipped on upload: the plane's coordinates are flipped instead.
        return this.flat(texture, bitmap.width, bitmap.height, () => bitmap.close(), true);
      }
      case 'video': {
        const video = document.createElement('video');
        video.src = asset.uri;
        video.muted = true;
        video.loop = true;
        video.playsInline = true;
        video.crossOrigin = 'anonymous';
        await new Promise<void>((resolve, reject) => {
          video.addEventListener('loadeddata', () => resolve(), { once: true });
          video.addEventListener('error', () => reject(new LoadError(asset.uri, 'Failed to load video')), {
            once: true,
          });
        });
        void video.play().catch(() => {});
        this.video = video;
        const texture = new VideoTexture(video);
        texture.colorSpace = SRGBColorSpace;
        texture.minFilter = LinearFilter;
        return this.flat(texture, video.videoWidth || 16, video.videoHeight || 9, () => {
          video.pause();
          video.removeAttribute('src');
          video.load();
        });
      }
      case 'text3d': {
        const built = buildText(
          { ...asset.text3d, transform: { position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] } },
          [],
        );
        await built.ready;
        const stats = assetStats(built.object);
        return { object: built.object, stats, dispose: built.dispose };
      }
    }
  }

  private flat(texture: Texture, width: number, height: number, release: () => void, flipV = false) {
    const scale = flatAssetSize / Math.max(width, height);
    const geometry = new PlaneGeometry(width * scale, height * scale);
    if (flipV) {
      const uv = geometry.getAttribute('uv');
      for (let i = 0; i < uv.count; i++) uv.setY(i, 1 - uv.getY(i));
    }
    const plane = new Mesh(geometry, new MeshBasicMaterial({ map: texture, toneMapped: false }));
    const object = new Group();
    object.add(plane);
    this.runtime.registerTexture(texture);
    const stats = assetStats(object);
    return {
      object,
      stats,
      dispose: () => {
        this.runtime.unregisterTexture(texture);
        texture.dispose();
        disposeObject(object);
        release();
      },
    };
  }

  /** Stands the asset on the turntable, centred, and frames it with the camera. */
  private place(object: Object3D) {
    object.updateMatrixWorld(true);
    const box = new Box3().setFromObject(object);
    if (box.isEmpty()) box.set(new Vector3(-0.5, 0, -0.5), new Vector3(0.5, 1, 0.5));
    const center = box.getCenter(new Vector3());
    object.position.x -= center.x;
    object.position.z -= center.z;
    object.position.y -= box.min.y;
    object.updateMatrixWorld(true);
    this.bounds = new Box3().setFromObject(object);
    const size = this.bounds.getSize(new Vector3());
    const radius = Math.max(0.25, size.length() / 2);
    this.turntable.scale.set(
      Math.max(0.5, Math.hypot(size.x, size.z) * 0.65),
      1,
      Math.max(0.5, Math.hypot(size.x, size.z) * 0.65),
    );
    this.distance = (radius / Math.sin(((this.runtime.camera.fov / 2) * Math.PI) / 180)) * 1.1;
    this.runtime.camera.near = Math.max(0.01, this.distance / 100);
    this.runtime.camera.far = this.distance * 20;
    this.runtime.camera.updateProjectionMatrix();
  }

  setShowDimensions(visible: boolean) {
    this.showDimensions = visible;
    this.updateDimensions();
  }

  private updateDimensions() {
    if (this.dimensions) {
      this.stage.remove(this.dimensions);
      disposeObject(this.dimensions);
      this.dimensions.traverse((o) => o instanceof Text && o.dispose());
      this.dimensions = null;
    }
    if (!this.showDimensions || !this.asset) return;
    const group = new Group();
    group.name = 'dimensions';
    const box = this.bounds;
    const helper = new Box3Helper(box, new Color('#1f6feb'));
    group.add(helper);
    const size = box.getSize(new Vector3());
    const label = (text: string, position: Vector3) => {
      const t = labelText(text, Math.max(0.04, size.length() * 0.05), '#1f6feb');
      t.position.copy(position);
      t.sync(() => this.runtime.invalidate());
      group.add(t);
    };
    const m = (v: number) => `${v.toFixed(2)} m`;
    label(m(size.x), new Vector3((box.min.x + box.max.x) / 2, box.min.y - size.y * 0.06, box.max.z));
    label(m(size.y), new Vector3(box.max.x + size.x * 0.08, (box.min.y + box.max.y) / 2, box.max.z));
    label(m(size.z), new Vector3(box.max.x + size.x * 0.08, box.min.y, (box.min.z + box.max.z) / 2));
    this.dimensions = group;
    this.stage.add(group);
    this.runtime.invalidate();
  }

  private frame(dt: number): boolean {
    if (!this.dragging) this.angle += turnSpeed * dt;
    this.mixer?.update(dt);
    this.stage.rotation.y = this.angle;
    this.turntable.rotation.y = this.angle;
    const camera = this.runtime.camera;
    const size = this.bounds.getSize(new Vector3());
    const target = new Vector3(0, size.y / 2, 0);
    camera.position.set(
      0,
      target.y + Math.sin(this.elevation) * this.distance,
      Math.cos(this.elevation) * this.distance,
    );
    camera.lookAt(target);
    // Labels face the camera while the stage turns.
    this.dimensions?.children.forEach(
      (c) =>
        c instanceof Text && c.quaternion.copy(this.stage.quaternion).invert().multiply(camera.quaternion),
    );
    return true;
  }

  private down = (e: PointerEvent) => {
    if (!this.inputEnabled) return;
    this.dragging = { x: e.clientX, y: e.clientY };
    this.runtime.canvas.setPointerCapture?.(e.pointerId);
  };

  private move = (e: PointerEvent) => {
    if (!this.dragging) return;
    this.angle += (e.clientX - this.dragging.x) * 0.01;
    this.elevation = Math.max(-0.2, Math.min(1.3, this.elevation + (e.clientY - this.dragging.y) * 0.005));
    this.dragging = { x: e.clientX, y: e.clientY };
  };

  private up = () => {
    this.dragging = null;
  };

  private wheel = (e: WheelEvent) => {
    if (!this.inputEnabled) return;
    e.preventDefault();
    this.distance = Math.max(0.2, this.distance * (1 + Math.sign(e.deltaY) * 0.1));
  };

  private clear() {
    if (this.asset) this.stage.remove(this.asset);
    this.asset = null;
    this.mixer = null;
    this.video = null;
    this.disposers.forEach((d) => d());
    this.disposers = [];
    this.updateDimensions();
  }

  dispose() {
    this.clear();
    this.stopFrame();
    this.runtime.keepAnimating(this, false);
    const canvas = this.runtime.canvas;
    canvas.removeEventListener('pointerdown', this.down);
    canvas.removeEventListener('pointermove', this.move);
    canvas.removeEventListener('pointerup', this.up);
    canvas.removeEventListener('wheel', this.wheel);
    this.runtime.scene.remove(this.stage, this.turntable);
    this.turntable.geometry.dispose();
    (this.turntable.material as MeshStandardMaterial).dispose();
  }
}
