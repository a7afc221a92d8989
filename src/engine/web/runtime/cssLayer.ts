import { type Matrix4, type Object3D, type PerspectiveCamera, Raycaster, Scene, Vector3 } from 'three';
import { CSS3DObject, CSS3DRenderer } from 'three/examples/jsm/renderers/CSS3DRenderer.js';

/**
 * Web pages placed in 3D (web views, opened YouTube videos): iframes positioned by a CSS 3D
 * renderer over the WebGL canvas. They stay interactive (the layer lets pointer events through
 * except on the iframes) and are hidden when a wall stands between them and the visitor, when
 * they are far away or seen from behind.
 */

/** Width in CSS pixels every iframe is laid out at; it is scaled to its size in metres. */
export const framePixels = 1024;
const maxDistance = 25;

interface Placed {
  object: CSS3DObject;
  center: Vector3;
  normal: Vector3;
}

export class CssLayer {
  private readonly renderer = new CSS3DRenderer();
  private readonly scene = new Scene();
  private readonly placed = new Map<string, Placed>();
  private readonly raycaster = new Raycaster();
  private lastCheck = 0;

  constructor(
    container: HTMLElement,
    /** Surfaces that hide what is behind them. */
    private readonly occluders: () => Object3D[],
  ) {
    const el = this.renderer.domElement;
    el.style.position = 'absolute';
    el.style.inset = '0';
    el.style.pointerEvents = 'none';
    container.appendChild(el);
  }

  get size() {
    return this.placed.size;
  }

  add(id: string, element: HTMLElement, width: number, height: number, matrix: Matrix4) {
    this.remove(id);
    element.style.width = `${framePixels}px`;
    element.style.height = `${Math.round((framePixels * height) / width)}px`;
    element.style.pointerEvents = 'auto';
    element.style.border = '0';
    element.style.background = '#fff';
    const object = new CSS3DObject(element);
    object.applyMatrix4(matrix);
    object.scale.multiplyScalar(width / framePixels);
    object.updateMatrixWorld(true);
    this.scene.add(object);
    const center = new Vector3().setFromMatrixPosition(object.matrixWorld);
    const normal = new Vector3(0, 0, 1).transformDirection(object.matrixWorld);
    this.placed.set(id, { object, center, normal });
    this.lastCheck = 0;
  }

  remove(id: string) {
    const placed = this.placed.get(id);
    if (!placed) return;
    this.scene.remove(placed.object);
    placed.object.element.remove();
    this.placed.delete(id);
  }

  has(id: string) {
    return this.placed.has(id);
  }

  render(camera: PerspectiveCamera, width: number, height: number) {
    if (this.placed.size === 0) return;
    const now = performance.now();
    if (now - this.lastCheck > 250) {
      this.lastCheck = now;
      this.cull(camera);
    }
    this.renderer.setSize(width, height);
    this.renderer.render(this.scene, camera);
  }

  private cull(camera: PerspectiveCamera) {
    const occluders = this.occluders();
    for (const { object, center, normal } of this.placed.values()) {
      const toCamera = camera.position.clone().sub(center);
      const distance = toCamera.length();
      let visible = distance < maxDistance && toCamera.dot(normal) > 0;
      if (visible) {
        this.raycaster.set(camera.position, center.clone().sub(camera.position).normalize());
        this.raycaster.far = distance - 0.05;
        visible = this.raycaster.intersectObjects(occluders, false).length === 0;
      }
      object.visible = visible;
      object.element.style.display = visible ? '' : 'none';
    }
  }

  dispose() {
    for (const id of [...this.placed.keys()]) this.remove(id);
    this.renderer.domElement.remove();
  }
}
