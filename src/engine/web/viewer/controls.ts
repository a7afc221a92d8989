import type { Vec2 } from '../../../../geometry/plan';
import { Joystick } from './joystick';
import type { Pose } from './tour';
import { body, type Walker, type WalkWorld } from './walking';

/**
 * First-person input: WASD or arrow keys to walk (Shift runs; ←/→ turn), mouse drag to look (with
 * pointer lock while dragging), a click to act or walk, and on touch screens a joystick plus
 * drag-to-look. Input is ignored while disabled, and keys while keyboard capture is off.
 */

export interface ControlsCallbacks {
  /** A click or tap that was not a drag, at page coordinates. */
  click(x: number, y: number): void;
  /** Walking or looking started by the visitor (cancels tours and automatic walks). */
  userMoved(): void;
}

const lookSpeed = 0.18; // degrees per pixel
const touchLookSpeed = 0.3;
const keyTurnSpeed = 90; // degrees per second
const dragThreshold = 5;
const movementKeys = new Set([
  'KeyW',
  'KeyA',
  'KeyS',
  'KeyD',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ShiftLeft',
  'ShiftRight',
]);

export interface AutoWalk {
  target: Vec2;
  /** Stop this far from the target. */
  within: number;
  /** Turn to this view on arrival (degrees). */
  face?: { yaw: number; pitch: number };
}

export class FirstPersonControls {
  yaw = 0;
  pitch = 0;
  walker: Walker = { x: 0, z: 0, feet: 0, vy: 0 };
  inputEnabled = false;
  keyboardEnabled = true;
  private keys = new Set<string>();
  private drag: { id: number; x: number; y: number; moved: boolean; touch: boolean } | null = null;
  private auto: AutoWalk | null = null;
  private stuckFor = 0;
  private readonly joystick: Joystick;
  private readonly canvas: HTMLCanvasElement;

  constructor(
    canvas: HTMLCanvasElement,
    container: HTMLElement,
    public world: WalkWorld,
    private readonly callbacks: ControlsCallbacks,
  ) {
    this.canvas = canvas;
    this.joystick = new Joystick(container);
    if (window.matchMedia?.('(pointer: coarse)').matches) this.joystick.show(true);
    canvas.addEventListener('pointerdown', this.pointerDown);
    canvas.addEventListener('pointermove', this.pointerMove);
    canvas.addEventListener('pointerup', this.pointerUp);
    canvas.addEventListener('pointercancel', this.pointerCancel);
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    window.addEventListener('keydown', this.keyDown);
    window.addEventListener('keyup', this.keyUp);
    window.addEventListener('blur', this.clearKeys);
  }

  setKeyboardEnabled(enabled: boolean) {
    this.keyboardEnabled = enabled;
    if (!enabled) this.keys.clear();
  }

  setInputEnabled(enabled: boolean) {
    this.inputEnabled = enabled;
    if (!enabled) {
      this.keys.clear();
      this.drag = null;
      this.auto = null;
    }
  }

  walkTo(auto: AutoWalk) {
    this.auto = auto;
    this.stuckFor = 0;
  }

  get walking() {
    return this.auto !== null;
  }

  /** The walker's eye, looking where the controls look. */
  eyePose(): Pose {
    const { x, z, feet } = this.walker;
    return { position: [x, feet + body.eyeHeight, z], yaw: this.yaw, pitch: this.pitch };
  }

  /** Stands the walker where a pose's eye is, looking its way. */
  standAt(pose: Pose) {
    this.walker = this.world.placeAt(pose.position);
    this.yaw = normalizeDegrees(pose.yaw);
    this.pitch = pose.pitch;
  }

  private clearKeys = () => this.keys.clear();

  private keyDown = (e: KeyboardEvent) => {
    if (!this.inputEnabled || !this.keyboardEnabled || e.ctrlKey || e.metaKey || e.altKey) return;
    if (isEditable(e.target)) return;
    if (!movementKeys.has(e.code)) return;
    e.preventDefault();
    if (!e.code.startsWith('Shift')) {
      this.auto = null;
      this.callbacks.userMoved();
    }
    this.keys.add(e.code);
  };

  private keyUp = (e: KeyboardEvent) => {
    this.keys.delete(e.code);
  };

  private pointerDown = (e: PointerEvent) => {
    if (!this.inputEnabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    if (e.pointerType === 'touch') this.joystick.show(true);
    this.canvas.focus({ preventScroll: true });
    this.drag = {
      id: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      moved: false,
      touch: e.pointerType !== 'mouse',
    };
    this.canvas.setPointerCapture?.(e.pointerId);
  };

  private pointerMove = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > dragThreshold) {
      drag.moved = true;
      this.auto = null;
      this.callbacks.userMoved();
      if (!drag.touch) {
        // Locking keeps the pointer from leaving the window during a long turn.
        void Promise.resolve(this.canvas.requestPointerLock?.()).catch(() => {});
      }
    }
    if (!drag.moved) return;
    const locked = document.pointerLockElement === this.canvas;
    const dx = locked ? e.movementX : e.clientX - drag.x;
    const dy = locked ? e.movementY : e.clientY - drag.y;
    drag.x = e.clientX;
    drag.y = e.clientY;
    const speed = drag.touch ? touchLookSpeed : lookSpeed;
    this.look(dx * speed, dy * speed);
  };

  private pointerUp = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.id) return;
    this.drag = null;
    if (document.pointerLockElement === this.canvas) document.exitPointerLock();
    if (!drag.moved) this.callbacks.click(e.clientX, e.clientY);
  };

  private pointerCancel = () => {
    this.drag = null;
  };

  /** Turns the view; positive dx looks right, positive dy looks down. */
  look(dxDegrees: number, dyDegrees: number) {
    this.yaw = normalizeDegrees(this.yaw - dxDegrees);
    this.pitch = Math.max(-85, Math.min(85, this.pitch - dyDegrees));
  }

  /** Advances by dt seconds; returns true if the view or position changed. */
  update(dt: number): boolean {
    if (dt <= 0) return false;
    const before = [this.walker.x, this.walker.z, this.walker.feet, this.yaw, this.pitch].join();
    let forward = 0;
    let strafe = 0;
    let turn = 0;
    if (this.keys.has('KeyW') || this.keys.has('ArrowUp')) forward += 1;
    if (this.keys.has('KeyS') || this.keys.has('ArrowDown')) forward -= 1;
    if (this.keys.has('KeyD')) strafe += 1;
    if (this.keys.has('KeyA')) strafe -= 1;
    if (this.keys.has('ArrowRight')) turn -= 1;
    if (this.keys.has('ArrowLeft')) turn += 1;
    if (this.joystick.active) {
      forward += this.joystick.value.y;
      strafe += this.joystick.value.x;
      if (Math.abs(this.joystick.value.y) + Math.abs(this.joystick.value.x) > 0.1) this.auto = null;
    }
    this.yaw = normalizeDegrees(this.yaw + turn * keyTurnSpeed * dt);
    const running = this.keys.has('ShiftLeft') || this.keys.has('ShiftRight');
    const speed = running ? body.runSpeed : body.walkSpeed;
    const yaw = (this.yaw * Math.PI) / 180;
    let delta: Vec2 = [0, 0];
    const length = Math.hypot(forward, strafe);
    if (length > 0) {
      const k = (Math.min(1, length) * speed * dt) / length;
      // Forward is -z at yaw 0; right is +x.
      delta = [
        (-Math.sin(yaw) * forward + Math.cos(yaw) * strafe) * k,
        (-Math.cos(yaw) * forward - Math.sin(yaw) * strafe) * k,
      ];
    } else if (this.auto) {
      delta = this.autoStep(dt);
    }
    const next = this.world.step(this.walker, delta, dt);
    if (this.auto && length === 0) {
      const progressed = Math.hypot(next.x - this.walker.x, next.z - this.walker.z);
      this.stuckFor = progressed < body.walkSpeed * dt * 0.2 ? this.stuckFor + dt : 0;
      if (this.stuckFor > 0.4) this.arrive();
    }
    this.walker = next;
    return before !== [this.walker.x, this.walker.z, this.walker.feet, this.yaw, this.pitch].join();
  }

  private autoStep(dt: number): Vec2 {
    const auto = this.auto!;
    const dx = auto.target[0] - this.walker.x;
    const dz = auto.target[1] - this.walker.z;
    const distance = Math.hypot(dx, dz);
    if (distance <= auto.within + 0.02) {
      this.arrive();
      return [0, 0];
    }
    const step = Math.min(distance - auto.within, body.walkSpeed * dt);
    // Turn towards where we go (or where we will look) as we walk.
    const heading = auto.face ? auto.face.yaw : (Math.atan2(-dx, -dz) * 180) / Math.PI;
    this.yaw = turnTowards(this.yaw, heading, 240 * dt);
    if (auto.face) this.pitch += (auto.face.pitch - this.pitch) * Math.min(1, 4 * dt);
    return [(dx / distance) * step, (dz / distance) * step];
  }

  private arrive() {
    const face = this.auto?.face;
    if (face) {
      this.yaw = face.yaw;
      this.pitch = face.pitch;
    }
    this.auto = null;
    this.stuckFor = 0;
  }

  dispose() {
    this.canvas.removeEventListener('pointerdown', this.pointerDown);
    this.canvas.removeEventListener('pointermove', this.pointerMove);
    this.canvas.removeEventListener('pointerup', this.pointerUp);
    this.canvas.removeEventListener('pointercancel', this.pointerCancel);
    window.removeEventListener('keydown', this.keyDown);
    window.removeEventListener('keyup', this.keyUp);
    window.removeEventListener('blur', this.clearKeys);
    this.joystick.dispose();
  }
}

export function normalizeDegrees(d: number): number {
  return ((d % 360) + 360) % 360;
}

function turnTowards(from: number, to: number, maxStep: number): number {
  const diff = ((((to - from) % 360) + 540) % 360) - 180;
  return normalizeDegrees(from + Math.max(-maxStep, Math.min(maxStep, diff)));
}

export function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}
