import { Box3, type PerspectiveCamera, Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { Pose } from '../viewer/tour';

/**
 * The editor's orbit camera: turn around a point (left drag), pan (right drag), zoom (wheel);
 * framing a box, looking down on a level to draw, and taking a pose (a tour point's view).
 */
export class EditorCamera {
  readonly controls: OrbitControls;

  constructor(
    private readonly camera: PerspectiveCamera,
    canvas: HTMLCanvasElement,
    onChange: () => void,
  ) {
    this.controls = new OrbitControls(camera, canvas);
    this.controls.enableDamping = false;
    this.controls.maxPolarAngle = Math.PI * 0.495;
    this.controls.addEventListener('change', onChange);
  }

  set enabled(on: boolean) {
    this.controls.enabled = on;
  }

  /** Looks at a box from above and in front (south), far enough to see all of it. */
  frame(box: Box3, steep = false) {
    if (box.isEmpty()) box = new Box3(new Vector3(-5, 0, -5), new Vector3(5, 3, 5));
    const center = box.getCenter(new Vector3());
    const size = box.getSize(new Vector3());
    const radius = Math.max(2, Math.hypot(size.x, size.z) / 2);
    const distance = (radius / Math.tan(((this.camera.fov / 2) * Math.PI) / 180)) * 1.05;
    const elevation = steep ? 1.35 : 0.75; // radians above the horizon
    this.controls.target.copy(center);
    this.camera.position.set(
      center.x,
      center.y + Math.sin(elevation) * distance,
      center.z + Math.cos(elevation) * distance,
    );
    this.camera.lookAt(center);
    this.controls.update();
  }

  /** Takes a pose (eye position, yaw and pitch in degrees), orbiting 2 m ahead of it. */
  setPose(pose: Pose) {
    const yaw = (pose.yaw * Math.PI) / 180;
    const pitch = (pose.pitch * Math.PI) / 180;
    const forward = new Vector3(
      -Math.sin(yaw) * Math.cos(pitch),
      Math.sin(pitch),
      -Math.cos(yaw) * Math.cos(pitch),
    );
    this.camera.position.set(...pose.position);
    this.controls.target.copy(this.camera.position).addScaledVector(forward, 2);
    this.camera.lookAt(this.controls.target);
    this.controls.update();
  }

  /** The camera's pose now. */
  pose(): Pose {
    const dir = this.camera.getWorldDirection(new Vector3());
    const yaw = ((Math.atan2(-dir.x, -dir.z) * 180) / Math.PI + 360) % 360;
    const pitch = (Math.asin(Math.max(-1, Math.min(1, dir.y))) * 180) / Math.PI;
    const p = this.camera.position;
    const r = (v: number) => Math.round(v * 1000) / 1000;
    return { position: [r(p.x), r(p.y), r(p.z)], yaw: r(yaw), pitch: r(pitch) };
  }

  dispose() {
    this.controls.dispose();
  }
}
