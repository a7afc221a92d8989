import {
  type AnimationAction,
  type AnimationClip,
  AnimationMixer,
  Color,
  LoopOnce,
  LoopRepeat,
  type Material,
  type MeshStandardMaterial,
  type Object3D,
  type SkinnedMesh,
  Sphere,
  Vector3,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { avatarClips, avatarColours, avatarShapes, type AvatarLook } from '../../../../contracts/avatars';

/**
 * The built-in rigged figure (public/avatars/avatar.glb, scripts/avatar/make-avatar.ts) of the
 * nearest visitors: it walks or stands (the Walk and Idle clips blended by speed) and plays the
 * nine emotes, in the colour and shape its visitor picked. Each is one skinned mesh, one draw call.
 */

/** The rigged figures' constants, in one table (the spec names none). */
export const figureRules = {
  /** Where the figure is served from. */
  url: '/avatars/avatar.glb',
  /** The nearest this many visitors are drawn as rigged figures; everyone else as an impostor. */
  count: 12,
  /** Further than this, a visitor is an impostor even among the nearest. */
  metres: 30,
  /** How often (ms) who gets a figure is worked out again. */
  chooseEveryMs: 250,
  /** The ground speed (m/s) at which Walk plays at its own pace; below half of it, Idle mixes in. */
  walkSpeed: 1.4,
  /** Standing figures breathe in steps this long (ms); they ask for no frame of their own. */
  idleFrameMs: 100,
  /** Seconds an emote takes to blend in and out. */
  emoteFade: 0.2,
} as const;

export interface FigureTemplate {
  scene: Object3D;
  clips: Map<string, AnimationClip>;
}

let template: Promise<FigureTemplate> | null = null;

/** Loads the figure once per page; rejects when it cannot be read (visitors stay impostors). */
export function loadFigure(url: string = figureRules.url): Promise<FigureTemplate> {
  template ??= new GLTFLoader().loadAsync(url).then((gltf) => ({
    scene: gltf.scene,
    clips: new Map(gltf.animations.map((clip) => [clip.name, clip])),
  }));
  template.catch(() => (template = null));
  return template;
}

const smooth = (current: number, target: number, dt: number, rate: number) =>
  current + (target - current) * Math.min(1, dt * rate);

/** One visitor's figure: placed, turned and animated by its crowd each frame. */
export class Figure {
  readonly root: Object3D;
  private readonly material: MeshStandardMaterial;
  private readonly mixer: AnimationMixer;
  private readonly idle: AnimationAction | null;
  private readonly walk: AnimationAction | null;
  private emoteAction: AnimationAction | null = null;
  /** The emote playing, by its clip's name. */
  emote: string | null = null;
  private emoteWeight = 0;
  private walkWeight = 0;
  private look: string | null = null;
  private heightScale = 1;

  constructor(private readonly template: FigureTemplate) {
    this.root = cloneSkinned(template.scene);
    this.root.name = 'avatar-figure';
    let material: MeshStandardMaterial | null = null;
    this.root.traverse((node) => {
      const mesh = node as SkinnedMesh;
      if (!mesh.isSkinnedMesh) return;
      material ??= (mesh.material as MeshStandardMaterial).clone();
      mesh.material = material;
      // Bound by a sphere that holds every clip (a backflip included), not the rest pose alone.
      mesh.boundingSphere = new Sphere(new Vector3(0, 1, 0), 1.8);
      mesh.castShadow = false;
    });
    if (!material) throw new Error('The avatar figure has no skinned mesh');
    this.material = material;
    this.mixer = new AnimationMixer(this.root);
    const loop = (name: string) => {
      const clip = template.clips.get(name);
      if (!clip) return null;
      const action = this.mixer.clipAction(clip).setLoop(LoopRepeat, Infinity);
      action.play();
      return action;
    };
    this.idle = loop(avatarClips.idle);
    this.walk = loop(avatarClips.walk);
    this.walk?.setEffectiveWeight(0);
  }

  /** How high its name tag goes, in metres over its feet. */
  get height() {
    return 1.95 * this.heightScale;
  }

  setLook(look: AvatarLook) {
    const key = `${look.shape}/${look.colour}`;
    if (key === this.look) return;
    this.look = key;
    const { width, height } = avatarShapes[look.shape];
    this.heightScale = height;
    this.root.scale.set(width, height, width);
    this.material.color = new Color(avatarColours[look.colour]);
  }

  /** Starts an emote from its beginning (a clip of that name), or ends the one playing (null). */
  play(emote: string | null) {
    if (emote === this.emote) return;
    this.emoteAction?.stop();
    this.emoteAction = null;
    const clip = emote ? this.template.clips.get(emote) : undefined;
    this.emote = clip ? emote : null;
    if (!clip) {
      this.emoteWeight = 0;
      return;
    }
    this.emoteAction = this.mixer.clipAction(clip).setLoop(LoopOnce, 1);
    this.emoteAction.clampWhenFinished = false;
    this.emoteAction.reset().play();
  }

  /** Whether it is walking or emoting (it then moves every frame). */
  get busy() {
    return this.emoteAction !== null || this.walkWeight > 0.01 || this.emoteWeight > 0.01;
  }

  /** Moves the clips on by `dt` seconds at ground speed `speed` (m/s). */
  animate(dt: number, speed: number) {
    const playing = this.emoteAction !== null && this.emoteAction.isRunning();
    if (!playing && this.emoteAction) {
      this.emoteAction.stop();
      this.emoteAction = null;
      this.emote = null;
    }
    this.emoteWeight = smooth(this.emoteWeight, playing ? 1 : 0, dt, 1 / figureRules.emoteFade);
    if (!playing && this.emoteWeight < 0.01) this.emoteWeight = 0;
    const walking = Math.min(1, speed / (figureRules.walkSpeed / 2));
    this.walkWeight = smooth(this.walkWeight, walking, dt, 8);
    if (this.walkWeight < 0.01 && walking === 0) this.walkWeight = 0;
    const rest = 1 - this.emoteWeight;
    this.walk?.setEffectiveWeight(this.walkWeight * rest);
    this.walk?.setEffectiveTimeScale(Math.min(2, Math.max(0.6, speed / figureRules.walkSpeed)));
    this.idle?.setEffectiveWeight((1 - this.walkWeight) * rest);
    this.emoteAction?.setEffectiveWeight(this.emoteWeight);
    this.mixer.update(dt);
  }

  dispose() {
    this.mixer.stopAllAction();
    this.mixer.uncacheRoot(this.root);
    (this.material as Material).dispose();
    this.root.removeFromParent();
  }
}
