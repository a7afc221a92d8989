import { modelScaleRange } from '../../../contracts/modelBudget';

export interface Placement {
  defaultSize: [number, number, number];
  /** Why the default size is not the model's own size (undefined when it is). */
  scaleNote?: string;
}

/** Metres for people: "155 m", "2.5 m", "3 cm". */
export function metres(m: number): string {
  if (m < 1 && m > 0) return `${Number((m * 100).toPrecision(3))} cm`;
  return `${Number(m.toPrecision(3))} m`;
}

/**
 * The size a model is placed at: its own, unless its largest side is outside the plausible range
 * (a model made in centimetres or millimetres, or a whole city): then scaled as a whole so that
 * side is the target, with a sentence saying so. The GLB itself is never rescaled.
 */
export function placementOf(size: [number, number, number], range = modelScaleRange): Placement {
  const largest = Math.max(...size);
  if (largest <= 0 || (largest >= range.minSideM && largest <= range.maxSideM)) {
    return largest > 0
      ? { defaultSize: size }
      : { defaultSize: [range.targetSideM, range.targetSideM, range.targetSideM] };
  }
  const factor = range.targetSideM / largest;
  const defaultSize = size.map((s) => Number((s * factor).toPrecision(6))) as [number, number, number];
  // y is up in glTF: the largest side is the model's height, or else its length.
  const word = size[1] === largest && size[0] < largest && size[2] < largest ? 'tall' : 'long';
  return {
    defaultSize,
    scaleNote:
      `The model is ${metres(largest)} ${word}; it will be placed ${metres(range.targetSideM)} ${word}. ` +
      `Its original scale is ${metres(largest)}.`,
  };
}
