import { BoxGeometry, Group, Mesh, MeshBasicMaterial } from 'three';
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

export function transformCase(text: string, transform: Text3d['fontTransform']): string {
  switch (transform) {
    case 'UpperCase':
    case 'SmallCaps':
      // Small capitals are drawn as capitals: SDF text has one size per text object.
      return text.toUpperCase();
    case 'LowerCase':
      return text.toLowerCase();
    default:
      return text;
  }
}

export const metresOf = (size: number) => size / textPointsPerMetre;

function configure(target: Text, text: Text3d, fonts: FontRef[]) {
  target.text = transformCase(text.text, text.fontTransform);
  target.font = fontUrlFor(text, fonts);
  target.fontSize = metresOf(text.size);
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
  configure(main, text, fonts);
  main.color = text.color;
  if (text.outline) {
    main.outlineWidth = metresOf(text.outline.width);
    main.outlineColor = text.outline.color;
  }
  main.userData.objectId = text.id;
  group.add(main);

  const parts: Text[] = [main];
  if (text.dropShadow) {
    const shadow = new Text();
    configure(shadow, text, fonts);
    shadow.color = text.dropShadow.color;
    const offset = Math.max(0.002, metresOf(text.dropShadow.distance));
    shadow.position.set(offset, -offset, -0.004);
    shadow.fillOpacity = 0.6;
    group.add(shadow);
    parts.push(shadow);
  }

  const underlineMaterial = text.underline ? new MeshBasicMaterial({ color: text.color }) : null;
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
