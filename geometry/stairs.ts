import type { Stairs } from '../contracts/sceneContent';
import type { Vec2 } from './vec2';

/**
 * Stairs as boxes to draw, sloped patches to walk on and the footprint cut out of the floor they
 * arrive at. Steps are about 18 cm high and 28 cm deep. 'L' and 'U' stairs climb half their steps,
 * cross a landing and turn to the side `turn` names.
 */

export const stairsRiser = 0.18;
export const stairsTread = 0.28;
/** Space between the two flights of 'U' stairs. */
export const stairsGap = 0.1;
const treadThickness = 0.15;

/** A box in the world: size along the stairs' right, up and forward axes; yaw in radians. */
export interface StairsBox {
  center: [number, number, number];
  size: [number, number, number];
  yaw: number;
}

/**
 * A walkable rectangle on the plan whose height changes linearly along `axis`, from `y0` at the
 * start end to `y1` at the far end (flat when equal).
 */
export interface WalkPatch {
  center: Vec2;
  /** Unit vector on the plan along which the height changes. */
  axis: Vec2;
  halfLength: number;
  halfWidth: number;
  y0: number;
  y1: number;
}

export interface StairsLayout {
  steps: StairsBox[];
  patches: WalkPatch[];
  footprint: Vec2[];
  stepCount: number;
}

export function stairsLayout(stairs: Stairs, levelElevation: number): StairsLayout {
  const n = Math.max(1, Math.round(stairs.rise / stairsRiser));
  const r = stairs.rise / n;
  const d = stairsTread;
  const w = stairs.width;
  const base = levelElevation + stairs.position[1];
  const yaw = (stairs.rotation * Math.PI) / 180;
  const right: Vec2 = [Math.cos(yaw), -Math.sin(yaw)];
  const forward: Vec2 = [-Math.sin(yaw), -Math.cos(yaw)];
  const origin: Vec2 = [stairs.position[0], stairs.position[2]];
  const toWorld = (u: number, v: number): Vec2 => [
    origin[0] + u * right[0] + v * forward[0],
    origin[1] + u * right[1] + v * forward[1],
  ];
  const dirOf = (du: number, dv: number): Vec2 => [
    du * right[0] + dv * forward[0],
    du * right[1] + dv * forward[1],
  ];

  const steps: StairsBox[] = [];
  const patches: WalkPatch[] = [];
  /** A flight of `count` steps starting at (u, v), climbing along (du, dv) (a unit axis of the local frame). */
  const flight = (u: number, v: number, du: number, dv: number, count: number, firstStep: number) => {
    const stepYaw = yaw + (du !== 0 ? (du > 0 ? -Math.PI / 2 : Math.PI / 2) : dv > 0 ? 0 : Math.PI);
    for (let i = 0; i < count; i++) {
      const top = base + (firstStep + i + 1) * r;
      const bottom = Math.max(base, top - r - treadThickness);
      const c = toWorld(u + du * (i + 0.5) * d, v + dv * (i + 0.5) * d);
      steps.push({ center: [c[0], (top + bottom) / 2, c[1]], size: [w, top - bottom, d], yaw: stepYaw });
    }
    const length = count * d;
    patches.push({
      center: toWorld(u + (du * length) / 2, v + (dv * length) / 2),
      axis: dirOf(du, dv),
      halfLength: length / 2,
      halfWidth: w / 2,
      y0: base + firstStep * r,
      y1: base + (firstStep + count) * r,
    });
  };
  const landing = (u0: number, u1: number, v0: number, v1: number, y: number) => {
    const c = toWorld((u0 + u1) / 2, (v0 + v1) / 2);
    steps.push({
      center: [c[0], y - treadThickness, c[1]],
      size: [u1 - u0, treadThickness * 2, v1 - v0],
      yaw,
    });
    patches.push({
      center: c,
      axis: forward,
      halfLength: (v1 - v0) / 2,
      halfWidth: (u1 - u0) / 2,
      y0: y,
      y1: y,
    });
  };

  let local: Vec2[];
  if (stairs.kind === 'straight') {
    flight(0, 0, 0, 1, n, 0);
    local = [
      [-w / 2, 0],
      [w / 2, 0],
      [w / 2, n * d],
      [-w / 2, n * d],
    ];
  } else {
    const s = stairs.turn === 'right' ? 1 : -1;
    const n1 = Math.floor(n / 2);
    const n2 = n - n1;
    const v1 = n1 * d;
    flight(0, 0, 0, 1, n1, 0);
    if (stairs.kind === 'L') {
      landing(-w / 2, w / 2, v1, v1 + w, base + n1 * r);
      flight((s * w) / 2, v1 + w / 2, s, 0, n2, n1);
      const far = s * (w / 2 + n2 * d);
      local = [
        [-s * (w / 2), 0],
        [s * (w / 2), 0],
        [s * (w / 2), v1],
        [far, v1],
        [far, v1 + w],
        [-s * (w / 2), v1 + w],
      ];
    } else {
      const lane = s * (w + stairsGap);
      const uMin = Math.min(-w / 2, lane - w / 2);
      const uMax = Math.max(w / 2, lane + w / 2);
      landing(uMin, uMax, v1, v1 + w, base + n1 * r);
      flight(lane, v1, 0, -1, n2, n1);
      const vMin = Math.min(0, v1 - n2 * d);
      local = [
        [uMin, vMin],
        [uMax, vMin],
        [uMax, v1 + w],
        [uMin, v1 + w],
      ];
    }
  }
  return { steps, patches, footprint: local.map(([u, v]) => toWorld(u, v)), stepCount: n };
}

/** Height of a patch at a plan point, or null outside it. */
export function patchHeightAt(patch: WalkPatch, [x, z]: Vec2): number | null {
  const px = x - patch.center[0];
  const pz = z - patch.center[1];
  const t = px * patch.axis[0] + pz * patch.axis[1];
  const s = -px * patch.axis[1] + pz * patch.axis[0];
  const slack = 1e-6;
  if (Math.abs(t) > patch.halfLength + slack || Math.abs(s) > patch.halfWidth + slack) return null;
  const f = patch.halfLength > 0 ? (t + patch.halfLength) / (2 * patch.halfLength) : 0;
  return patch.y0 + (patch.y1 - patch.y0) * f;
}
