import {
  BoxGeometry,
  CapsuleGeometry,
  Color,
  DynamicDrawUsage,
  InstancedMesh,
  Matrix4,
  MeshStandardMaterial,
  Quaternion,
  SphereGeometry,
  Vector3,
} from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { avatarColours, avatarLookOf, avatarShapes, type AvatarLook } from '../../../../contracts/avatars';
import type { Runtime } from '../runtime/runtime';
import { Figure, type FigureTemplate, figureRules, loadFigure } from './avatarFigures';

/**
 * The other visitors of the space, drawn as avatars, moved smoothly between the poses the live-user
 * hub sends (about 10 a second near, less often further away):
 * - the nearest (`figureRules.count`) as the built-in rigged figure in the colour and shape they
 *   picked, walking or standing by their speed and playing their emotes (a draw call each);
 * - everyone else as a cheap impostor: one instanced mesh for all of them (one draw call however
 *   many there are), bobbing while they walk and hopping while they emote.
 * The nearest carry a name tag (page elements over the canvas, no draw call), with the emote they
 * play or a sign that they talk.
 */

export interface AvatarName {
  id: number;
  name: string;
  /** Their look (`shape/colour`, contracts/avatars.ts); null or absent: one that follows from the id. */
  avatar?: string | null;
}

export interface AvatarPose {
  id: number;
  /** Feet. */
  position: [number, number, number];
  /** Degrees, as the camera's. */
  yaw: number;
  speaking: boolean;
  /** The emote's name, or null. */
  emote: string | null;
}

/** Poses are shown this long after they arrive, so that there is always a next one to move towards. */
const delayMs = 120;
/** How many name tags are shown (the nearest). */
const tagged = 12;
/** A pose further than this from the last is a jump, not a walk. */
const jumpMetres = 6;
const emoteMs = 3000;

interface Avatar {
  index: number;
  name: string | null;
  from: { p: Vector3; yaw: number; at: number };
  to: { p: Vector3; yaw: number; at: number };
  now: Vector3;
  yaw: number;
  /** How high it hops or bobs now. */
  lift: number;
  speaking: boolean;
  emote: string | null;
  emoteUntil: number;
  look: AvatarLook;
  /** Ground speed now, m/s. */
  speed: number;
  /** Its rigged figure while it is among the nearest, else null (an impostor). */
  figure: Figure | null;
  /** The `emoteUntil` of the emote its figure played last, so that each plays once. */
  figureEmote: number;
  tag?: HTMLElement;
}

function bodyGeometry() {
  const torso = new CapsuleGeometry(0.24, 0.9, 4, 10).translate(0, 0.75, 0);
  const head = new SphereGeometry(0.19, 12, 8).translate(0, 1.55, 0);
  // A visor shows where the avatar looks (-z, like the camera).
  const visor = new BoxGeometry(0.26, 0.08, 0.08).translate(0, 1.58, -0.16);
  return mergeGeometries([torso.toNonIndexed(), head.toNonIndexed(), visor.toNonIndexed()])!;
}

const colourOf = (look: AvatarLook) => new Color(avatarColours[look.colour]);
const zero = new Matrix4().makeScale(0, 0, 0);
const angleLerp = (a: number, b: number, t: number) => {
  const d = ((((b - a) % 360) + 540) % 360) - 180;
  return a + d * t;
};

export class AvatarCrowd {
  private mesh: InstancedMesh;
  private readonly avatars = new Map<number, Avatar>();
  private readonly byIndex: number[] = [];
  private readonly tags: HTMLElement;
  private readonly matrix = new Matrix4();
  private readonly quaternion = new Quaternion();
  private readonly up = new Vector3(0, 1, 0);
  private readonly scale = new Vector3(1, 1, 1);
  private readonly position = new Vector3();
  private stopFrame: () => void;
  private readonly stopTags: () => void;
  /** Whether the crowd is drawn; hidden, it keeps track of everyone but asks for no frame. */
  private shown = true;
  /** The rigged figure, once loaded (until then, and if it cannot load, everyone is an impostor). */
  private template: FigureTemplate | null = null;
  private loading = false;
  /** Figures taken off visitors who went further away, for the next who come near. */
  private readonly spare: Figure[] = [];
  private lastChoice = 0;
  /** Time (ms) since the standing figures were last moved on. */
  private idleMs = 0;

  constructor(
    private readonly runtime: Runtime,
    /** Where the rigged figure comes from (the built-in GLB). */
    private readonly figure: () => Promise<FigureTemplate> = loadFigure,
  ) {
    this.mesh = this.makeMesh(64);
    this.tags = document.createElement('div');
    this.tags.setAttribute('data-testid', 'avatar-tags');
    Object.assign(this.tags.style, {
      position: 'absolute',
      inset: '0',
      pointerEvents: 'none',
      overflow: 'hidden',
    });
    runtime.container.appendChild(this.tags);
    this.stopFrame = runtime.onFrame((dt) => this.frame(dt));
    const afterRender = () => this.placeTags();
    runtime.afterRender.add(afterRender);
    this.stopTags = () => runtime.afterRender.delete(afterRender);
  }

  /** How many avatars are shown. */
  get count() {
    return this.avatars.size;
  }

  /** Draws the crowd or hides it (the visitor's choice in the settings). */
  setShown(shown: boolean) {
    if (shown === this.shown) return;
    this.shown = shown;
    this.mesh.visible = shown;
    for (const avatar of this.avatars.values()) if (avatar.figure) avatar.figure.root.visible = shown;
    this.tags.style.display = shown ? '' : 'none';
    this.runtime.invalidate();
  }

  /** New poses, who some ids are, and who left. */
  update(poses: AvatarPose[], named: AvatarName[], left: number[]) {
    const now = performance.now();
    for (const { id, name, avatar } of named) {
      const who = this.avatarOf(id, now);
      who.name = name;
      this.setLook(who, avatarLookOf(avatar, id));
    }
    for (const pose of poses) {
      const avatar = this.avatarOf(pose.id, now);
      const target = new Vector3(...pose.position);
      const jump = avatar.to.p.distanceTo(target) > jumpMetres || avatar.to.at === 0;
      avatar.from = jump
        ? { p: target.clone(), yaw: pose.yaw, at: now }
        : { p: avatar.now.clone(), yaw: avatar.yaw, at: now };
      avatar.to = { p: target, yaw: pose.yaw, at: now + delayMs };
      if (jump) avatar.now.copy(target);
      avatar.speaking = pose.speaking;
      if (pose.emote && pose.emote !== avatar.emote) avatar.emoteUntil = now + emoteMs;
      avatar.emote = pose.emote;
    }
    for (const id of left) this.remove(id);
    // How many are shown, for tests and tools that look at the page.
    this.tags.dataset.avatars = String(this.avatars.size);
    if (!this.template && !this.loading && this.avatars.size > 0) {
      this.loading = true;
      this.figure()
        .then((template) => {
          this.template = template;
          this.lastChoice = 0;
          this.runtime.invalidate();
        })
        .catch(() => {
          // The figure could not be read: everyone stays an impostor; a later visitor tries again.
          this.loading = false;
        });
    }
    if (this.shown) this.runtime.invalidate();
  }

  clear() {
    for (const id of [...this.avatars.keys()]) this.remove(id);
  }

  dispose() {
    this.clear();
    for (const figure of this.spare.splice(0)) figure.dispose();
    this.stopFrame();
    this.stopTags();
    this.runtime.scene.remove(this.mesh);
    this.mesh.geometry.dispose();
    (this.mesh.material as MeshStandardMaterial).dispose();
    this.tags.remove();
  }

  private makeMesh(capacity: number) {
    const mesh = new InstancedMesh(
      this.mesh?.geometry ?? bodyGeometry(),
      (this.mesh?.material as MeshStandardMaterial | undefined) ??
        new MeshStandardMaterial({ roughness: 0.7 }),
      capacity,
    );
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.count = 0;
    mesh.frustumCulled = false;
    mesh.visible = this.mesh?.visible ?? true;
    mesh.name = 'avatars';
    if (this.mesh) {
      mesh.instanceMatrix.array.set(this.mesh.instanceMatrix.array);
      if (this.mesh.instanceColor)
        for (let i = 0; i < this.mesh.count; i++) {
          const c = new Color();
          this.mesh.getColorAt(i, c);
          mesh.setColorAt(i, c);
        }
      mesh.count = this.mesh.count;
      this.runtime.scene.remove(this.mesh);
    }
    this.runtime.scene.add(mesh);
    return mesh;
  }

  private avatarOf(id: number, now: number): Avatar {
    let avatar = this.avatars.get(id);
    if (avatar) return avatar;
    const index = this.byIndex.length;
    if (index >= this.mesh.instanceMatrix.count) this.mesh = this.makeMesh(index * 2);
    this.byIndex.push(id);
    avatar = {
      index,
      name: null,
      from: { p: new Vector3(), yaw: 0, at: 0 },
      to: { p: new Vector3(), yaw: 0, at: 0 },
      now: new Vector3(),
      yaw: 0,
      lift: -1,
      speaking: false,
      emote: null,
      emoteUntil: 0,
      look: avatarLookOf(null, id),
      speed: 0,
      figure: null,
      figureEmote: 0,
    };
    this.avatars.set(id, avatar);
    this.mesh.count = this.byIndex.length;
    this.mesh.setColorAt(index, colourOf(avatar.look));
    if (this.mesh.instanceColor) this.mesh.instanceColor.needsUpdate = true;
    void now;
    return avatar;
  }

  private setLook(avatar: Avatar, look: AvatarLook) {
    if (look.shape === avatar.look.shape && look.colour === avatar.look.colour) return;
    avatar.look = look;
    avatar.figure?.setLook(look);
    this.mesh.setColorAt(avatar.index, colourOf(look));
    if (this.mesh.instanceColor) this.mesh.instanceColor.needsUpdate = true;
    avatar.lift = -1;
  }

  /** Gives the nearest their figures (and takes them from those who went further). */
  private chooseFigures() {
    if (!this.template) return;
    const camera = this.runtime.camera.position;
    const reach = figureRules.metres ** 2;
    const near = new Set(
      [...this.avatars.values()]
        .map((a) => ({ a, d: a.now.distanceToSquared(camera) }))
        .filter(({ d }) => d <= reach)
        .sort((x, y) => x.d - y.d)
        .slice(0, figureRules.count)
        .map(({ a }) => a),
    );
    for (const avatar of this.avatars.values())
      if (avatar.figure && !near.has(avatar)) this.takeFigure(avatar);
    for (const avatar of near) {
      if (avatar.figure) continue;
      const figure = this.spare.pop() ?? new Figure(this.template);
      figure.setLook(avatar.look);
      figure.root.visible = this.shown;
      this.runtime.scene.add(figure.root);
      avatar.figure = figure;
      // Its impostor steps aside; the next frame places the figure.
      avatar.lift = -1;
      this.mesh.setMatrixAt(avatar.index, zero);
      this.mesh.instanceMatrix.needsUpdate = true;
    }
    this.tags.dataset.figures = String(near.size);
  }

  private takeFigure(avatar: Avatar) {
    const figure = avatar.figure;
    if (!figure) return;
    avatar.figure = null;
    avatar.lift = -1;
    figure.play(null);
    figure.root.removeFromParent();
    this.spare.push(figure);
  }

  private remove(id: number) {
    const avatar = this.avatars.get(id);
    if (!avatar) return;
    avatar.tag?.remove();
    this.takeFigure(avatar);
    this.avatars.delete(id);
    // The last instance takes the freed place.
    const lastIndex = this.byIndex.length - 1;
    const lastId = this.byIndex[lastIndex];
    if (lastId !== id) {
      const last = this.avatars.get(lastId)!;
      last.index = avatar.index;
      this.byIndex[avatar.index] = lastId;
      this.mesh.getMatrixAt(lastIndex, this.matrix);
      this.mesh.setMatrixAt(avatar.index, this.matrix);
      this.mesh.instanceMatrix.needsUpdate = true;
      this.mesh.setColorAt(avatar.index, colourOf(last.look));
      if (this.mesh.instanceColor) this.mesh.instanceColor.needsUpdate = true;
    }
    this.byIndex.pop();
    this.mesh.count = this.byIndex.length;
    if (this.shown) this.runtime.invalidate();
  }

  /**
   * Moves everyone towards their latest pose; answers whether anything was drawn differently (a
   * frame is needed), also on the frame that brings an avatar to its final pose however late it
   * comes on a slow device.
   */
  private frame(dt: number): boolean {
    // Hidden, nothing moves on screen; shown again, everyone goes straight to their latest pose.
    if (this.avatars.size === 0 || !this.shown) return false;
    const now = performance.now();
    if (this.template && now - this.lastChoice >= figureRules.chooseEveryMs) {
      this.lastChoice = now;
      this.chooseFigures();
    }
    // Standing figures breathe in steps of `idleFrameMs`.
    this.idleMs += dt * 1000;
    const idleStep = this.idleMs >= figureRules.idleFrameMs;
    let changed = false;
    let impostorsMoved = false;
    let playing = '';
    for (const avatar of this.avatars.values()) {
      const { from, to } = avatar;
      const span = to.at - from.at;
      const t = span <= 0 ? 1 : Math.min(1, Math.max(0, (now - from.at) / span));
      const { x, y, z } = avatar.now;
      const yaw = avatar.yaw;
      avatar.now.lerpVectors(from.p, to.p, t);
      avatar.yaw = angleLerp(from.yaw, to.yaw, t);
      const walking = t < 1 && from.p.distanceToSquared(to.p) > 1e-4;
      const emoting = now < avatar.emoteUntil;
      const moved = x !== avatar.now.x || y !== avatar.now.y || z !== avatar.now.z || yaw !== avatar.yaw;
      const speed = walking && span > 0 ? (from.p.distanceTo(to.p) / span) * 1000 : 0;
      avatar.speed = dt > 0 ? avatar.speed + (speed - avatar.speed) * Math.min(1, dt * 6) : speed;
      if (avatar.speed < 0.05 && speed === 0) avatar.speed = 0;
      const figure = avatar.figure;
      if (figure) {
        if (emoting && avatar.emote && avatar.figureEmote !== avatar.emoteUntil) {
          avatar.figureEmote = avatar.emoteUntil;
          figure.play(avatar.emote);
        }
        const busy = figure.busy || avatar.speed > 0;
        if (moved || busy || avatar.lift !== 0) {
          changed = true;
          avatar.lift = 0;
          figure.root.position.copy(avatar.now);
          figure.root.rotation.y = (avatar.yaw * Math.PI) / 180;
        }
        // A figure that stands breathes a few times a second, and asks for no frame of its own: it
        // shows when the view is drawn for something else (a still view costs nothing).
        if (busy) figure.animate(dt, avatar.speed);
        else if (idleStep) figure.animate(this.idleMs / 1000, 0);
        if (figure.emote) playing += playing ? `,${figure.emote}` : figure.emote;
        continue;
      }
      // Walking bobs; an emote hops.
      const lift = walking
        ? Math.abs(Math.sin(now / 120)) * 0.05
        : emoting
          ? Math.abs(Math.sin(now / 160)) * 0.25
          : 0;
      if (!moved && lift === avatar.lift) continue;
      avatar.lift = lift;
      changed = true;
      impostorsMoved = true;
      const { width, height } = avatarShapes[avatar.look.shape];
      this.quaternion.setFromAxisAngle(this.up, (avatar.yaw * Math.PI) / 180);
      this.position.set(avatar.now.x, avatar.now.y + lift, avatar.now.z);
      this.scale.set(width, height, width);
      this.matrix.compose(this.position, this.quaternion, this.scale);
      this.mesh.setMatrixAt(avatar.index, this.matrix);
    }
    if (idleStep) this.idleMs = 0;
    // The emotes the figures play, for tests and tools that look at the page.
    if (changed && this.tags.dataset.playing !== playing) this.tags.dataset.playing = playing;
    if (impostorsMoved) this.mesh.instanceMatrix.needsUpdate = true;
    return changed;
  }

  /** Name tags over the nearest named avatars. */
  private placeTags() {
    if (this.avatars.size === 0 || !this.shown) return;
    const camera = this.runtime.camera.position;
    const named = [...this.avatars.values()]
      .filter((a) => a.name)
      .sort((a, b) => a.now.distanceToSquared(camera) - b.now.distanceToSquared(camera));
    const now = performance.now();
    named.forEach((avatar, i) => {
      const top = avatar.figure ? avatar.figure.height + 0.1 : 2.05 * avatarShapes[avatar.look.shape].height;
      const point = new Vector3(avatar.now.x, avatar.now.y + top, avatar.now.z);
      const projected = i < tagged ? this.runtime.project(point) : { visible: false, x: 0, y: 0 };
      if (!projected.visible) {
        if (avatar.tag) avatar.tag.style.display = 'none';
        return;
      }
      if (!avatar.tag) {
        const tag = document.createElement('span');
        tag.setAttribute('data-testid', 'avatar-tag');
        Object.assign(tag.style, {
          position: 'absolute',
          transform: 'translate(-50%, -100%)',
          padding: '2px 6px',
          borderRadius: '8px',
          background: 'rgba(0,0,0,0.6)',
          color: '#fff',
          font: '12px sans-serif',
          whiteSpace: 'nowrap',
        });
        avatar.tag = tag;
        this.tags.appendChild(tag);
      }
      const rect = this.runtime.container.getBoundingClientRect();
      const emote = now < avatar.emoteUntil && avatar.emote ? ` · ${avatar.emote}` : '';
      const text = `${avatar.speaking ? '🔊 ' : ''}${avatar.name}${emote}`;
      if (avatar.tag.textContent !== text) avatar.tag.textContent = text;
      avatar.tag.style.display = '';
      avatar.tag.style.left = `${projected.x - rect.left}px`;
      avatar.tag.style.top = `${projected.y - rect.top}px`;
    });
  }
}
