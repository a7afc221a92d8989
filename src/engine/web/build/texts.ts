import { BoxGeometry, Color, Group, LinearSRGBColorSpace, Mesh, MeshBasicMaterial } from 'three';
import { Text } from 'troika-three-text';
import { type FontRef, type Text3d, textPointsPerMetre } from '../../../../contracts/sceneContent';
import { builtInFontFiles, fontUrlFor } from './fonts';
import { transformMatrix } from './pictures';

export { fontUrlFor };

/**
 * 3D texts (SDF glyphs, crisp at any distance) with their styles: font and weight, colour,
 * alignment (justified lines fill the text box), outline, drop shadow, underline, letter case, and
 * hypertext links. Fonts are served from our own origin: the built-in families (./fonts.ts), or the
 * document's own fonts by family.
 */

/** How high small capitals are drawn, against the text's capitals. */
export const smallCapsScale = 0.78;

export interface CasedText {
  text: string;
  /** The ranges [start, end) of `text` that are small capitals (lower-case letters drawn as capitals). */
  smallCaps: [number, number][];
}

export function transformCase(text: string, transform: Text3d['fontTransform']): CasedText {
  switch (transform) {
    case 'UpperCase':
      return { text: text.toUpperCase(), smallCaps: [] };
    case 'LowerCase':
      return { text: text.toLowerCase(), smallCaps: [] };
    case 'SmallCaps': {
      // Each lower-case letter becomes its capital drawn smaller (troika's per-range sizes).
      let out = '';
      const smallCaps: [number, number][] = [];
      for (const character of text) {
        const upper = character.toUpperCase();
        const start = out.length;
        out += upper;
        if (upper === character) continue;
        const last = smallCaps.at(-1);
        if (last && last[1] === start) last[1] = out.length;
        else smallCaps.push([start, out.length]);
      }
      return { text: out, smallCaps };
    }
    default:
      return { text, smallCaps: [] };
  }
}

/**
 * Troika style ranges drawing the small capitals at `size` (world units), or null when none. With
 * ranges troika colours each glyph itself, from a value it uses as linear: `color` is given so.
 */
export function smallCapsStyleRanges(
  smallCaps: [number, number][],
  size: number,
  color: string,
): Text['styleRanges'] {
  if (smallCaps.length === 0) return null;
  const ranges: NonNullable<Text['styleRanges']> = {};
  for (const [start, end] of smallCaps) {
    ranges[start] = { size };
    ranges[end] = { size: null };
  }
  ranges[0] = { ...ranges[0], color: new Color(color).getHex(LinearSRGBColorSpace) };
  return ranges;
}

/** A document colour (#rgb, #rrggbb or #rrggbbaa) as three reads it, and its opacity. */
export function colorAndOpacity(color: string): { rgb: string; opacity: number } {
  if (color.length !== 9) return { rgb: color, opacity: 1 };
  return { rgb: color.slice(0, 7), opacity: parseInt(color.slice(7), 16) / 255 };
}

export const metresOf = (size: number) => size / textPointsPerMetre;

function configure(target: Text, text: Text3d, fonts: FontRef[], color: string) {
  const cased = transformCase(text.text, text.fontTransform);
  const { rgb, opacity } = colorAndOpacity(color);
  target.text = cased.text;
  target.font = fontUrlFor(text, fonts);
  target.fontSize = metresOf(text.size);
  target.color = rgb;
  target.fillOpacity = opacity;
  target.styleRanges = smallCapsStyleRanges(cased.smallCaps, target.fontSize * smallCapsScale, rgb);
  target.anchorX = 'center';
  target.anchorY = 'middle';
  target.textAlign = text.alignment;
  target.maxWidth = text.maxWidth ?? Infinity;
  target.lineHeight = 1.2;
  // No fallback fonts from a CDN: characters a font lacks are left out.
  target.unicodeFontsURL = null;
  // Glyph shapes are computed in workers, leaving the main thread and the GPU to the space.
  target.gpuAccelerateSDF = false;
}

/** A bold Roboto label (portal names, dimensions), centred on its position. */
export function labelText(text: string, fontSize: number, color: string): Text {
  const label = new Text();
  label.text = text;
  label.font = builtInFontFiles.Roboto.bold;
  label.fontSize = fontSize;
  label.color = color;
  label.anchorX = 'center';
  label.anchorY = 'middle';
  label.unicodeFontsURL = null;
  label.gpuAccelerateSDF = false;
  return label;
}

export interface BuiltText {
  id: string;
  object: Group;
  /** The mesh clicks hit. */
  hit: Text;
  ready: Promise<void>;
  dispose(): void;
}

export function buildText(text: Text3d, fonts: FontRef[]): BuiltText {
  const group = new Group();
  group.name = `text:${text.id}`;
  group.matrixAutoUpdate = false;
  group.matrix.copy(transformMatrix(text.transform));
  group.matrixWorldNeedsUpdate = true;

  const main = new Text();
  configure(main, text, fonts, text.color);
  if (text.outline) {
    const outline = colorAndOpacity(text.outline.color);
    main.outlineWidth = metresOf(text.outline.width);
    main.outlineColor = outline.rgb;
    main.outlineOpacity = outline.opacity;
  }
  main.userData.objectId = text.id;
  group.add(main);

  const parts: Text[] = [main];
  if (text.dropShadow) {
    const shadow = new Text();
    // The shadow's colour says how dark it is (#00000066); without an alpha it is drawn at 0.6.
    configure(shadow, text, fonts, text.dropShadow.color);
    if (text.dropShadow.color.length !== 9) shadow.fillOpacity = 0.6;
    const offset = Math.max(0.002, metresOf(text.dropShadow.distance));
    shadow.position.set(offset, -offset, -0.004);
    group.add(shadow);
    parts.push(shadow);
  }

  const fill = colorAndOpacity(text.color);
  const underlineMaterial = text.underline
    ? new MeshBasicMaterial({ color: fill.rgb, opacity: fill.opacity, transparent: fill.opacity < 1 })
    : null;
  const ready = Promise.all(parts.map((p) => new Promise<void>((resolve) => p.sync(resolve)))).then(() => {
    if (!underlineMaterial) return;
    const info = main.textRenderInfo;
    if (!info?.caretPositions) return;
    const thickness = main.fontSize * 0.06;
    for (const [bottom, [x0, x1]] of lineExtents(info.caretPositions)) {
      const bar = new Mesh(new BoxGeometry(x1 - x0, thickness, 0.002), underlineMaterial);
      bar.position.set((x0 + x1) / 2, bottom - thickness, 0);
      group.add(bar);
    }
  });

  return {
    id: text.id,
    object: group,
    hit: main,
    ready,
    dispose() {
      parts.forEach((p) => p.dispose());
      group.traverse((o) => {
        if (o instanceof Mesh && !(o instanceof Text)) o.geometry.dispose();
      });
      underlineMaterial?.dispose();
    },
  };
}

/** Left and right ends of each line of text, keyed by the line's bottom. */
export function lineExtents(caretPositions: Float32Array): Map<number, [number, number]> {
  const lines = new Map<number, [number, number]>();
  for (let i = 0; i + 3 < caretPositions.length; i += 4) {
    const a = caretPositions[i];
    const b = caretPositions[i + 1];
    const bottom = Math.round(caretPositions[i + 2] * 1e4) / 1e4;
    if (!Number.isFinite(a) || !Number.isFinite(b) || a === b) continue;
    const line = lines.get(bottom);
    lines.set(
      bottom,
      line ? [Math.min(line[0], a, b), Math.max(line[1], a, b)] : [Math.min(a, b), Math.max(a, b)],
    );
  }
  return lines;
}
