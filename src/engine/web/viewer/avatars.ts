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
import type { Runtime } from '../runtime/runtime';

/**
 * The other visitors of the space, drawn as avatars: one instanced mesh for everyone (one draw call
 * however many there are), moved smoothly between the poses the live-user hub sends (about 10 a
 * second near, less often further away) and bobbing while they walk; the nearest carry a name tag
 * (page elements over the canvas, no draw call), with the emote they play or a sign that they talk.
 */

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
  tag?: HTMLElement;
}

function bodyGeometry() {
  const torso = new CapsuleGeometry(0.24, 0.9, 4, 10).translate(0, 0.75, 0);
  const head = new SphereGeometry(0.19, 12, 8).translate(0, 1.55, 0);
  // A visor shows where the avatar looks (-z, like the camera).
  const visor = new BoxGeometry(0.26, 0.08, 0.08).translate(0, 1.58, -0.16);
  return mergeGeometries([torso.toNonIndexed(), head.toNonIndexed(), visor.toNonIndexed()])!;
}

const colourOf = (id: number) => new Color().setHSL((((id * 0.618034) % 1) + 1) % 1, 0.55, 0.55);
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
  private readonly unit = new Vector3(1, 1, 1);
  private readonly position = new Vector3();
  private stopFrame: () => void;
  private readonly stopTags: () => void;
  /** Whether the crowd is drawn; hidden, it keeps track of everyone but asks for no frame. */
  private shown = true;

  constructor(private readonly runtime: Runtime) {
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
    this.stopFrame = runtime.onFrame(() => this.frame());
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
    this.tags.style.display = shown ? '' : 'none';
    this.runtime.invalidate();
  }

  /** New poses, who some ids are, and who left. */
  update(poses: AvatarPose[], named: { id: number; name: string }[], left: number[]) {
    const now = performance.now();
    for (const { id, name } of named) this.avatarOf(id, now).name = name;
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
    if (this.shown) this.runtime.invalidate();
  }

  clear() {
    for (const id of [...this.avatars.keys()]) this.remove(id);
  }

  dispose() {
    this.clear();
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
    };
    this.avatars.set(id, avatar);
    this.mesh.count = this.byIndex.length;
    this.mesh.setColorAt(index, colourOf(id));
    if (this.mesh.instanceColor) this.mesh.instanceColor.needsUpdate = true;
    void now;
    return avatar;
  }

  private remove(id: number) {
    const avatar = this.avatars.get(id);
    if (!avatar) return;
    avatar.tag?.remove();
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
      this.mesh.setColorAt(avatar.index, colourOf(lastId));
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
  private frame(): boolean {
    // Hidden, nothing moves on screen; shown again, everyone goes straight to their latest pose.
    if (this.avatars.size === 0 || !this.shown) return false;
    const now = performance.now();
    let changed = false;
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
      // Walking bobs; an emote hops.
      const lift = walking
        ? Math.abs(Math.sin(now / 120)) * 0.05
        : emoting
          ? Math.abs(Math.sin(now / 160)) * 0.25
          : 0;
      const moved =
        x !== avatar.now.x ||
        y !== avatar.now.y ||
        z !== avatar.now.z ||
        yaw !== avatar.yaw ||
        lift !== avatar.lift;
      avatar.lift = lift;
      if (!moved) continue;
      changed = true;
      this.quaternion.setFromAxisAngle(this.up, (avatar.yaw * Math.PI) / 180);
      this.position.set(avatar.now.x, avatar.now.y + lift, avatar.now.z);
      this.matrix.compose(this.position, this.quaternion, this.unit);
      this.mesh.setMatrixAt(avatar.index, this.matrix);
    }
    if (changed) this.mesh.instanceMatrix.needsUpdate = true;
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
      const point = new Vector3(avatar.now.x, avatar.now.y + 2.05, avatar.now.z);
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
