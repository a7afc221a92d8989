import type { FrameStats } from './runtime';

/**
 * The profiler overlay (platform.md §2.7: the ` key toggles it): frame rate, frame time, draw
 * calls, triangles, textures, geometries, render scale (the setting times the adaptive scale) and
 * memory, refreshed twice a second.
 */
export class ProfilerOverlay {
  private readonly element: HTMLDivElement;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    container: HTMLElement,
    private readonly read: () => FrameStats,
  ) {
    this.element = document.createElement('div');
    this.element.setAttribute('role', 'status');
    this.element.setAttribute('aria-label', 'Engine profiler');
    this.element.dataset.testid = 'engine-profiler';
    Object.assign(this.element.style, {
      position: 'absolute',
      top: '8px',
      left: '8px',
      padding: '6px 10px',
      background: 'rgba(12,14,18,0.78)',
      color: '#e8f0ff',
      font: '12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace',
      borderRadius: '6px',
      whiteSpace: 'pre',
      pointerEvents: 'none',
      zIndex: '3',
      display: 'none',
    });
    container.appendChild(this.element);
  }

  get visible() {
    return this.timer !== null;
  }

  setVisible(visible: boolean) {
    if (visible === this.visible) return;
    if (visible) {
      this.element.style.display = 'block';
      this.refresh();
      this.timer = setInterval(() => this.refresh(), 500);
    } else {
      this.element.style.display = 'none';
      clearInterval(this.timer!);
      this.timer = null;
    }
  }

  private refresh() {
    const s = this.read();
    this.element.textContent = [
      `fps         ${s.fps}`,
      `frame       ${s.frameMs.toFixed(2)} ms`,
      `draw calls  ${s.drawCalls}`,
      `triangles   ${s.triangles.toLocaleString('en')}`,
      `textures    ${s.textures}`,
      `geometries  ${s.geometries}`,
      `scale       ${Math.round(s.renderScale * 100)} %`,
      `memory      ${s.memoryMb === undefined ? 'n/a' : `${s.memoryMb} MB`}`,
    ].join('\n');
  }

  dispose() {
    this.setVisible(false);
    this.element.remove();
  }
}
