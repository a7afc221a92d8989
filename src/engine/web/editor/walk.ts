import type { CustomSpace } from '../../../../contracts/sceneContent';
import { walkDataOf } from '../build/walkData';
import type { Runtime } from '../runtime/runtime';
import { FirstPersonControls } from '../viewer/controls';
import type { Pose } from '../viewer/tour';
import { body, WalkWorld } from '../viewer/walking';

/**
 * Walking through the space being edited, as visitors will: the viewer's first-person controls on
 * the space's walls, floors and stairs, a click on a floor walks there, and the camera is the
 * walker's eye.
 */
export class EditorWalk {
  private readonly controls: FirstPersonControls;

  /**
   * Starts walking at a point of the plan, standing on a floor level with `elevation`, facing
   * `yaw`; `floorAt` tells which point of a floor (if any) is under a page point.
   */
  constructor(
    private readonly runtime: Runtime,
    space: CustomSpace | null,
    start: { at: [x: number, z: number]; elevation: number; yaw: number },
    floorAt: (x: number, y: number) => [x: number, z: number] | null,
  ) {
    const data = space ? walkDataOf(space) : { obstacles: [], floors: [], patches: [], groundY: 0 };
    const world = new WalkWorld(data.obstacles, data.floors, data.patches, data.groundY);
    this.controls = new FirstPersonControls(runtime.canvas, runtime.container, world, {
      click: (x, y) => {
        const target = floorAt(x, y);
        if (target) this.controls.walkTo({ target, within: 0.05 });
      },
      userMoved: () => {},
    });
    this.controls.walker = world.placeAt([start.at[0], start.elevation + body.eyeHeight, start.at[1]]);
    this.controls.yaw = start.yaw;
  }

  setInputEnabled(enabled: boolean) {
    this.controls.setInputEnabled(enabled);
  }

  setKeyboardEnabled(enabled: boolean) {
    this.controls.setKeyboardEnabled(enabled);
  }

  /** The walker's eye. */
  pose(): Pose {
    return this.controls.eyePose();
  }

  /** Stands where a pose's eye is, looking its way. */
  setPose(pose: Pose) {
    this.controls.standAt(pose);
    this.applyCamera();
  }

  /** Walks for a frame; true when the walker moved. */
  update(dt: number): boolean {
    if (!this.controls.update(dt)) return false;
    this.applyCamera();
    return true;
  }

  /** Puts the camera at the walker's eye. */
  applyCamera() {
    const pose = this.controls.eyePose();
    const cam = this.runtime.camera;
    cam.position.set(...pose.position);
    cam.rotation.set((pose.pitch * Math.PI) / 180, (pose.yaw * Math.PI) / 180, 0, 'YXZ');
    cam.updateMatrixWorld();
  }

  dispose() {
    this.controls.dispose();
  }
}
