import { Raycaster, Vector2, Vector3 } from 'three';
import type { SceneContent } from '../../../../contracts/sceneContent';
import { type EngineEvent, firstFrameMark } from '../../protocol';
import { type BuiltScene, buildScene, type Hit, spaceOf } from '../build/scene';
import { CssLayer } from '../runtime/cssLayer';
import type { Runtime } from '../runtime/runtime';
import { type AutoWalk, FirstPersonControls, normalizeDegrees } from './controls';
import { type MotionPolicy, motionPolicy, watchReducedMotion } from './motion';
import { type Pose, TourPlayer } from './tour';
import { body, WalkWorld } from './walking';
import { immersiveVrSupported, ViewerXr } from './xr';
import { artworksOf, pickFirstView, startIsUnset } from './firstView';
import { walkDataOf } from '../build/walkData';
import { bakeRoomOcclusion } from '../build/ambientOcclusion';
import { obstacleBoxes } from '../build/aoBoxes';
import { AvatarCrowd, type AvatarName, type AvatarPose } from './avatars';

/** The visitor's pose is told (visitorMoved) at most this often (the live-user hub's 10 Hz). */
const poseEveryMs = 100;

/**
 * Viewer mode: the visitor walks through the space in first person, clicks pictures to step up
 * to them, opens info points, plays videos, follows links, goes through portals and takes guided
 * tours. Everything the page needs to know leaves as an engine event.
 */

/** Stand this far in front of a picture that was clicked. */
const viewingDistance = 1.8;
/** Entering a portal: closer than this on the plan, at about its height. */
const portalReach = 0.7;

/** Where a visitor starts: the document's starting point, or, when it sets none, the best first view. */
export function startOf(content: SceneContent): { eye: [number, number, number]; yaw: number } {
  if (!startIsUnset(content.startingPosition)) {
    return { eye: content.startingPosition, yaw: content.startingRotation };
  }
  const space = spaceOf(content);
  const world = space ? walkDataOf(space) : { obstacles: [], floors: [], groundY: 0 };
  const view = pickFirstView(world, artworksOf(content));
  return view ?? { eye: [0, body.eyeHeight + world.groundY, 0], yaw: 0 };
}

export class ViewerMode {
  private built: BuiltScene | null = null;
  private readonly controls: FirstPersonControls;
  private readonly raycaster = new Raycaster();
  private tour: TourPlayer | null = null;
  private css: CssLayer | null = null;
  private loading: AbortController | null = null;
  /** Portals the visitor stands in: entering again needs stepping out first. */
  private insidePortals = new Set<string>();
  private stopFrame: () => void;
  private stopAfterRender: () => void;
  /** Immersive VR, made on the first 'Enter VR'. */
  private xr: ViewerXr | null = null;
  private xrSupported = false;
  /** Glides and walks, or cuts for visitors who ask for reduced motion. */
  private motion: MotionPolicy = motionPolicy(false);
  private stopWatchingMotion: () => void;
  /** The pose the tour last put the camera at. */
  private tourPose: Pose | null = null;
  /** The other visitors, made with the first of them. */
  private avatars: AvatarCrowd | null = null;
  private stopPoseWatch: () => void;
  private lastMoved = { at: 0, key: '' };

  constructor(
    private readonly runtime: Runtime,
    private readonly emit: (event: EngineEvent) => void,
  ) {
    this.controls = new FirstPersonControls(runtime.canvas, runtime.container, new WalkWorld([], [], [], 0), {
      click: (x, y) => this.click(x, y),
      userMoved: () => {
        if (this.tour?.playing) this.pauseTour();
      },
    });
    this.stopFrame = runtime.onFrame((dt) => this.frame(dt));
    this.stopPoseWatch = runtime.onFrame(() => {
      this.tellPose();
      return false;
    });
    const afterRender = () =>
      this.css?.render(runtime.camera, runtime.container.clientWidth, runtime.container.clientHeight);
    runtime.afterRender.add(afterRender);
    this.stopAfterRender = () => runtime.afterRender.delete(afterRender);
    this.stopWatchingMotion = watchReducedMotion(window, (policy) => {
      this.motion = policy;
      this.tour?.setCut(policy.tourTravel === 'cut');
    });
    this.applyCamera();
    void immersiveVrSupported().then((supported) => {
      this.xrSupported = supported;
      this.emitXr();
    });
  }

  setInputEnabled(enabled: boolean) {
    this.controls.setInputEnabled(enabled);
  }

  setKeyboardEnabled(enabled: boolean) {
    this.controls.setKeyboardEnabled(enabled);
  }

  private cssLayer = () => {
    this.css ??= new CssLayer(this.runtime.container, () => this.built?.solid ?? []);
    return this.css;
  };

  async load(content: SceneContent) {
    this.unload();
    const loading = new AbortController();
    this.loading = loading;
    this.emit({ type: 'loadProgress', percent: 0 });
    this.runtime.loading = true;
    const built = await buildScene(
      content,
      this.runtime,
      this.cssLayer,
      {
        progress: (percent) => this.emit({ type: 'loadProgress', percent }),
        assetFailed: (objectId, uri, message, failure) =>
          this.emit({ type: 'assetFailed', objectId, uri, message, ...failure }),
        videoState: (objectId, playing) => this.emit({ type: 'videoState', objectId, playing }),
      },
      loading.signal,
    ).finally(() => {
      if (this.loading === loading) this.runtime.loading = false;
    });
    if (loading.signal.aborted) {
      built.dispose();
      return;
    }
    this.built = built;
    this.controls.world = built.walk;
    const start = startOf(content);
    this.teleport(start.eye, start.yaw, 0);
    await this.runtime.nextFrame();
    this.emit({ type: 'loadProgress', percent: 100 });
    // For the page's own timing (and the benchmarks): when the visitor first saw the space.
    performance.mark(firstFrameMark);
    this.emit({ type: 'loaded' });
    // Models and video files, then the shade, come after the first frame: they never hold the
    // space back.
    await built.placeObjects();
    if (loading.signal.aborted || this.built !== built) return;
    this.emit({ type: 'objectsLoaded' });
    this.bakeOcclusion(built, loading.signal);
  }

  /** Bakes the room's ambient occlusion in a worker (quality levels that use it); applied when it comes. */
  private bakeOcclusion(built: BuiltScene, signal: AbortSignal) {
    if (!this.runtime.applied.profile.bakedOcclusion) return;
    const surfaces = built.solid.filter((m) => m.name !== 'ground');
    const yardstick = new URLSearchParams(window.location.search).has('aoYardstick');
    void bakeRoomOcclusion(surfaces, obstacleBoxes(built.objectObstacles), signal, { yardstick })
      .then((baked) => {
        if (!baked) return;
        if (signal.aborted || this.built !== built) return baked.dispose();
        this.occlusionDisposers.push(baked.dispose);
        this.runtime.invalidate();
        this.emit({ type: 'occlusionBaked', ...baked.report });
      })
      .catch((error: unknown) => console.warn('Ambient occlusion was not baked:', error));
  }

  private occlusionDisposers: (() => void)[] = [];

  unload() {
    this.occlusionDisposers.forEach((d) => d());
    this.occlusionDisposers = [];
    this.loading?.abort();
    this.tour = null;
    this.built?.dispose();
    this.built = null;
    this.insidePortals.clear();
    this.controls.world = new WalkWorld([], [], [], 0);
    this.runtime.invalidate();
  }

  /** Places the visitor at an eye position, looking at a yaw (degrees). */
  teleport(eye: [number, number, number], yaw?: number, pitch?: number) {
    this.controls.walker = this.controls.world.placeAt(eye);
    if (yaw !== undefined) this.controls.yaw = normalizeDegrees(yaw);
    if (pitch !== undefined) this.controls.pitch = pitch;
    this.insidePortals = new Set(this.portalsAt().map((p) => p.portal.id));
    this.applyCamera();
  }

  /** Puts the camera at a pose: a tour's, or the visitor's eye. */
  private applyCamera(pose: Pose = this.controls.eyePose()) {
    const camera = this.runtime.camera;
    camera.position.set(...pose.position);
    camera.rotation.set((pose.pitch * Math.PI) / 180, (pose.yaw * Math.PI) / 180, 0);
    camera.updateMatrixWorld();
    this.runtime.invalidate();
  }

  private frame(dt: number): boolean {
    // In a headset the headset moves the camera.
    if (this.xr?.active) return false;
    if (this.tour?.playing) {
      if (this.tour.update(dt)) this.emitTour();
      const pose = this.tour.pose();
      // Standing at a stop draws nothing new: frames are drawn only while the camera moves.
      const moved = !samePose(pose, this.tourPose);
      if (moved) this.applyCamera(pose);
      this.tourPose = pose;
      if (!this.tour.playing) this.endTourAt(pose);
      return moved;
    }
    const moved = this.controls.update(dt);
    if (moved) {
      this.applyCamera();
      this.checkPortals();
    }
    return moved;
  }

  private portalsAt() {
    const { x, z, feet } = this.controls.walker;
    return (this.built?.portals ?? []).filter(
      (p) =>
        Math.hypot(p.center.x - x, p.center.z - z) < portalReach && Math.abs(p.center.y - (feet + 1)) < 1.5,
    );
  }

  private checkPortals() {
    const inside = this.portalsAt();
    const ids = new Set(inside.map((p) => p.portal.id));
    for (const portal of inside) {
      if (!this.insidePortals.has(portal.portal.id)) this.enterPortal(portal.portal.targetSceneId);
    }
    this.insidePortals = ids;
  }

  private enterPortal(targetSceneId: string) {
    this.emit({ type: 'navigationRequested', kind: 'portal', targetSceneId });
  }

  private click(x: number, y: number) {
    const built = this.built;
    if (!built) return;
    const rect = this.runtime.canvas.getBoundingClientRect();
    const ndc = new Vector2(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.runtime.camera);
    const hit = built.hitTest(this.raycaster);
    if (hit) this.act(hit);
  }

  private act(hit: Hit) {
    const content = this.built!.content;
    switch (hit.kind) {
      case 'infoPoint': {
        const point = content.infoPoints.find((p) => p.id === hit.id);
        if (point) this.emit({ type: 'infoPointOpened', id: point.id, title: point.title, text: point.text });
        return;
      }
      case 'portal': {
        const portal = content.portals.find((p) => p.id === hit.id);
        if (portal) this.enterPortal(portal.targetSceneId);
        return;
      }
      case 'video':
        if (hit.id) this.built!.media.get(hit.id)?.toggle();
        return;
      case 'model': {
        const model = content.models3d.find((m) => m.id === hit.id);
        if (model?.clickable && model.externalLink)
          this.emit({ type: 'linkRequested', objectId: model.id, url: model.externalLink });
        return;
      }
      case 'text': {
        const text = content.texts3d.find((t) => t.id === hit.id);
        if (text?.link) this.emit({ type: 'linkRequested', objectId: text.id, url: text.link });
        return;
      }
      case 'picture': {
        const picture = content.pictures.find((p) => p.id === hit.id);
        if (picture) this.stepUpTo(picture.transform.position, picture.transform.rotation[1]);
        if (picture) this.emit({ type: 'artworkFocused', objectId: picture.id });
        return;
      }
      case 'floor':
        if (hit.point.y <= this.controls.walker.feet + body.maxStep + 0.05) {
          this.walkTo({ target: [hit.point.x, hit.point.z], within: 0.05 });
        }
        return;
      default:
        return;
    }
  }

  /** Walks to stand in front of something hung at `position` facing `yaw` (degrees). */
  private stepUpTo(position: [number, number, number], yaw: number) {
    const r = (yaw * Math.PI) / 180;
    const target: [number, number] = [
      position[0] + Math.sin(r) * viewingDistance,
      position[2] + Math.cos(r) * viewingDistance,
    ];
    const eyeY = this.controls.walker.feet + body.eyeHeight;
    const pitch = (Math.atan2(position[1] - eyeY, viewingDistance) * 180) / Math.PI;
    this.walkTo({ target, within: 0.05, face: { yaw: normalizeDegrees(yaw), pitch } });
  }

  /** Walks there, or with reduced motion is there at once (facing as the walk would end). */
  private walkTo(walk: AutoWalk) {
    if (this.motion.walkTo === 'walk') return this.controls.walkTo(walk);
    const { feet } = this.controls.walker;
    const yaw = walk.face?.yaw ?? this.controls.yaw;
    const pitch = walk.face?.pitch ?? this.controls.pitch;
    this.controls.standAt({ position: [walk.target[0], feet + body.eyeHeight, walk.target[1]], yaw, pitch });
    this.applyCamera();
    // Arriving in a portal goes through it, as walking there would.
    this.checkPortals();
  }

  // Guided tours -------------------------------------------------------------------------------

  playTour(tourId: string) {
    const tour = this.built?.content.guidedTours.find((t) => t.guidedTourId === tourId);
    if (!tour) {
      this.emit({
        type: 'error',
        code: 'unknown-tour',
        message: `There is no guided tour "${tourId}" in this space`,
      });
      return;
    }
    if (this.tour?.tour.guidedTourId === tourId) {
      this.tour.play();
    } else {
      this.tour = new TourPlayer(tour, this.currentPose(), this.motion.tourTravel === 'cut');
    }
    this.emitTour();
  }

  pauseTour() {
    if (!this.tour) return;
    this.tour.pause();
    this.endTourAt(this.tour.pose());
    this.emitTour();
  }

  stopTour() {
    if (!this.tour) return;
    this.tour.pause();
    this.endTourAt(this.tour.pose());
    this.emit({ type: 'guidedTourState', ...this.tour.status(), stopped: true });
    this.tour = null;
  }

  nextTourPoint() {
    this.tour?.next();
    if (this.tour && !this.tour.playing) this.tour.play();
    this.emitTour();
  }

  previousTourPoint() {
    this.tour?.previous();
    if (this.tour && !this.tour.playing) this.tour.play();
    this.emitTour();
  }

  private emitTour() {
    // The visitor may have moved the camera since: the tour's next frame puts it back.
    this.tourPose = null;
    if (this.tour) this.emit({ type: 'guidedTourState', ...this.tour.status() });
  }

  /** When a tour stops, the visitor stands where the camera is. */
  private endTourAt(pose: Pose) {
    this.controls.standAt(pose);
  }

  private currentPose(): Pose {
    return this.controls.eyePose();
  }

  // Headsets ----------------------------------------------------------------------------------

  private emitXr() {
    this.emit({ type: 'xrState', supported: this.xrSupported, active: this.xr?.active ?? false });
  }

  enterVr() {
    if (this.xr?.active) return;
    if (this.tour?.playing) this.pauseTour();
    this.xr ??= new ViewerXr(this.runtime, {
      hitTest: (raycaster) => this.built?.hitTest(raycaster) ?? null,
      stateChanged: (active) => {
        const pose = this.xr?.lastPose;
        if (!active && pose) {
          this.controls.standAt({ position: pose.position, yaw: pose.yaw, pitch: 0 });
          this.applyCamera();
        }
        this.emitXr();
      },
    });
    const { feet } = this.controls.walker;
    const pose = this.controls.eyePose();
    this.xr.enter(pose.position, feet, pose.yaw).catch((error: unknown) => {
      this.emit({
        type: 'error',
        code: 'xr-failed',
        message: `Immersive VR could not start: ${error instanceof Error ? error.message : String(error)}`,
      });
      this.emitXr();
    });
  }

  exitVr() {
    this.xr?.exit();
  }

  // Other visitors ----------------------------------------------------------------------------

  showAvatars(poses: AvatarPose[], names: AvatarName[], left: number[]) {
    if (!this.avatars) {
      this.avatars = new AvatarCrowd(this.runtime);
      this.avatars.setShown(this.runtime.settings.showVisitors);
    }
    this.avatars.update(poses, names, left);
  }

  /** Draws the other visitors or hides them (the Settings panel's 'Show other visitors'). */
  setAvatarsShown(shown: boolean) {
    this.avatars?.setShown(shown);
  }

  clearAvatars() {
    this.avatars?.clear();
  }

  /** Tells where the visitor stands and looks when it changed, at most every `poseEveryMs`. */
  private tellPose() {
    const now = performance.now();
    if (now - this.lastMoved.at < poseEveryMs || !this.built) return;
    const state = this.cameraState();
    if (state.type !== 'cameraState') return;
    const [x, eyeY, z] = state.position;
    const feet: [number, number, number] = [x, Math.round((eyeY - body.eyeHeight) * 1000) / 1000, z];
    const key = `${feet.join()},${state.yaw}`;
    if (key === this.lastMoved.key) return;
    this.lastMoved = { at: now, key };
    this.emit({ type: 'visitorMoved', position: feet, yaw: state.yaw });
  }

  // Queries -----------------------------------------------------------------------------------

  cameraState(): EngineEvent {
    const pose = this.xr?.active
      ? this.xr.pose()
      : this.tour?.playing
        ? this.tour.pose()
        : this.currentPose();
    const round = (v: number) => Math.round(v * 1000) / 1000;
    return {
      type: 'cameraState',
      position: [round(pose.position[0]), round(pose.position[1]), round(pose.position[2])],
      yaw: round(pose.yaw),
      pitch: round(pose.pitch),
      levelId: this.built?.levelAt(pose.position[1] - body.eyeHeight) ?? null,
    };
  }

  screenPosition(objectId: string): EngineEvent {
    const center = this.built?.centers.get(objectId);
    if (!center) return { type: 'screenPosition', objectId, x: 0, y: 0, visible: false };
    const p = this.runtime.project(new Vector3().copy(center));
    return { type: 'screenPosition', objectId, x: Math.round(p.x), y: Math.round(p.y), visible: p.visible };
  }

  playYouTube(objectId: string, play: boolean) {
    const media = this.built?.media.get(objectId);
    if (!media) return;
    if (media.playing !== play) media.toggle();
  }

  get atlasCount() {
    return this.built?.atlasCount ?? 0;
  }

  dispose() {
    this.avatars?.dispose();
    this.stopPoseWatch();
    this.xr?.dispose();
    this.unload();
    this.stopFrame();
    this.stopAfterRender();
    this.stopWatchingMotion();
    this.controls.dispose();
    this.css?.dispose();
  }
}

function samePose(a: Pose, b: Pose | null): boolean {
  return (
    b !== null &&
    a.yaw === b.yaw &&
    a.pitch === b.pitch &&
    a.position.every((value, i) => value === b.position[i])
  );
}
