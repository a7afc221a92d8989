import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enginePlayerUrls } from '../../contracts/engineBuilds';
import { type EngineEvent, engineEventNames, EngineSettings } from '../../src/engine/protocol';
import type { UnityEngineAdapter } from '../../src/engine/unity/unityBridge';
import { UnityEngine } from '../../src/engine/unity/UnityEngine';
import { dispatchUnityEvent, fakeUnity, setUnity } from '../support/fakeReactUnityWebgl';

vi.mock('react-unity-webgl', () => import('../support/fakeReactUnityWebgl'));

const urls = enginePlayerUrls('2025.1', 'Viewer');

/** The Unity player mounted, with the adapter it hands over and the events that come out of it. */
function mountPlayer() {
  let adapter: UnityEngineAdapter | undefined;
  const view = render(<UnityEngine urls={urls} onAdapter={(a) => (adapter = a)} />);
  if (!adapter) throw new Error('no adapter');
  const events: EngineEvent[] = [];
  adapter.on((event) => events.push(event));
  return { adapter, events, view };
}

const loaded = () => act(() => setUnity({ isLoaded: true, loadingProgression: 1, instance: {} }));

describe('Unity engine adapter', () => {
  beforeEach(() => fakeUnity.reset());
  afterEach(() => vi.restoreAllMocks());

  it('loads the build from its URLs with a high-performance context, filling its box', () => {
    mountPlayer();
    expect(fakeUnity.config).toEqual({
      loaderUrl: '/files/2025.1/Viewer/Build/Viewer.loader.js',
      dataUrl: '/files/2025.1/Viewer/Build/Viewer.data.br',
      frameworkUrl: '/files/2025.1/Viewer/Build/Viewer.framework.js.br',
      codeUrl: '/files/2025.1/Viewer/Build/Viewer.wasm.br',
      streamingAssetsUrl: '/files/2025.1/Viewer/StreamingAssets',
      webglContextAttributes: { powerPreference: 'high-performance' },
    });
    expect(screen.getByTestId('unity-canvas')).toHaveStyle({ width: '100%', height: '100%' });
  });

  it('holds commands until the build has loaded, then sends them encoded, in order', async () => {
    const { adapter } = mountPlayer();
    const settings = EngineSettings.parse({});
    adapter.send({ channel: 'Startup', method: 'start', payload: { mode: 'viewer', settings } });
    adapter.send({ channel: 'Character', method: 'setInputEnabled', payload: { enabled: true } });
    expect(adapter.isLoaded()).toBe(false);

    // isLoaded comes a render before the instance: sendMessage could not reach it yet.
    act(() => setUnity({ isLoaded: true, loadingProgression: 1 }));
    expect(fakeUnity.sendMessage).not.toHaveBeenCalled();
    expect(adapter.isLoaded()).toBe(false);

    act(() => setUnity({ instance: {} }));
    expect(adapter.isLoaded()).toBe(true);
    expect(fakeUnity.sendMessage.mock.calls).toEqual([
      ['Startup', 'start', JSON.stringify({ mode: 'viewer', settings })],
      ['Character', 'setInputEnabled', '{"enabled":true}'],
    ]);

    adapter.send({ channel: 'Editor.Content', method: 'undo', payload: {} });
    expect(fakeUnity.sendMessage).toHaveBeenLastCalledWith('Editor.Content', 'undo', '{}');
  });

  it('listens to every engine event and decodes what the build dispatches', () => {
    const { events } = mountPlayer();
    expect([...fakeUnity.listeners.keys()].sort()).toEqual([...engineEventNames].sort());
    dispatchUnityEvent('ready', '{"mode":"viewer"}');
    dispatchUnityEvent('contentChanged');
    dispatchUnityEvent('selection', JSON.stringify({ objectId: 'wall-1', objectIds: ['wall-1'] }));
    expect(events).toEqual([
      { type: 'ready', mode: 'viewer' },
      { type: 'contentChanged' },
      { type: 'selection', objectId: 'wall-1', objectIds: ['wall-1'] },
    ]);
  });

  it('drops an event it cannot decode, with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { events } = mountPlayer();
    dispatchUnityEvent('ready', '{"mode":"cinema"}');
    dispatchUnityEvent('selection', 'not json');
    expect(events).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0][0])).toMatch(
      /Dropped an event from the Unity engine: Invalid ready event/,
    );
  });

  it('turns loading progression into percent events, once per percent', () => {
    const { events } = mountPlayer();
    act(() => setUnity({ loadingProgression: 0.423 }));
    act(() => setUnity({ loadingProgression: 0.4249 }));
    act(() => setUnity({ loadingProgression: 0.9 }));
    loaded();
    expect(events).toEqual([42, 90, 100].map((percent) => ({ type: 'loadProgress', percent })));
  });

  it('reports a build that cannot start as an engine error', () => {
    const { events } = mountPlayer();
    act(() => setUnity({ initialisationError: new Error('WebGL 2 is not available') }));
    expect(events.at(-1)).toEqual({
      type: 'error',
      code: 'ENGINE_LOAD_FAILED',
      message: 'WebGL 2 is not available',
    });
  });

  it("unloads through react-unity-webgl's unload, which fails when there is no instance", async () => {
    const { adapter } = mountPlayer();
    fakeUnity.unload.mockImplementationOnce(() => Promise.reject(undefined));
    await expect(adapter.unload()).rejects.toThrow('There was no Unity instance to unload');
    loaded();
    await expect(adapter.unload()).resolves.toBeUndefined();
    expect(fakeUnity.unload).toHaveBeenCalledTimes(2);
  });

  it('stops listening when it unmounts', () => {
    const { view } = mountPlayer();
    view.unmount();
    expect(fakeUnity.listeners.size).toBe(0);
  });
});
