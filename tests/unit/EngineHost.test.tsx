import { act, fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineBuildOf } from '../../contracts/engineBuilds';
import type { HostedEngine } from '../../src/engine/host/enginePort';
import { EngineHost, type EngineHandle, type EngineHostProps } from '../../src/engine/host/EngineHost';
import { startWebEngine } from '../../src/engine/host/webEngine';
import { type EngineCommand, type EngineEvent, EngineSettings } from '../../src/engine/protocol';
import { i18n } from '../../src/i18n';
import { lookupEngineBuild, noEngineBuild } from '../../src/services/engineBuilds';
import { dispatchUnityEvent, fakeUnity, setUnity } from '../support/fakeReactUnityWebgl';
import { json, renderInApp } from '../support/spa';

// The two seams: which build the asset service names, and the built-in engine's chunk.
vi.mock('../../src/services/engineBuilds', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/engineBuilds')>()),
  lookupEngineBuild: vi.fn(),
}));
vi.mock('../../src/engine/host/webEngine', () => ({ startWebEngine: vi.fn() }));
vi.mock('react-unity-webgl', () => import('../support/fakeReactUnityWebgl'));

/** A built-in engine under the test's control: it records commands and emits what the test says. */
function fakeEngine() {
  const sent: EngineCommand[] = [];
  const listeners = new Set<(event: EngineEvent) => void>();
  const state = { loaded: true };
  const engine: HostedEngine = {
    send: (cmd) => void sent.push(cmd),
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unload: vi.fn(async () => {}),
    isLoaded: () => state.loaded,
  };
  const emit = (event: EngineEvent) => act(() => listeners.forEach((listener) => listener(event)));
  const commands = () => sent.map((c) => `${c.channel}.${String(c.method)} ${JSON.stringify(c.payload)}`);
  return { engine, sent, emit, state, commands };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The lookup answers and the built-in engine arrives; the next readiness check (300 ms on) starts it. */
async function engineStarted() {
  await advance(0);
  await advance(300);
}
const startup = (mode: string, settings = {}) =>
  `Startup.start ${JSON.stringify({ mode, settings: EngineSettings.parse(settings) })}`;

async function renderHost(props: Partial<EngineHostProps> = {}) {
  const handle = createRef<EngineHandle>();
  const onEvent = vi.fn();
  const { rendered: view } = await renderInApp(
    <div style={{ width: 800, height: 600 }}>
      <label>
        Search
        <input type="search" />
      </label>
      <label>
        Remember me
        <input type="checkbox" />
      </label>
      <EngineHost mode="viewer" handleRef={handle} onEvent={onEvent} {...props} />
    </div>,
    { fetch: () => json({ code: 'NOT_FOUND' }, 404) },
  );
  return { ...view, handle, onEvent };
}

const overlay = () => screen.queryByRole('progressbar', { name: i18n.t('engine.loading') });

describe('EngineHost', () => {
  let web: ReturnType<typeof fakeEngine>;

  beforeEach(() => {
    vi.useFakeTimers();
    fakeUnity.reset();
    web = fakeEngine();
    vi.mocked(lookupEngineBuild).mockResolvedValue(noEngineBuild);
    vi.mocked(startWebEngine).mockReset();
    vi.mocked(startWebEngine).mockResolvedValue(web.engine);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts the built-in engine in its own box when no engine build is registered', async () => {
    await renderHost();
    await advance(0);
    expect(startWebEngine).toHaveBeenCalledTimes(1);
    const container = vi.mocked(startWebEngine).mock.calls[0][0];
    expect(container).toBeInstanceOf(HTMLDivElement);
    expect(screen.queryByTestId('unity-canvas')).toBeNull();
  });

  it('covers the engine with its loading progress until it is ready', async () => {
    web.state.loaded = false;
    await renderHost();
    expect(overlay()).toHaveAttribute('aria-valuenow', '0');
    await advance(0);
    web.emit({ type: 'loadProgress', percent: 40 });
    expect(overlay()).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeVisible();
    web.state.loaded = true;
    await advance(300);
    web.emit({ type: 'ready', mode: 'viewer' });
    expect(overlay()).toBeNull();
  });

  it('sends Startup.start with its mode and settings once the engine has loaded', async () => {
    web.state.loaded = false;
    await renderHost({ mode: 'editor', settings: { graphicsQuality: 5, language: 'de' } });
    await advance(900);
    expect(web.sent).toEqual([]);
    web.state.loaded = true;
    await advance(300);
    expect(web.commands()).toEqual([startup('editor', { graphicsQuality: 5, language: 'de' })]);
  });

  it('holds the page’s commands until the engine is ready, then delivers them in order', async () => {
    const { handle } = await renderHost();
    handle.current!.send({ channel: 'Scene', method: 'unload', payload: {} });
    await engineStarted();
    handle.current!.send({ channel: 'Viewer', method: 'pauseGuidedTour', payload: {} });
    expect(web.commands()).toEqual([startup('viewer')]);
    web.emit({ type: 'ready', mode: 'viewer' });
    expect(web.commands()).toEqual([
      startup('viewer'),
      'Character.setInputEnabled {"enabled":true}',
      'Core.setKeyboardCapture {"enabled":true}',
      'Scene.unload {}',
      'Viewer.pauseGuidedTour {}',
    ]);
    handle.current!.send({ channel: 'Viewer', method: 'stopGuidedTour', payload: {} });
    expect(web.commands().at(-1)).toBe('Viewer.stopGuidedTour {}');
  });

  it('enables input only when the engine is ready for its own mode', async () => {
    const { onEvent } = await renderHost();
    await engineStarted();
    web.emit({ type: 'ready', mode: 'editor' });
    expect(web.commands()).toEqual([startup('viewer')]);
    expect(overlay()).not.toBeNull();
    web.emit({ type: 'ready', mode: 'viewer' });
    expect(web.commands()).toContain('Character.setInputEnabled {"enabled":true}');
    expect(overlay()).toBeNull();
    // The page hears every event, its own mode's or not.
    expect(onEvent.mock.calls.map(([e]) => e)).toEqual([
      { type: 'ready', mode: 'editor' },
      { type: 'ready', mode: 'viewer' },
    ]);
  });

  it('gives the keyboard to the page while one of its text fields has focus', async () => {
    await renderHost();
    await engineStarted();
    web.emit({ type: 'ready', mode: 'viewer' });
    web.sent.length = 0;
    act(() => screen.getByRole('searchbox', { name: 'Search' }).focus());
    expect(web.commands()).toEqual(['Core.setKeyboardCapture {"enabled":false}']);
    act(() => screen.getByRole('searchbox').blur());
    expect(web.commands()).toEqual([
      'Core.setKeyboardCapture {"enabled":false}',
      'Core.setKeyboardCapture {"enabled":true}',
    ]);
    // A checkbox takes no typing.
    act(() => screen.getByRole('checkbox', { name: 'Remember me' }).focus());
    expect(web.sent).toHaveLength(2);
  });

  it('keeps the keyboard with a text field focused while the engine was still loading', async () => {
    await renderHost();
    act(() => screen.getByRole('searchbox').focus());
    await engineStarted();
    web.emit({ type: 'ready', mode: 'viewer' });
    expect(web.commands()).toContain('Core.setKeyboardCapture {"enabled":false}');
  });

  it('unloads the engine when the page goes', async () => {
    const { unmount } = await renderHost();
    await engineStarted();
    web.emit({ type: 'ready', mode: 'viewer' });
    unmount();
    await advance(0);
    expect(web.engine.unload).toHaveBeenCalledTimes(1);
  });

  it('only warns when the engine fails to unload', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(web.engine.unload).mockRejectedValue(new Error('still busy'));
    const { unmount } = await renderHost();
    await advance(0);
    unmount();
    await advance(0);
    expect(warn).toHaveBeenCalledWith('The 3D engine did not unload cleanly: Error: still busy');
  });

  it('says so when the engine does not load within 5 s, and Retry starts waiting again', async () => {
    let arrive: (engine: HostedEngine) => void = () => {};
    vi.mocked(startWebEngine).mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    await renderHost();
    await advance(4999);
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(1);
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('engine.unavailable'));
    expect(screen.getByRole('alert')).toHaveTextContent('The 3D engine did not load in time');
    expect(overlay()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: i18n.t('common.actions.retry') }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(overlay()).not.toBeNull();
    await act(async () => arrive(web.engine));
    await advance(300);
    expect(web.commands()).toEqual([startup('viewer')]);
    web.emit({ type: 'ready', mode: 'viewer' });
    expect(overlay()).toBeNull();
  });

  it("shows the engine's own error, and Retry starts it again", async () => {
    await renderHost();
    await engineStarted();
    web.emit({ type: 'error', code: 'WEBGL', message: 'WebGL context lost' });
    expect(screen.getByRole('alert')).toHaveTextContent('WebGL context lost');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('common.actions.retry') }));
    await advance(0);
    expect(web.commands()).toEqual([startup('viewer'), startup('viewer')]);
  });

  describe('with a Unity engine build registered', () => {
    beforeEach(() => {
      vi.mocked(lookupEngineBuild).mockResolvedValue(engineBuildOf('current', '2025.1'));
    });

    it("runs the mode's Unity player instead of the built-in engine", async () => {
      await renderHost({ mode: 'inspector' });
      await advance(0);
      expect(screen.getByTestId('unity-canvas')).toBeInTheDocument();
      expect(fakeUnity.config).toMatchObject({
        loaderUrl: '/files/2025.1/Inspector/Build/Inspector.loader.js',
        codeUrl: '/files/2025.1/Inspector/Build/Inspector.wasm.br',
      });
      expect(startWebEngine).not.toHaveBeenCalled();

      act(() => setUnity({ loadingProgression: 0.5 }));
      expect(overlay()).toHaveAttribute('aria-valuenow', '50');
      act(() => setUnity({ isLoaded: true, loadingProgression: 1, instance: {} }));
      await advance(300);
      const settings = EngineSettings.parse({});
      expect(fakeUnity.sendMessage).toHaveBeenCalledWith(
        'Startup',
        'start',
        JSON.stringify({ mode: 'inspector', settings }),
      );
      act(() => void dispatchUnityEvent('ready', '{"mode":"inspector"}'));
      expect(fakeUnity.sendMessage).toHaveBeenCalledWith('Character', 'setInputEnabled', '{"enabled":true}');
      expect(overlay()).toBeNull();
    });

    it('mounts the player afresh when Retry follows a build that never loaded', async () => {
      await renderHost();
      await advance(5000);
      expect(screen.getByRole('alert')).toBeVisible();
      expect(fakeUnity.mounts).toBe(1);
      fireEvent.click(screen.getByRole('button', { name: i18n.t('common.actions.retry') }));
      await advance(0);
      expect(fakeUnity.mounts).toBe(2);
    });
  });
});
