import { describe, expect, it } from 'vitest';
import {
  audibleVolume,
  changeSound,
  defaultSound,
  defaultViewerGraphics,
  graphicsStorageKey,
  ignoredStorageKey,
  loadEditorGraphics,
  loadGraphics,
  loadIgnoredVisitors,
  loadSound,
  type PreferenceStorage,
  saveGraphics,
  saveIgnoredVisitors,
  saveSound,
  soundStorageKey,
} from '../../src/lib/viewerPreferences';

/** A browser's storage, in memory. */
function memoryStorage(
  initial: Record<string, string> = {},
): PreferenceStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => void (data[key] = value),
  };
}

describe('viewer graphics preferences', () => {
  it('are the defaults in a browser that never chose any', () => {
    expect(loadGraphics(memoryStorage())).toEqual(defaultViewerGraphics);
    expect(loadGraphics(null)).toEqual(defaultViewerGraphics);
  });

  it('come back as saved on the next visit', () => {
    const storage = memoryStorage();
    const chosen = {
      graphicsQuality: 0,
      renderScale: 0.75,
      targetFrameRate: 30,
      filtering: 2,
      adaptiveResolution: false,
      showVisitors: false,
    };
    saveGraphics(chosen, storage);
    expect(loadGraphics(storage)).toEqual(chosen);
  });

  it('are what the editor starts with too, without the viewer’s visitors', () => {
    const storage = memoryStorage();
    expect(loadEditorGraphics(storage)).not.toHaveProperty('showVisitors');
    expect(loadEditorGraphics(storage).graphicsQuality).toBe(defaultViewerGraphics.graphicsQuality);
    saveGraphics({ ...defaultViewerGraphics, graphicsQuality: 1, renderScale: 0.5 }, storage);
    expect(loadEditorGraphics(storage)).toEqual({
      graphicsQuality: 1,
      renderScale: 0.5,
      targetFrameRate: defaultViewerGraphics.targetFrameRate,
      filtering: defaultViewerGraphics.filtering,
      adaptiveResolution: defaultViewerGraphics.adaptiveResolution,
    });
  });

  it('replace each broken or out-of-range entry by its default and keep the valid ones', () => {
    const storage = memoryStorage({
      [graphicsStorageKey]: JSON.stringify({
        graphicsQuality: 9,
        renderScale: 'big',
        targetFrameRate: 60,
        filtering: 0,
        adaptiveResolution: 'yes',
        showVisitors: 0,
      }),
    });
    expect(loadGraphics(storage)).toEqual({
      graphicsQuality: defaultViewerGraphics.graphicsQuality,
      renderScale: defaultViewerGraphics.renderScale,
      targetFrameRate: 60,
      filtering: 0,
      adaptiveResolution: defaultViewerGraphics.adaptiveResolution,
      showVisitors: defaultViewerGraphics.showVisitors,
    });
    expect(loadGraphics(memoryStorage({ [graphicsStorageKey]: '{not json' }))).toEqual(defaultViewerGraphics);
  });

  it('survive a storage that refuses to save', () => {
    const full: PreferenceStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveGraphics(defaultViewerGraphics, full)).not.toThrow();
  });
});

describe('viewer sound preferences', () => {
  it('play at full volume, unmuted, by default', () => {
    expect(loadSound(memoryStorage())).toEqual({ volume: 100, muted: false });
    expect(audibleVolume(defaultSound)).toBe(1);
  });

  it('come back as saved on the next visit, the volume kept within 0 to 100', () => {
    const storage = memoryStorage();
    saveSound({ volume: 35, muted: true }, storage);
    expect(loadSound(storage)).toEqual({ volume: 35, muted: true });
    expect(loadSound(memoryStorage({ [soundStorageKey]: JSON.stringify({ volume: 250 }) }))).toEqual({
      volume: 100,
      muted: false,
    });
  });

  it('mute silences and unmute restores the volume from before', () => {
    const muted = changeSound({ volume: 40, muted: false }, { type: 'mute' });
    expect(audibleVolume(muted)).toBe(0);
    expect(changeSound(muted, { type: 'unmute' })).toEqual({ volume: 40, muted: false });
    expect(changeSound(changeSound(muted, { type: 'toggleMute' }), { type: 'toggleMute' })).toEqual(muted);
  });

  it('moving the volume above 0 unmutes; unmuting at 0 comes back audible', () => {
    expect(changeSound({ volume: 40, muted: true }, { type: 'volume', volume: 70 })).toEqual({
      volume: 70,
      muted: false,
    });
    expect(changeSound({ volume: 0, muted: true }, { type: 'unmute' })).toEqual({
      volume: 100,
      muted: false,
    });
    expect(audibleVolume(changeSound(defaultSound, { type: 'volume', volume: 25 }))).toBe(0.25);
  });
});

describe('visitors muted or blocked for oneself', () => {
  it("are remembered by user id, never a guest's (new on each visit), and a bad entry is dropped", () => {
    const storage = memoryStorage();
    expect(loadIgnoredVisitors(storage)).toEqual({});
    saveIgnoredVisitors({ ana: 'mute', ben: 'block', 'guest-0123456789abcdef': 'block' }, storage);
    expect(loadIgnoredVisitors(storage)).toEqual({ ana: 'mute', ben: 'block' });
    storage.data[ignoredStorageKey] = JSON.stringify({ ana: 'mute', cai: 'hide', dee: 3 });
    expect(loadIgnoredVisitors(storage)).toEqual({ ana: 'mute' });
    expect(loadIgnoredVisitors(memoryStorage({ [ignoredStorageKey]: '[' }))).toEqual({});
  });
});
