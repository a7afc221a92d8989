import type { Random } from './prng';

/**
 * Painting styles for the demo pictures. Each style draws an SVG composition from a palette and a
 * random source. No <text>: glyphs would depend on the fonts installed, and the output must be
 * the same bytes everywhere. Shapes are large and smooth because they compress well as JPEG.
 */

export interface Canvas {
  width: number;
  height: number;
  /** Ground first, then accents (see palettes.ts). */
  colors: readonly string[];
  random: Random;
}

export interface Style {
  id: string;
  /** Nouns for titles ("Composition", "Hills", ...). */
  nouns: readonly string[];
  /** One sentence about the work, for its description. */
  blurb: string;
  draw(canvas: Canvas): string;
}

const n = (v: number) => (Math.round(v * 10) / 10).toString();
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
const background = ({ width, height }: Canvas, fill: string) => rect(0, 0, width, height, fill);

/** A smooth random curve: y(x) as a sum of a few sines, for hills and waves. */
function smoothCurve(random: Random, amplitude: number) {
  const waves = [1, 2, 3].map((k) => ({
    frequency: random.range(0.6, 1.6) * k,
    phase: random.range(0, Math.PI * 2),
    weight: amplitude / k,
  }));
  return (t: number) =>
    waves.reduce((sum, w) => sum + w.weight * Math.sin(t * w.frequency * Math.PI + w.phase), 0);
}

/** A closed path from a curve across the canvas down to its bottom edge. */
function bandPath({ width, height }: Canvas, baseline: number, curve: (t: number) => number) {
  const points: string[] = [];
  for (let i = 0; i <= 32; i++) {
    const x = (width * i) / 32;
    points.push(`${n(x)},${n(baseline + curve(i / 32))}`);
  }
  return `M0,${n(height)} L${points.join(' L')} L${n(width)},${n(height)} Z`;
}

const colourField: Style = {
  id: 'colour-field',
  nouns: ['Field', 'Reverie', 'Stillness', 'Horizon Study', 'Chapel'],
  blurb: 'Soft-edged fields of colour hover on the ground, layered like thin washes of paint.',
  draw(c) {
    const [ground, ...accents] = c.random.shuffle(c.colors);
    const count = c.random.int(2, 3);
    const margin = Math.min(c.width, c.height) * 0.08;
    const gap = margin * 0.6;
    const bandHeight = (c.height - 2 * margin - gap * (count - 1)) / count;
    const weights = Array.from({ length: count }, () => c.random.range(0.7, 1.3));
    const total = weights.reduce((a, b) => a + b, 0);
    let y = margin;
    const bands = weights.map((weight, i) => {
      const h = (bandHeight * count * weight) / total;
      const band = rect(margin, y, c.width - 2 * margin, h, accents[i % accents.length], ' rx="6"');
      y += h + gap;
      return band;
    });
    return `<defs><filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="${n(margin * 0.25)}"/></filter></defs>${background(c, ground)}<g filter="url(#soft)" opacity="0.92">${bands.join('')}</g>`;
  },
};

const mondrianGrid: Style = {
  id: 'grid',
  nouns: ['Composition', 'Grid', 'Blocks', 'Boogie', 'Plan'],
  blurb: 'A grid of black lines divides the plane; a few cells are filled with pure colour.',
  draw(c) {
    const cells: { x: number; y: number; w: number; h: number }[] = [];
    const split = (x: number, y: number, w: number, h: number, depth: number) => {
      const canSplit = depth < 4 && (w > 90 || h > 90) && (depth < 2 || c.random.chance(0.6));
      if (!canSplit) {
        cells.push({ x, y, w, h });
        return;
      }
      if (w > h ? c.random.chance(0.8) : c.random.chance(0.2)) {
        const cut = w * c.random.range(0.3, 0.7);
        split(x, y, cut, h, depth + 1);
        split(x + cut, y, w - cut, h, depth + 1);
      } else {
        const cut = h * c.random.range(0.3, 0.7);
        split(x, y, w, cut, depth + 1);
        split(x, y + cut, w, h - cut, depth + 1);
      }
    };
    split(0, 0, c.width, c.height, 0);
    const line = c.colors[4];
    const fills = cells.map((cell) => {
      const fill = c.random.chance(0.35) ? c.random.pick(c.colors.slice(1, 4)) : c.colors[0];
      return rect(cell.x, cell.y, cell.w, cell.h, fill, ` stroke="${line}" stroke-width="8"`);
    });
    return `${background(c, c.colors[0])}${fills.join('')}${rect(0, 0, c.width, c.height, 'none', ` stroke="${line}" stroke-width="12"`)}`;
  },
};

const landscape: Style = {
  id: 'landscape',
  nouns: ['Hills', 'Valley', 'Morning', 'Far Country', 'Ridge'],
  blurb: 'Layered hills recede under a low sun, each ridge a flat shape of one colour.',
  draw(c) {
    const [sky, sun, ...hills] = c.colors;
    const sunX = c.width * c.random.range(0.2, 0.8);
    const sunY = c.height * c.random.range(0.18, 0.4);
    const layers = c.random.int(3, 4);
    const shapes: string[] = [];
    for (let i = 0; i < layers; i++) {
      const baseline = c.height * (0.45 + (0.4 * i) / layers);
      const curve = smoothCurve(c.random, c.height * (0.06 - i * 0.008));
      const fill = i === 0 ? c.colors[1] : hills[(i - 1) % hills.length];
      shapes.push(
        `<path d="${bandPath(c, baseline, curve)}" fill="${fill}"${i === 0 ? ' opacity="0.6"' : ''}/>`,
      );
    }
    return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${sun}" stop-opacity="0.5"/></linearGradient></defs>${rect(0, 0, c.width, c.height, 'url(#sky)')}${circle(sunX, sunY, Math.min(c.width, c.height) * 0.11, hills[0], ' opacity="0.85"')}${shapes.join('')}`;
  },
};

const circles: Style = {
  id: 'circles',
  nouns: ['Circles', 'Orbit', 'Several Circles', 'Conversation', 'Constellation'],
  blurb: 'Circles and rings drift across the ground, crossed by a few straight lines.',
  draw(c) {
    const [ground, ...accents] = c.colors;
    const min = Math.min(c.width, c.height);
    const shapes: string[] = [];
    for (let i = 0; i < c.random.int(2, 3); i++) {
      const x1 = c.random.range(0, c.width);
      const x2 = c.random.range(0, c.width);
      shapes.push(
        `<line x1="${n(x1)}" y1="0" x2="${n(x2)}" y2="${n(c.height)}" stroke="${accents[3]}" stroke-width="${n(c.random.range(2, 6))}"/>`,
      );
    }
    for (let i = 0; i < c.random.int(5, 9); i++) {
      const r = min * c.random.range(0.05, 0.22);
      const cx = c.random.range(r, c.width - r);
      const cy = c.random.range(r, c.height - r);
      shapes.push(circle(cx, cy, r, c.random.pick(accents), ' opacity="0.85"'));
      if (c.random.chance(0.5)) shapes.push(circle(cx, cy, r * 0.55, c.random.pick(accents)));
    }
    return `${background(c, ground)}${shapes.join('')}`;
  },
};

const stripes: Style = {
  id: 'stripes',
  nouns: ['Stripes', 'Rhythm', 'Cadence', 'March', 'Tilt'],
  blurb: 'Bands of colour of varying width run at a slant, repeating like a slow beat.',
  draw(c) {
    const angle = c.random.pick([-30, -15, 15, 30, 45]);
    const diagonal = Math.hypot(c.width, c.height);
    const bands: string[] = [];
    let x = -diagonal / 2;
    while (x < diagonal * 1.5) {
      const w = c.random.range(0.04, 0.12) * diagonal;
      bands.push(rect(x, -diagonal / 2, w, diagonal * 2, c.random.pick(c.colors)));
      x += w;
    }
    return `<g transform="rotate(${angle} ${n(c.width / 2)} ${n(c.height / 2)})">${bands.join('')}</g>`;
  },
};

const nestedSquares: Style = {
  id: 'nested-squares',
  nouns: ['Homage', 'Interaction', 'Window', 'Square', 'Threshold'],
  blurb: 'Squares nested inside one another, set low, so that neighbouring colours change each other.',
  draw(c) {
    const order = c.random.shuffle(c.colors);
    const layers = c.random.int(3, 4);
    const shapes: string[] = [background(c, order[0])];
    for (let i = 1; i < layers; i++) {
      const shrink = 1 - (i * 0.8) / layers;
      const side = Math.min(c.width, c.height) * 0.9 * shrink;
      const cx = c.width / 2;
      const cy = c.height / 2 + (Math.min(c.width, c.height) * 0.9 - side) * 0.18;
      shapes.push(rect(cx - side / 2, cy - side / 2, side, side, order[i % order.length]));
    }
    return shapes.join('');
  },
};

const waves: Style = {
  id: 'waves',
  nouns: ['Tide', 'Swell', 'Waves', 'Current', 'Shoreline'],
  blurb: 'Stacked waves roll across the picture, each a single band of colour.',
  draw(c) {
    const count = c.random.int(5, 8);
    const shapes: string[] = [background(c, c.colors[0])];
    for (let i = 0; i < count; i++) {
      const baseline = (c.height * (i + 0.5)) / count;
      const curve = smoothCurve(c.random, c.height * 0.04);
      shapes.push(`<path d="${bandPath(c, baseline, curve)}" fill="${c.colors[1 + (i % 4)]}"/>`);
    }
    return shapes.join('');
  },
};

const truchet: Style = {
  id: 'truchet',
  nouns: ['Tiles', 'Maze', 'Garden Path', 'Pattern', 'Weave'],
  blurb: 'Square tiles, each with two quarter circles, join into meandering paths.',
  draw(c) {
    const cols = c.random.int(4, 7);
    const size = c.width / cols;
    const rows = Math.ceil(c.height / size);
    const [ground, fill, line] = c.random.shuffle(c.colors);
    const stroke = ` fill="none" stroke="${line}" stroke-width="${n(size * 0.18)}"`;
    const tiles: string[] = [];
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const x = col * size;
        const y = row * size;
        const h = size / 2;
        const path = c.random.chance(0.5)
          ? `M${n(x + h)},${n(y)} A${n(h)},${n(h)} 0 0 1 ${n(x)},${n(y + h)} M${n(x + size)},${n(y + h)} A${n(h)},${n(h)} 0 0 0 ${n(x + h)},${n(y + size)}`
          : `M${n(x + h)},${n(y)} A${n(h)},${n(h)} 0 0 0 ${n(x + size)},${n(y + h)} M${n(x)},${n(y + h)} A${n(h)},${n(h)} 0 0 1 ${n(x + h)},${n(y + size)}`;
        if (c.random.chance(0.25)) tiles.push(rect(x, y, size, size, fill));
        tiles.push(`<path d="${path}"${stroke}/>`);
      }
    }
    return `${background(c, ground)}${tiles.join('')}`;
  },
};

const nightSky: Style = {
  id: 'night',
  nouns: ['Nocturne', 'Night Fields', 'Moonrise', 'Evening', 'Small Hours'],
  blurb: 'A moon over dark hills, the sky scattered with small stars.',
  draw(c) {
    const dark = c.colors[4];
    const light = c.colors[0];
    const stars: string[] = [];
    for (let i = 0; i < 40; i++) {
      stars.push(
        circle(
          c.random.range(0, c.width),
          c.random.range(0, c.height * 0.6),
          c.random.range(0.8, 2.2),
          light,
        ),
      );
    }
    const moonR = Math.min(c.width, c.height) * 0.09;
    const moonX = c.width * c.random.range(0.2, 0.8);
    const moonY = c.height * c.random.range(0.15, 0.35);
    const hill = `<path d="${bandPath(c, c.height * 0.78, smoothCurve(c.random, c.height * 0.05))}" fill="${c.colors[3]}"/>`;
    return `<defs><linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${c.colors[2]}"/></linearGradient></defs>${rect(0, 0, c.width, c.height, 'url(#night)')}${stars.join('')}${circle(moonX, moonY, moonR, light)}${circle(moonX + moonR * 0.4, moonY - moonR * 0.2, moonR * 0.85, dark, ' opacity="0.9"')}${hill}`;
  },
};

const botanical: Style = {
  id: 'botanical',
  nouns: ['Stems', 'Spring Flowers', 'Herbarium', 'Meadow', 'Bouquet'],
  blurb: 'Curving stems with leaves and round blossoms, drawn as a flat botanical print.',
  draw(c) {
    const [ground, stem, leaf, bloom, centre] = c.colors;
    const shapes: string[] = [background(c, ground)];
    const count = c.random.int(3, 6);
    for (let i = 0; i < count; i++) {
      const x0 = (c.width * (i + 0.5)) / count + c.random.range(-20, 20);
      const top = c.height * c.random.range(0.15, 0.45);
      const bend = c.random.range(-60, 60);
      const x1 = x0 + bend;
      shapes.push(
        `<path d="M${n(x0)},${n(c.height)} Q${n(x0 - bend)},${n((c.height + top) / 2)} ${n(x1)},${n(top)}" fill="none" stroke="${stem}" stroke-width="4"/>`,
      );
      for (let k = 0; k < 3; k++) {
        const t = 0.35 + k * 0.18;
        const lx = x0 + (x1 - x0) * t + (k % 2 === 0 ? 14 : -14);
        const ly = c.height + (top - c.height) * t;
        shapes.push(
          `<ellipse cx="${n(lx)}" cy="${n(ly)}" rx="16" ry="6" fill="${leaf}" transform="rotate(${k % 2 === 0 ? -30 : 30} ${n(lx)} ${n(ly)})"/>`,
        );
      }
      const r = c.random.range(16, 30);
      shapes.push(circle(x1, top, r, bloom), circle(x1, top, r * 0.35, centre));
    }
    return shapes.join('');
  },
};

const arcs: Style = {
  id: 'arcs',
  nouns: ['Sunrise', 'Rainbow', 'Arches', 'Bridge', 'Dome'],
  blurb: 'Concentric arcs rise from the lower edge like a sun coming up in bands.',
  draw(c) {
    const cx = c.width * c.random.pick([0.3, 0.5, 0.7]);
    const cy = c.height;
    const max = Math.min(c.width, c.height) * 0.85;
    const rings = c.random.int(4, 6);
    const shapes: string[] = [background(c, c.colors[0])];
    for (let i = 0; i < rings; i++) {
      shapes.push(circle(cx, cy, max * (1 - i / rings), c.colors[1 + (i % 4)]));
    }
    return shapes.join('');
  },
};

const blocks: Style = {
  id: 'blocks',
  nouns: ['Construction', 'Balance', 'Stack', 'Architecture', 'Scaffold'],
  blurb: 'Tilted rectangles and a single circle balance against each other on an open ground.',
  draw(c) {
    const [ground, ...accents] = c.colors;
    const shapes: string[] = [background(c, ground)];
    for (let i = 0; i < c.random.int(4, 7); i++) {
      const w = c.width * c.random.range(0.1, 0.45);
      const h = c.height * c.random.range(0.04, 0.2);
      const x = c.random.range(0, c.width - w);
      const y = c.random.range(0, c.height - h);
      const angle = c.random.range(-35, 35);
      shapes.push(
        rect(
          x,
          y,
          w,
          h,
          c.random.pick(accents),
          ` transform="rotate(${n(angle)} ${n(x + w / 2)} ${n(y + h / 2)})"`,
        ),
      );
    }
    const r = Math.min(c.width, c.height) * c.random.range(0.08, 0.16);
    shapes.push(circle(c.random.range(r, c.width - r), c.random.range(r, c.height - r), r, accents[3]));
    return shapes.join('');
  },
};

export const styles: readonly Style[] = [
  colourField,
  mondrianGrid,
  landscape,
  circles,
  stripes,
  nestedSquares,
  waves,
  truchet,
  nightSky,
  botanical,
  arcs,
  blocks,
];

export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}
