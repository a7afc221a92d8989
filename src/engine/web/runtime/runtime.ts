import {
  ACESFilmicToneMapping,
  Color,
  DirectionalLight,
  HemisphereLight,
  LinearFilter,
  LinearMipmapLinearFilter,
  NeutralToneMapping,
  NoToneMapping,
  PCFSoftShadowMap,
  PerspectiveCamera,
  PMREMGenerator,
  Scene,
  SRGBColorSpace,
  type Texture,
  type ToneMapping,
  Vector3,
  VideoTexture,
  WebGLRenderer,
  type WebGLRenderTarget,
} from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import type { EngineSettings } from '../../protocol';
import { type AppliedSettings, applySettings, type ToneMappingChoice } from './quality';
import { setModelRenderer } from '../build/models';
import { AdaptiveScale, frameBudgetMs, frameCost } from './adaptiveScale';

export interface FrameStats {
  fps: number;
  frameMs: number;
  drawCalls: number;
  triangles: number;
  textures: number;
  geometries: number;
  memoryMb?: number;
  /** The render scale in use: the setting times the adaptive scale. */
  renderScale: number;
}

const softwareRenderers = /SwiftShader|llvmpipe|softpipe|Software|Basic Render/i;

export function isSoftwareRenderer(renderer: WebGLRenderer): boolean {
  const gl = renderer.getContext();
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = info
    ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL))
    : String(gl.getParameter(gl.RENDERER));
  return softwareRenderers.test(name);
}

/**
 * Longest time step a frame advances the world by: on a device drawing 4 frames a second visitors
 * still walk at their speed; after a longer pause (a background tab) the world does not jump.
 */
const maxFrameSeconds = 0.25;

/** Vertical field of view on a landscape screen, in degrees. */
const landscapeFov = 70;
/** Narrowest horizontal field of view, in degrees, kept on screens held upright. */
const minHorizontalFov = 60;

/** The vertical field of view for a screen of this aspect (width ÷ height). */
export function viewFov(aspect: number): number {
  const keepWidth = (2 * Math.atan(Math.tan((minHorizontalFov * Math.PI) / 360) / aspect) * 180) / Math.PI;
  return Math.min(100, Math.max(landscapeFov, keepWidth));
}

/** Size of the prefiltered environment's faces, in pixels. */
const environmentSize = 128;

const toneMappings: Record<ToneMappingChoice, ToneMapping> = {
  none: NoToneMapping,
  aces: ACESFilmicToneMapping,
  neutral: NeutralToneMapping,
};

/** Called every display frame with the seconds since the last one; returns true if it moved something. */
export type FrameHook = (dt: number) => boolean;

/**
 * The renderer, camera, lights and frame loop shared by every mode. Frames are drawn on demand:
 * only when something changed (`invalidate`) or while something moves (`keepAnimating`), so a
 * still scene costs no GPU time on a phone. Quality settings are applied here in one place.
 */
export class Runtime {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera: PerspectiveCamera;
  readonly sun: DirectionalLight;
  /** Sky and bounced light; a space's lighting mood dims it (build/lighting.ts). */
  readonly ambient: HemisphereLight;
  settings: EngineSettings;
  applied: AppliedSettings;
  private readonly textures = new Set<Texture>();
  private readonly hooks = new Set<FrameHook>();
  private animating = new Set<object>();
  private dirty = true;
  private last = 0;
  private lastRender = 0;
  private frameTimes: number[] = [];
  /** Lowers the resolution before frames miss the target frame rate, raises it back with room. */
  readonly adaptive: AdaptiveScale;
  private lastCallback = 0;
  private displayMs = 1000 / 60;
  private continuous = false;
  private drewLast = false;
  private lastInfo = { drawCalls: 0, triangles: 0 };
  private environment: WebGLRenderTarget | null = null;
  private resizeObserver: ResizeObserver;
  private firstFrameWaiters: (() => void)[] = [];
  /**
   * While a space loads no frames are drawn (the page shows its loading overlay): decoding and
   * building get the main thread, and a half-built space never flashes by.
   */
  loading = false;
  readonly afterRender = new Set<() => void>();
  /**
   * Graphics drawn by the processor (no GPU, or a blocked driver): the prefiltered environment,
   * which costs seconds there, is left out at every quality level.
   */
  readonly softwareRendering: boolean;

  constructor(
    readonly container: HTMLElement,
    settings: EngineSettings,
  ) {
    this.settings = settings;
    this.applied = applySettings(settings, window.devicePixelRatio || 1);
    this.adaptive = new AdaptiveScale(frameBudgetMs(settings.targetFrameRate));
    this.renderer = new WebGLRenderer({
      antialias: this.applied.profile.antialias,
      powerPreference: 'high-performance',
      preserveDrawingBuffer: false,
    });
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.toneMapping = ACESFilmicToneMapping;
    this.renderer.toneMappingExposure = 1.05;
    this.renderer.shadowMap.type = PCFSoftShadowMap;
    setModelRenderer(this.renderer);
    const canvas = this.renderer.domElement;
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    canvas.style.touchAction = 'none';
    canvas.style.outline = 'none';
    canvas.tabIndex = 0;
    container.appendChild(canvas);

    this.softwareRendering = isSoftwareRenderer(this.renderer);
    this.camera = new PerspectiveCamera(landscapeFov, 1, 0.05, 500);
    this.camera.rotation.order = 'YXZ';
    this.scene.background = new Color('#dfe7ee');
    // The ground colour lights surfaces facing down (ceilings): a warm light grey, as bounced light.
    this.ambient = new HemisphereLight('#ffffff', '#d6cfc4', 1.6);
    this.scene.add(this.ambient);
    this.sun = new DirectionalLight('#fff6e8', 1.8);
    this.sun.position.set(18, 30, 12);
    this.sun.shadow.bias = -0.0005;
    this.sun.shadow.normalBias = 0.02;
    this.scene.add(this.sun, this.sun.target);

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
    this.applyToRenderer();
    this.renderer.setAnimationLoop((time) => this.frame(time));
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  /** Asks for a frame to be drawn. */
  invalidate() {
    this.dirty = true;
  }

  /** While `key` animates, frames are drawn continuously. */
  keepAnimating(key: object, on: boolean) {
    if (on) this.animating.add(key);
    else this.animating.delete(key);
  }

  onFrame(hook: FrameHook): () => void {
    this.hooks.add(hook);
    return () => this.hooks.delete(hook);
  }

  /** Whether surfaces reflect a prefiltered environment (not with software graphics). */
  get hasEnvironment(): boolean {
    return this.scene.environment !== null;
  }

  /** Textures whose filtering follows the settings. */
  registerTexture(texture: Texture) {
    this.textures.add(texture);
    this.filterTexture(texture);
  }

  unregisterTexture(texture: Texture) {
    this.textures.delete(texture);
  }

  /** Resolves after the next frame has been drawn. */
  nextFrame(): Promise<void> {
    this.invalidate();
    return new Promise((resolve) => this.firstFrameWaiters.push(resolve));
  }

  setSettings(settings: EngineSettings): AppliedSettings {
    if (
      settings.targetFrameRate !== this.settings.targetFrameRate ||
      settings.adaptiveResolution !== this.settings.adaptiveResolution
    ) {
      this.adaptive.reset(frameBudgetMs(settings.targetFrameRate));
    }
    this.settings = settings;
    this.applied = applySettings(settings, window.devicePixelRatio || 1);
    this.applyToRenderer();
    return this.applied;
  }

  private applyToRenderer() {
    const { profile } = this.applied;
    this.renderer.setPixelRatio(this.pixelRatio);
    this.resize();
    // Materials' programs follow the renderer's tone mapping by themselves.
    this.renderer.toneMapping = toneMappings[profile.toneMapping];
    const shadowsBefore = this.renderer.shadowMap.enabled;
    this.renderer.shadowMap.enabled = profile.shadows;
    this.sun.castShadow = profile.shadows;
    this.sun.shadow.mapSize.set(profile.shadowMapSize, profile.shadowMapSize);
    this.sun.shadow.map?.dispose();
    this.sun.shadow.map = null;
    const environment = profile.environment && !this.softwareRendering;
    if (environment && !this.environment) {
      const pmrem = new PMREMGenerator(this.renderer);
      // Half the default size: rough gallery surfaces need no sharp reflections, and phones
      // prefilter it four times faster.
      this.environment = pmrem.fromScene(new RoomEnvironment(), 0.04, 0.1, 100, { size: environmentSize });
      pmrem.dispose();
    }
    this.scene.environment = environment ? this.environment!.texture : null;
    this.scene.environmentIntensity = 0.45;
    for (const texture of this.textures) this.filterTexture(texture);
    if (this.renderer.shadowMap.enabled !== shadowsBefore) {
      // Materials compiled without shadows need recompiling when shadows turn on (and off).
      this.scene.traverse((o) => {
        const m = (o as { material?: { needsUpdate: boolean } | { needsUpdate: boolean }[] }).material;
        if (Array.isArray(m)) m.forEach((x) => (x.needsUpdate = true));
        else if (m) m.needsUpdate = true;
      });
    }
    this.invalidate();
  }

  /** Device pixels per CSS pixel drawn: the settings' ratio times the adaptive scale. */
  get pixelRatio(): number {
    return Math.max(0.25, Math.round(this.applied.pixelRatio * this.adaptive.scale * 1000) / 1000);
  }

  /** Feeds a drawn frame's cost to the adaptive scale, and resizes the drawing buffer when it changes. */
  private adapt(time: number, workMs: number) {
    if (!this.settings.adaptiveResolution) return;
    const interval = this.continuous && this.lastRender ? time - this.lastRender : null;
    const cost = frameCost(workMs, interval, frameBudgetMs(this.settings.targetFrameRate), this.displayMs);
    if (this.adaptive.push(cost)) {
      this.renderer.setPixelRatio(this.pixelRatio);
      this.invalidate();
    }
  }

  private filterTexture(texture: Texture) {
    if (texture instanceof VideoTexture) return;
    const { filtering } = this.applied;
    const before = [texture.generateMipmaps, texture.minFilter, texture.anisotropy].join();
    texture.generateMipmaps = filtering.mipmaps;
    texture.minFilter = filtering.mipmaps ? LinearMipmapLinearFilter : LinearFilter;
    const maxAnisotropy = this.renderer.capabilities.getMaxAnisotropy();
    texture.anisotropy = Math.max(1, Math.round(maxAnisotropy * filtering.anisotropy));
    if (before !== [texture.generateMipmaps, texture.minFilter, texture.anisotropy].join() && texture.image) {
      texture.needsUpdate = true;
    }
  }

  resize() {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height, false);
    // The view keeps the shapes of things whatever the screen's shape; a screen held upright sees
    // taller, not narrower, so a phone still shows a wall's width.
    this.camera.aspect = width / height;
    this.camera.fov = viewFov(this.camera.aspect);
    this.camera.updateProjectionMatrix();
    this.invalidate();
  }

  private frame(time: number) {
    const callbackStart = performance.now();
    if (this.lastCallback) {
      // The display's frame interval: the shortest one seen, followed while nothing is drawn (the
      // loop then runs at the display's pace; a frame slowed by drawing does not count).
      const interval = Math.max(4, time - this.lastCallback);
      if (interval < this.displayMs || !this.drewLast) this.displayMs += (interval - this.displayMs) * 0.2;
    }
    this.drewLast = false;
    this.lastCallback = time;
    const dt = this.last ? Math.min(maxFrameSeconds, (time - this.last) / 1000) : 0;
    this.last = time;
    for (const hook of this.hooks) if (hook(dt)) this.dirty = true;
    if (!this.dirty && this.animating.size === 0) {
      this.continuous = false;
      return;
    }
    if (this.loading) return;
    const { minFrameMs } = this.applied;
    // A headset draws every frame it asks for: skipping one would judder.
    if (minFrameMs > 0 && !this.renderer.xr.isPresenting && time - this.lastRender < minFrameMs - 1) return;
    const start = performance.now();
    this.renderer.render(this.scene, this.camera);
    this.lastInfo = {
      drawCalls: this.renderer.info.render.calls,
      triangles: this.renderer.info.render.triangles,
    };
    for (const hook of this.afterRender) hook();
    this.frameTimes.push(performance.now() - start);
    if (this.frameTimes.length > 60) this.frameTimes.shift();
    this.recordFrame(time);
    this.adapt(time, performance.now() - callbackStart);
    this.continuous = this.animating.size > 0;
    this.drewLast = true;
    this.lastRender = time;
    this.dirty = false;
    const waiters = this.firstFrameWaiters;
    this.firstFrameWaiters = [];
    waiters.forEach((w) => w());
  }

  private frameStamps: number[] = [];
  private recordFrame(time: number) {
    this.frameStamps.push(time);
    while (this.frameStamps.length && time - this.frameStamps[0] > 1000) this.frameStamps.shift();
  }

  stats(): FrameStats {
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    const frameMs = this.frameTimes.length
      ? this.frameTimes.reduce((a, b) => a + b, 0) / this.frameTimes.length
      : 0;
    const now = performance.now();
    return {
      fps: this.frameStamps.filter((t) => now - t <= 1000).length,
      frameMs: Math.round(frameMs * 100) / 100,
      drawCalls: this.lastInfo.drawCalls,
      triangles: this.lastInfo.triangles,
      textures: this.renderer.info.memory.textures,
      geometries: this.renderer.info.memory.geometries,
      memoryMb: memory ? Math.round((memory.usedJSHeapSize / 1048576) * 10) / 10 : undefined,
      renderScale: Math.round(this.settings.renderScale * this.adaptive.scale * 100) / 100,
    };
  }

  /** Where a world point appears on the page, in CSS pixels of the viewport. */
  project(point: Vector3): { x: number; y: number; visible: boolean } {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = point.clone().project(this.camera);
    const inFront = ndc.z > -1 && ndc.z < 1;
    const x = rect.left + ((ndc.x + 1) / 2) * rect.width;
    const y = rect.top + ((1 - ndc.y) / 2) * rect.height;
    const inside = ndc.x >= -1 && ndc.x <= 1 && ndc.y >= -1 && ndc.y <= 1;
    return { x, y, visible: inFront && inside };
  }

  dispose() {
    this.renderer.setAnimationLoop(null);
    this.resizeObserver.disconnect();
    this.environment?.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.canvas.remove();
    this.hooks.clear();
  }
}
