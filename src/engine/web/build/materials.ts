import {
  CanvasTexture,
  Color,
  DataTexture,
  LinearFilter,
  type Material,
  MeshStandardMaterial,
  RepeatWrapping,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
} from 'three';
import type { CustomSpace, MaterialOverride } from '../../../../contracts/sceneContent';
import { generateSurface, type SurfaceKind } from './surfaceTextures';

/**
 * Surface materials by id. Built-in ids are the defaults of each surface ('wall', 'floor',
 * 'ceiling', 'stairs', 'glass', 'terrain') and a few finishes walls may name ('wood', 'brick',
 * 'concrete', 'marble', 'dark'). `materialOverrides` from the document change any of them — or
 * define new ids — with a colour, a tint, a texture and PBR values. One material per id, shared by
 * every surface that uses it.
 *
 * Geometry UVs are in metres; textures repeat every `tileMetres`.
 */

export const tileMetres = 2;

/** A space's material overrides, with its terrain picture as the 'terrain' material. */
export function materialOverridesOf(space: CustomSpace | null): Record<string, MaterialOverride> {
  const overrides = { ...(space?.materialOverrides ?? {}) };
  if (space?.terrainUri) {
    overrides.terrain = {
      color: '#ffffff',
      textureUri: space.terrainUri,
      roughness: 1,
      metalness: 0,
      tint: '#ffffff',
    };
  }
  return overrides;
}

interface BuiltIn {
  color: string;
  roughness: number;
  metalness?: number;
  pattern?: (ctx: CanvasRenderingContext2D, size: number) => void;
  /** Generated PBR maps (surfaceTextures.ts): colour, normal and roughness. */
  surface?: SurfaceKind;
  transparent?: number;
  /** Share of the colour given off as light. */
  glow?: number;
}

/** Light grain over a flat colour (plaster, concrete). */
function grain(strength: number) {
  return (ctx: CanvasRenderingContext2D, size: number) => {
    const image = ctx.getImageData(0, 0, size, size);
    let seed = 7;
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 16807) % 2147483647;
      const n = ((seed / 2147483647) * 2 - 1) * strength;
      image.data[i] += n;
      image.data[i + 1] += n;
      image.data[i + 2] += n;
    }
    ctx.putImageData(image, 0, 0);
  };
}

function bricks(ctx: CanvasRenderingContext2D, size: number) {
  const rows = 16;
  const h = size / rows;
  const w = h * 2.2;
  ctx.fillStyle = 'rgba(235,225,210,0.9)';
  for (let r = 0; r < rows; r++) {
    ctx.fillRect(0, r * h, size, 2);
    for (let x = (r % 2) * (w / 2); x < size; x += w) ctx.fillRect(x, r * h, 2, h);
  }
  grain(14)(ctx, size);
}

function veins(ctx: CanvasRenderingContext2D, size: number) {
  ctx.strokeStyle = 'rgba(90,90,100,0.25)';
  ctx.lineWidth = 1.5;
  for (let i = 0; i < 9; i++) {
    ctx.beginPath();
    let x = (i * size) / 9;
    let y = 0;
    ctx.moveTo(x, y);
    while (y < size) {
      x += Math.sin(y * 0.05 + i) * 6;
      y += 8;
      ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  grain(6)(ctx, size);
}

export const builtInMaterials: Record<string, BuiltIn> = {
  wall: { color: '#f3f1ec', roughness: 0.92, surface: 'painted' },
  floor: { color: '#cfc8bc', roughness: 0.7, surface: 'terrazzo' },
  // Ceilings glow a little: in a real room they are lit by light bounced off the floor and walls.
  ceiling: { color: '#fbfbf9', roughness: 0.95, glow: 0.35 },
  stairs: { color: '#d9d4ca', roughness: 0.8, surface: 'concrete' },
  glass: { color: '#cfe6f5', roughness: 0.05, metalness: 0.1, transparent: 0.22 },
  terrain: { color: '#8fa37a', roughness: 1, pattern: grain(18) },
  wood: { color: '#b08458', roughness: 0.6, surface: 'wood' },
  brick: { color: '#a65a42', roughness: 0.9, pattern: bricks },
  concrete: { color: '#a9a9a4', roughness: 0.85, surface: 'concrete' },
  marble: { color: '#ecebe7', roughness: 0.25, pattern: veins },
  dark: { color: '#3b3d42', roughness: 0.8, surface: 'plaster' },
  plaster: { color: '#efece6', roughness: 0.95, surface: 'plaster' },
  painted: { color: '#f3f1ec', roughness: 0.9, surface: 'painted' },
  terrazzo: { color: '#e4e0d8', roughness: 0.6, surface: 'terrazzo' },
  carpet: { color: '#6f6a66', roughness: 1, surface: 'carpet' },
};

/** Texels of the generated surface maps (tileable, one tile every `tileMetres`). */
export const surfaceTexels = 256;

const patternSize = 256;

export class MaterialLibrary {
  private readonly materials = new Map<string, MeshStandardMaterial>();
  private readonly textures: Texture[] = [];
  private readonly loader = new TextureLoader();
  private readonly surfaces = new Map<SurfaceKind, Record<'colour' | 'normal' | 'roughness', Texture>>();

  constructor(
    private readonly overrides: Record<string, MaterialOverride>,
    private readonly onTexture: (texture: Texture) => void,
    private readonly invalidate: () => void,
    /** Which generated maps surfaces get (the quality level's `surfaceMaps`). */
    private readonly maps: 'colour' | 'pbr' = 'pbr',
  ) {}

  /** The material for an id; unknown ids without an override look like `fallback`. */
  get(id: string | undefined, fallback: string): MeshStandardMaterial {
    const key = id ?? fallback;
    let material = this.materials.get(key);
    if (!material) {
      material = this.create(key, fallback);
      this.materials.set(key, material);
    }
    return material;
  }

  private create(id: string, fallback: string): MeshStandardMaterial {
    const override = this.overrides[id];
    const base =
      builtInMaterials[override?.base ?? id] ?? builtInMaterials[fallback] ?? builtInMaterials.wall;
    const material = new MeshStandardMaterial({
      color: new Color(override?.color ?? base.color),
      roughness: override?.roughness ?? base.roughness,
      metalness: override?.metalness ?? base.metalness ?? 0,
    });
    material.name = id;
    if (override?.tint) material.color.multiply(new Color(override.tint));
    if (base.glow) material.emissive.copy(material.color).multiplyScalar(base.glow);
    if (base.transparent !== undefined) {
      material.transparent = true;
      material.opacity = base.transparent;
      material.depthWrite = false;
    }
    if (override?.textureUri) {
      const texture = this.loader.load(override.textureUri, () => this.invalidate());
      this.useTexture(material, texture);
    } else if (base.surface && (!override || override.base)) {
      this.useSurface(material, base.surface);
    } else if (base.pattern && (!override || override.base)) {
      // A pattern drawn from the finish, keeping the override's colour and tint.
      this.useTexture(material, this.pattern(base));
    }
    return material;
  }

  private pattern(base: BuiltIn): Texture {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = patternSize;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, patternSize, patternSize);
    base.pattern!(ctx, patternSize);
    return new CanvasTexture(canvas);
  }

  /** Generated maps, made once per kind and shared by every material of that kind. */
  private useSurface(material: MeshStandardMaterial, kind: SurfaceKind) {
    let maps = this.surfaces.get(kind);
    if (!maps) {
      const generated = generateSurface(kind, surfaceTexels);
      const texture = (data: Uint8Array, srgb: boolean) => {
        const t = new DataTexture(data, generated.size, generated.size);
        t.magFilter = LinearFilter;
        if (srgb) t.colorSpace = SRGBColorSpace;
        t.wrapS = t.wrapT = RepeatWrapping;
        t.repeat.set(1 / tileMetres, 1 / tileMetres);
        t.needsUpdate = true;
        this.textures.push(t);
        this.onTexture(t);
        return t;
      };
      maps = {
        colour: texture(generated.colour, true),
        normal: texture(generated.normal, false),
        roughness: texture(generated.roughness, false),
      };
      this.surfaces.set(kind, maps);
    }
    material.map = maps.colour;
    if (this.maps === 'pbr') {
      material.normalMap = maps.normal;
      material.roughnessMap = maps.roughness;
    }
  }

  private useTexture(material: MeshStandardMaterial, texture: Texture) {
    texture.colorSpace = SRGBColorSpace;
    texture.wrapS = texture.wrapT = RepeatWrapping;
    texture.repeat.set(1 / tileMetres, 1 / tileMetres);
    material.map = texture;
    // A patterned built-in keeps its colour in `color`; the pattern only modulates it.
    this.textures.push(texture);
    this.onTexture(texture);
  }

  all(): Material[] {
    return [...this.materials.values()];
  }

  dispose() {
    this.materials.forEach((m) => m.dispose());
    this.textures.forEach((t) => t.dispose());
    this.materials.clear();
  }
}
