import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { styles, svgDocument } from './artworks';
import { palettes } from './palettes';
import { createRandom } from './prng';

/**
 * The 100 demo pictures: painted as SVG (artworks.ts), rendered to JPEG by sharp, with a title
 * and a short description for the gallery's labels.
 */

export const pictureCount = 100;
export const longestSide = 512;
const maxBytes = 20 * 1024;
const startQuality = 70;

/** Width : height. A mix of landscape, portrait and square, as a real collection would have. */
const aspects: readonly [number, number][] = [
  [4, 3],
  [3, 2],
  [16, 9],
  [5, 4],
  [1, 1],
  [3, 4],
  [2, 3],
  [4, 5],
];

const artists = [
  'Mira Castell',
  'Jonas Ekdahl',
  'Aiko Tanabe',
  'Lucía Ferreira',
  'Tomasz Wilk',
  'Nadia Okafor',
  'Élise Marchand',
  'Henrik Solberg',
  'Priya Raman',
  'Owen Gallagher',
  'Sofia Lindqvist',
  'Mateo Rossi',
];

export interface PictureAsset {
  index: number;
  /** Path under public/. */
  file: string;
  /** The url the gallery document uses. */
  uri: string;
  /** Pixel size of the JPEG. */
  width: number;
  height: number;
  title: string;
  description: string;
  /** Indexes into artworks.ts `styles` and palettes.ts `palettes`. */
  style: number;
  palette: number;
}

const pad = (i: number) => String(i).padStart(3, '0');
const romans = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII'];

/** The pictures' sizes, titles and descriptions, without painting them (cheap; used by the gallery). */
export function pictureCatalogue(): PictureAsset[] {
  const random = createRandom(2024);
  const usedTitles = new Map<string, number>();
  return Array.from({ length: pictureCount }, (_, index) => {
    const style = styles[index % styles.length];
    const paletteIndex = random.int(0, palettes.length - 1);
    const palette = palettes[paletteIndex];
    const [aw, ah] = random.pick(aspects);
    const scale = longestSide / Math.max(aw, ah);
    const noun = random.pick(style.nouns);
    const base = random.pick([`${noun} in ${palette.name}`, `${palette.name} ${noun}`, noun]);
    const seen = usedTitles.get(base) ?? 0;
    usedTitles.set(base, seen + 1);
    const artist = random.pick(artists);
    const year = random.int(2016, 2025);
    return {
      index,
      file: `demo/pictures/picture-${pad(index)}.jpg`,
      uri: `/demo/pictures/picture-${pad(index)}.jpg`,
      width: Math.round(aw * scale),
      height: Math.round(ah * scale),
      title: `${base}${romans[seen] ?? ` No. ${seen + 1}`}`,
      description: `${artist}, ${year}. ${style.blurb}`,
      style: index % styles.length,
      palette: paletteIndex,
    };
  });
}

/** The SVG of one picture: its own seeded random source, so one picture never shifts another. */
export function paintPicture(picture: PictureAsset): string {
  const random = createRandom(1000 + picture.index);
  const { colors } = palettes[picture.palette];
  const body = styles[picture.style].draw({ width: picture.width, height: picture.height, colors, random });
  return svgDocument(picture.width, picture.height, body);
}

async function renderJpeg(svg: string): Promise<Buffer> {
  // Lower the quality step by step for the rare busy picture, so every file stays small.
  for (let quality = startQuality; ; quality -= 8) {
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= maxBytes || quality <= 30) return jpeg;
  }
}

export async function writePictures(publicDir: string): Promise<PictureAsset[]> {
  const catalogue = pictureCatalogue();
  await mkdir(path.join(publicDir, 'demo/pictures'), { recursive: true });
  await Promise.all(
    catalogue.map(async (picture) => {
      const jpeg = await renderJpeg(paintPicture(picture));
      if (jpeg.length > maxBytes) throw new Error(`${picture.file} is ${jpeg.length} bytes`);
      await writeFile(path.join(publicDir, picture.file), jpeg);
    }),
  );
  return catalogue;
}
