import { type PlanOpening, type WallFace, alongWall, type Plan } from './walls';

/**
 * The free stretches of one wall face in the picture band (about 0.8–2.4 m above the floor):
 * the face minus a clearance at its corners, its openings (doors and windows of every height are
 * kept clear, so nothing hangs in front of glass or beside a door frame) and whatever else has
 * been hung or reserved there. Positions are metres from the wall's `from` end.
 */

/** Clearance kept from wall corners and openings. */
export const clearance = 0.3;

export type Interval = [number, number];

export class Shelf {
  private free: Interval[];

  constructor(
    readonly face: WallFace,
    openings: PlanOpening[],
  ) {
    this.free = [[face.start + clearance, face.end - clearance]];
    for (const o of openings.filter((o) => o.wallId === face.wall.id)) {
      this.take(o.offset - clearance, o.offset + o.width + clearance);
    }
  }

  /** Marks [a, b] (metres along the wall) as used. */
  take(a: number, b: number): void {
    const [lo, hi] = a < b ? [a, b] : [b, a];
    this.free = this.free.flatMap(([s, e]): Interval[] => {
      if (hi <= s || lo >= e) return [[s, e]];
      return [
        [s, Math.min(lo, e)],
        [Math.max(hi, s), e],
      ].filter(([x, y]) => y - x > 1e-6) as Interval[];
    });
  }

  /** Reserves the stretch between two plan points on (or in front of) this wall, e.g. behind a plant. */
  reserveBetween(a: Plan, b: Plan): void {
    this.take(alongWall(this.face.wall, a), alongWall(this.face.wall, b));
  }

  /** Places something `width` wide centred at `s`, keeping `margin` either side free; throws if it does not fit. */
  placeAt(s: number, width: number, margin = clearance): number {
    const a = s - width / 2;
    const b = s + width / 2;
    if (!this.free.some(([x, y]) => a >= x - 1e-9 && b <= y + 1e-9)) {
      throw new Error(`${this.face.key}: no room for ${width} m at ${s.toFixed(2)}`);
    }
    this.take(a - margin, b + margin);
    return s;
  }

  /** Places something centred at the plan point `centre` (projected on the wall). */
  placeAtPoint(centre: Plan, width: number, margin = clearance): number {
    return this.placeAt(alongWall(this.face.wall, centre), width, margin);
  }

  intervals(): readonly Interval[] {
    return this.free;
  }
}
