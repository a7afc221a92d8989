import {
  BufferGeometry,
  Group,
  Line,
  LineBasicMaterial,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  Quaternion,
  Raycaster,
  RingGeometry,
  Vector3,
  type XRTargetRaySpace,
} from 'three';
import type { Hit } from '../build/scene';
import type { Runtime } from '../runtime/runtime';

/**
 * Headsets (WebXR through three's XR manager) in the viewer: the visitor stands in a rig placed
 * where they stood on the page; a controller's ray shows a ring on the walkable floor it points
 * at, and its trigger (select) moves the rig there; the thumbstick turns by 45° steps about the
 * head. Leaving VR puts the page's camera where the headset was.
 */

/** One snap turn, degrees. */
export const snapTurnDegrees = 45;
/** The thumbstick turns once past this and again only after coming back within `rearm`. */
const turnThreshold = 0.6;
const rearm = 0.3;
/** The longest teleport ray, metres. */
const rayLength = 30;

export interface XrPose {
  /** Eye position in the world. */
  position: [number, number, number];
  yaw: number;
  pitch: number;
}

export interface XrHost {
  /** What a ray meets first, as the viewer's clicks see it. */
  hitTest(raycaster: Raycaster): Hit | null;
  /** Tells the page the headset state changed. */
  stateChanged(active: boolean): void;
}

interface Hand {
  ray: XRTargetRaySpace;
  line: Line;
  source: XRInputSource | null;
  turnArmed: boolean;
}

const degrees = (r: number) => (r * 180) / Math.PI;

/** Whether this browser offers immersive VR (false where WebXR is missing). */
export async function immersiveVrSupported(): Promise<boolean> {
  const xr = (navigator as Navigator & { xr?: XRSystem }).xr;
  if (!xr) return false;
  try {
    return await xr.isSessionSupported('immersive-vr');
  } catch {
    return false;
  }
}

/**
 * A rig at `rig` (plan x, z) turned by `angle` radians about the head at `head`: where the rig
 * goes so the head stays put (three's rotation about +y: x' = x cos + z sin, z' = -x sin + z cos).
 */
export function turnAbout(rig: [number, number], head: [number, number], angle: number): [number, number] {
  const dx = rig[0] - head[0];
  const dz = rig[1] - head[1];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [head[0] + dx * c + dz * s, head[1] - dx * s + dz * c];
}

/** The snap turn a thumbstick's x asks for (radians; pushing right turns right), or 0. */
export function snapTurnOf(x: number, armed: boolean): { angle: number; armed: boolean } {
  if (Math.abs(x) < rearm) return { angle: 0, armed: true };
  if (!armed || Math.abs(x) < turnThreshold) return { angle: 0, armed };
  return { angle: (-Math.sign(x) * snapTurnDegrees * Math.PI) / 180, armed: false };
}

export class ViewerXr {
  readonly rig = new Group();
  private readonly hands: Hand[] = [];
  private readonly marker: Mesh;
  private readonly raycaster = new Raycaster();
  private session: XRSession | null = null;
  private target: Vector3 | null = null;
  private stopFrame: (() => void) | null = null;

  constructor(
    private readonly runtime: Runtime,
    private readonly host: XrHost,
  ) {
    this.rig.name = 'xr-rig';
    const ring = new RingGeometry(0.22, 0.3, 32);
    ring.rotateX(-Math.PI / 2);
    this.marker = new Mesh(
      ring,
      new MeshBasicMaterial({ color: '#4fc3f7', transparent: true, opacity: 0.9 }),
    );
    this.marker.name = 'xr-teleport-target';
    this.marker.visible = false;
    const xr = runtime.renderer.xr;
    for (const index of [0, 1]) {
      const ray = xr.getController(index);
      const line = new Line(
        new BufferGeometry().setFromPoints([new Vector3(0, 0, 0), new Vector3(0, 0, -1)]),
        new LineBasicMaterial({ color: '#ffffff' }),
      );
      line.scale.z = 3;
      ray.add(line);
      const hand: Hand = { ray, line, source: null, turnArmed: true };
      ray.addEventListener('connected', (e) => {
        hand.source = (e as unknown as { data: XRInputSource }).data;
      });
      ray.addEventListener('disconnected', () => {
        hand.source = null;
      });
      ray.addEventListener('select', () => this.teleportTo(hand));
      this.hands.push(hand);
      this.rig.add(ray);
    }
  }

  get active(): boolean {
    return this.session !== null;
  }

  /**
   * Starts a session standing at `eye` facing `yaw` (degrees). Called straight from the page's
   * click so the browser sees the visitor's gesture.
   */
  async enter(eye: [number, number, number], feet: number, yaw: number): Promise<void> {
    if (this.session) return;
    const xr = (navigator as Navigator & { xr?: XRSystem }).xr;
    if (!xr) throw new Error('WebXR is not available in this browser');
    const session = await xr.requestSession('immersive-vr', { optionalFeatures: ['local-floor'] });
    const { renderer, scene, camera } = this.runtime;
    renderer.xr.enabled = true;
    renderer.xr.setReferenceSpaceType('local-floor');
    this.rig.position.set(eye[0], feet, eye[2]);
    this.rig.rotation.set(0, (yaw * Math.PI) / 180, 0);
    scene.add(this.rig, this.marker);
    this.rig.add(camera);
    camera.position.set(0, eye[1] - feet, 0);
    camera.rotation.set(0, 0, 0);
    this.session = session;
    session.addEventListener('end', this.ended);
    await renderer.xr.setSession(session);
    this.stopFrame = this.runtime.onFrame(() => this.update());
    this.runtime.keepAnimating(this, true);
    this.host.stateChanged(true);
  }

  /** Ends the session (the page's camera comes back where the headset was). */
  exit() {
    void this.session?.end();
  }

  /** Where the visitor's eyes are and which way they look, in the world. */
  pose(): XrPose {
    this.rig.updateMatrixWorld(true);
    const camera = this.runtime.camera;
    const position = camera.position.clone().applyMatrix4(this.rig.matrixWorld);
    const rotation = new Quaternion().setFromRotationMatrix(
      new Matrix4().extractRotation(this.rig.matrixWorld),
    );
    const forward = new Vector3(0, 0, -1).applyQuaternion(rotation.multiply(camera.quaternion));
    return {
      position: [position.x, position.y, position.z],
      yaw: ((degrees(Math.atan2(-forward.x, -forward.z)) % 360) + 360) % 360,
      pitch: degrees(Math.asin(Math.max(-1, Math.min(1, forward.y)))),
    };
  }

  /** Where the floor under the visitor is (the rig's height). */
  get feet(): number {
    return this.rig.position.y;
  }

  private ended = () => {
    const session = this.session;
    if (!session) return;
    const pose = this.pose();
    session.removeEventListener('end', this.ended);
    this.session = null;
    this.stopFrame?.();
    this.stopFrame = null;
    this.runtime.keepAnimating(this, false);
    const { renderer, scene, camera } = this.runtime;
    this.rig.remove(camera);
    scene.remove(this.rig, this.marker);
    renderer.xr.enabled = false;
    this.lastPose = pose;
    this.host.stateChanged(false);
  };

  /** The pose the headset had when the last session ended. */
  lastPose: XrPose | null = null;

  private update() {
    this.rig.updateMatrixWorld(true);
    this.target = null;
    for (const hand of this.hands) {
      const aimed = this.aim(hand);
      if (aimed && !this.target) this.target = aimed;
      this.snapTurn(hand);
    }
    this.marker.visible = this.target !== null;
    if (this.target) this.marker.position.copy(this.target).setY(this.target.y + 0.01);
    return true;
  }

  /** The walkable floor the hand's ray meets, if any; sizes the drawn ray to it. */
  private aim(hand: Hand): Vector3 | null {
    if (!hand.source || hand.source.targetRayMode !== 'tracked-pointer') {
      hand.line.visible = false;
      return null;
    }
    hand.line.visible = true;
    const m = hand.ray.matrixWorld;
    this.raycaster.ray.origin.setFromMatrixPosition(m);
    this.raycaster.ray.direction.set(0, 0, -1).transformDirection(m);
    this.raycaster.far = rayLength;
    const hit = this.host.hitTest(this.raycaster);
    hand.line.scale.z = hit ? hit.distance : rayLength;
    // Only floors that face up are places to stand.
    return hit?.kind === 'floor' ? hit.point.clone() : null;
  }

  private teleportTo(hand: Hand) {
    this.rig.updateMatrixWorld(true);
    const target = this.aim(hand);
    if (!target) return;
    const head = this.pose().position;
    this.rig.position.x += target.x - head[0];
    this.rig.position.z += target.z - head[2];
    this.rig.position.y = target.y;
    this.rig.updateMatrixWorld(true);
    this.runtime.invalidate();
  }

  private snapTurn(hand: Hand) {
    const axes = hand.source?.gamepad?.axes;
    if (!axes || axes.length < 4) return;
    const turn = snapTurnOf(axes[2], hand.turnArmed);
    hand.turnArmed = turn.armed;
    const { angle } = turn;
    if (angle === 0) return;
    const [hx, , hz] = this.pose().position;
    // Turning about the head keeps the visitor where they stand.
    [this.rig.position.x, this.rig.position.z] = turnAbout(
      [this.rig.position.x, this.rig.position.z],
      [hx, hz],
      angle,
    );
    this.rig.rotation.y += angle;
    this.rig.updateMatrixWorld(true);
  }

  dispose() {
    this.exit();
    this.ended();
    this.hands.forEach((h) => {
      h.line.geometry.dispose();
      (h.line.material as LineBasicMaterial).dispose();
    });
    this.marker.geometry.dispose();
    (this.marker.material as MeshBasicMaterial).dispose();
  }
}
