// The parts of troika-three-text the engine uses (the package ships no types).
declare module 'troika-three-text' {
  import type { Color, Mesh } from 'three';

  export interface TextRenderInfo {
    blockBounds: [number, number, number, number];
    visibleBounds: [number, number, number, number];
    caretPositions: Float32Array | null;
  }

  export class Text extends Mesh {
    text: string;
    font: string | null;
    fontSize: number;
    color: string | number | Color;
    anchorX: number | 'left' | 'center' | 'right';
    anchorY: number | 'top' | 'top-baseline' | 'middle' | 'bottom-baseline' | 'bottom';
    textAlign: 'left' | 'right' | 'center' | 'justify';
    maxWidth: number;
    lineHeight: number | 'normal';
    outlineWidth: number | string;
    outlineColor: string | number | Color;
    outlineOpacity: number;
    outlineOffsetX: number | string;
    outlineOffsetY: number | string;
    outlineBlur: number | string;
    fillOpacity: number;
    depthOffset: number;
    sdfGlyphSize: number;
    gpuAccelerateSDF: boolean;
    unicodeFontsURL: string | null;
    /** Rich text: from each character index on, these styles (null resets to the text's own). */
    styleRanges: Record<number, { size?: number | null; color?: string | number | null } | null> | null;
    readonly textRenderInfo: TextRenderInfo | null;
    sync(callback?: () => void): void;
    dispose(): void;
  }

  export function configureTextBuilder(config: {
    useWorker?: boolean;
    sdfGlyphSize?: number;
    unicodeFontsURL?: string | null;
  }): void;
}
