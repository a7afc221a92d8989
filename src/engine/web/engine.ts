import {
  EngineSettings,
  type EngineAdapter,
  type EngineCommand,
  type EngineEvent,
  type EngineMode,
} from '../protocol';
import { Vector3 } from 'three';
import { blankContent } from './editor/document';
import { EditorMode } from './editor/editorMode';
import { InspectorMode } from './inspector/inspector';
import { ProfilerOverlay } from './runtime/profiler';
import { Runtime } from './runtime/runtime';
import { isEditable } from './viewer/controls';
import { ViewerMode } from './viewer/viewer';

/**
 * The built-in engine behind the engine protocol: commands in, events out, exactly as a Unity
 * build is driven. Commands sent before `Startup.start` wait for it.
 */
export class WebEngine implements EngineAdapter {
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  private readonly root: HTMLDivElement;
  private runtime: Runtime | null = null;
  private mode: EngineMode | null = null;
  private viewer: ViewerMode | null = null;
  private editor: EditorMode | null = null;
  private inspector: InspectorMode | null = null;
  private profiler: ProfilerOverlay | null = null;
  private queue: EngineCommand[] = [];
  private inputEnabled = false;
  private keyboardCapture = true;

  constructor(container: HTMLElement) {
    this.root = document.createElement('div');
    this.root.dataset.engine = 'web';
    Object.assign(this.root.style, {
      position: 'relative',
      width: '100%',
      height: '100%',
      overflow: 'hidden',
    });
    container.appendChild(this.root);
    window.addEventListener('keydown', this.keyDown);
  }

  on(listener: (event: EngineEvent) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit = (event: EngineEvent) => {
    for (const listener of [...this.listeners]) listener(event);
  };

  send(cmd: EngineCommand) {
    if (!this.runtime && !(cmd.channel === 'Startup' && cmd.method === 'start')) {
      this.queue.push(cmd);
      return;
    }
    try {
      this.handle(cmd);
    } catch (error) {
      console.error(error);
      this.emit({
        type: 'error',
        code: 'command-failed',
        message: `${cmd.channel}.${String(cmd.method)}: ${(error as Error).message}`,
      });
    }
  }

  private handle(cmd: EngineCommand) {
    switch (cmd.channel) {
      case 'Startup':
        return this.start(cmd.payload.mode, cmd.payload.settings);
      case 'Settings':
        return this.settings(cmd);
      case 'Character':
        this.inputEnabled = cmd.payload.enabled;
        this.viewer?.setInputEnabled(cmd.payload.enabled);
        this.editor?.setInputEnabled(cmd.payload.enabled);
        this.inspector?.setInputEnabled(cmd.payload.enabled);
        return;
      case 'Core':
        return this.core(cmd);
      case 'Scene':
        if (this.editor) return this.editorScene(cmd);
        if (cmd.method === 'load') {
          if (!this.viewer) return this.warn(cmd);
          void this.viewer.load(cmd.payload.content).catch((error: Error) => {
            console.error(error);
            this.emit({
              type: 'error',
              code: 'load-failed',
              message: `The space could not be built: ${error.message}`,
            });
          });
        } else this.viewer?.unload();
        return;
      case 'Viewer':
        return this.viewerCommand(cmd);
      case 'Inspector':
        if (!this.inspector) return this.warn(cmd);
        if (cmd.method === 'showAsset') void this.inspector.show(cmd.payload.asset);
        else this.inspector.setShowDimensions(cmd.payload.visible);
        return;
      case 'YouTube':
        this.viewer?.playYouTube(cmd.payload.objectId, cmd.method === 'play');
        return;
      default:
        if (!this.editor) return this.warn(cmd);
        return this.editor.handle(cmd);
    }
  }

  /** The editor opens a document for editing; unloading leaves it an empty one. */
  private editorScene(cmd: Extract<EngineCommand, { channel: 'Scene' }>) {
    const editor = this.editor!;
    editor.open(cmd.method === 'load' ? cmd.payload.content : blankContent());
    if (cmd.method !== 'load') return;
    this.emit({ type: 'loadProgress', percent: 100 });
    void this.runtime!.nextFrame().then(() => {
      this.emit({ type: 'loaded' });
      this.emit({ type: 'objectsLoaded' });
    });
  }

  private warn(cmd: EngineCommand) {
    console.warn(
      `The built-in engine ignores ${cmd.channel}.${String(cmd.method)} in ${this.mode ?? 'no'} mode`,
    );
  }

  private start(mode: EngineMode, settings: EngineSettings) {
    if (this.runtime) {
      this.emit({ type: 'ready', mode });
      return;
    }
    try {
      this.runtime = new Runtime(this.root, settings);
    } catch (error) {
      this.emit({
        type: 'error',
        code: 'webgl-unavailable',
        message: `This browser could not start 3D graphics (WebGL): ${(error as Error).message}`,
      });
      return;
    }
    this.mode = mode;
    const runtime = this.runtime;
    this.profiler = new ProfilerOverlay(this.root, () => runtime.stats());
    if (mode === 'inspector') this.inspector = new InspectorMode(runtime, this.emit);
    else if (mode === 'editor') this.editor = new EditorMode(runtime, this.emit);
    else this.viewer = new ViewerMode(runtime, this.emit);
    this.emitSettings();
    this.emit({ type: 'ready', mode });
    const queued = this.queue;
    this.queue = [];
    queued.forEach((cmd) => this.send(cmd));
  }

  private settings(cmd: Extract<EngineCommand, { channel: 'Settings' }>) {
    const current = this.runtime!.settings;
    const next = EngineSettings.parse({
      ...current,
      ...(cmd.method === 'setGraphicsQuality' && { graphicsQuality: cmd.payload.level }),
      ...(cmd.method === 'setRenderQuality' && { renderScale: cmd.payload.scale }),
      ...(cmd.method === 'setTargetFrameRate' && { targetFrameRate: cmd.payload.fps }),
      ...(cmd.method === 'setFiltering' && { filtering: cmd.payload.level }),
      ...(cmd.method === 'setAdaptiveResolution' && { adaptiveResolution: cmd.payload.enabled }),
      ...(cmd.method === 'setVisitorsShown' && { showVisitors: cmd.payload.shown }),
    });
    this.runtime!.setSettings(next);
    this.viewer?.setAvatarsShown(next.showVisitors);
    this.emitSettings();
  }

  private emitSettings() {
    const runtime = this.runtime!;
    const s = runtime.settings;
    this.emit({
      type: 'settingsApplied',
      graphicsQuality: s.graphicsQuality,
      renderScale: s.renderScale,
      targetFrameRate: s.targetFrameRate,
      filtering: s.filtering,
      pixelRatio: runtime.applied.pixelRatio,
      shadows: runtime.applied.profile.shadows,
    });
  }

  private core(cmd: Extract<EngineCommand, { channel: 'Core' }>) {
    const runtime = this.runtime!;
    switch (cmd.method) {
      case 'setKeyboardCapture':
        this.keyboardCapture = cmd.payload.enabled;
        this.viewer?.setKeyboardEnabled(cmd.payload.enabled);
        this.editor?.setKeyboardEnabled(cmd.payload.enabled);
        return;
      case 'setProfilerVisible':
        return this.setProfiler(cmd.payload.visible);
      case 'requestStats':
        this.emit({ type: 'profilerStats', ...runtime.stats() });
        return;
      case 'requestCameraState': {
        if (this.viewer) this.emit(this.viewer.cameraState());
        if (this.editor) {
          const pose = this.editor.pose();
          this.emit({
            type: 'cameraState',
            position: pose.position,
            yaw: pose.yaw,
            pitch: pose.pitch,
            levelId: this.editor.activeLevelId,
          });
        }
        return;
      }
      case 'requestScreenPosition': {
        const { objectId } = cmd.payload;
        if (this.viewer) return this.emit(this.viewer.screenPosition(objectId));
        const center = this.editor?.viewport?.centerOf(objectId);
        const p = center ? runtime.project(center) : { x: 0, y: 0, visible: false };
        this.emit({
          type: 'screenPosition',
          objectId,
          x: Math.round(p.x),
          y: Math.round(p.y),
          visible: p.visible,
        });
        return;
      }
      case 'projectPoint': {
        const p = runtime.project(new Vector3(...cmd.payload.position));
        this.emit({
          type: 'projectedPoint',
          x: Math.round(p.x * 10) / 10,
          y: Math.round(p.y * 10) / 10,
          visible: p.visible,
        });
        return;
      }
    }
  }

  private viewerCommand(cmd: Extract<EngineCommand, { channel: 'Viewer' }>) {
    const viewer = this.viewer;
    if (!viewer) return this.warn(cmd);
    switch (cmd.method) {
      case 'playGuidedTour':
        return viewer.playTour(cmd.payload.tourId);
      case 'pauseGuidedTour':
        return viewer.pauseTour();
      case 'stopGuidedTour':
        return viewer.stopTour();
      case 'nextGuidedTourPoint':
        return viewer.nextTourPoint();
      case 'previousGuidedTourPoint':
        return viewer.previousTourPoint();
      case 'teleport':
        return viewer.teleport(cmd.payload.position, cmd.payload.rotation, 0);
      case 'enterVr':
        return viewer.enterVr();
      case 'exitVr':
        return viewer.exitVr();
      case 'showAvatars':
        return viewer.showAvatars(cmd.payload.poses, cmd.payload.names, cmd.payload.left);
      case 'clearAvatars':
        return viewer.clearAvatars();
    }
  }

  private setProfiler(visible: boolean) {
    if (!this.profiler || this.profiler.visible === visible) return;
    this.profiler.setVisible(visible);
    this.runtime?.keepAnimating(this.profiler, visible);
    this.emit({ type: 'profilerVisible', visible });
  }

  private keyDown = (e: KeyboardEvent) => {
    if (e.code !== 'Backquote' || !this.inputEnabled || !this.keyboardCapture || isEditable(e.target)) return;
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    this.setProfiler(!this.profiler?.visible);
  };

  async unload() {
    window.removeEventListener('keydown', this.keyDown);
    this.viewer?.dispose();
    this.editor?.dispose();
    this.inspector?.dispose();
    this.profiler?.dispose();
    this.runtime?.dispose();
    this.viewer = null;
    this.editor = null;
    this.inspector = null;
    this.runtime = null;
    this.root.remove();
    this.listeners.clear();
  }
}
