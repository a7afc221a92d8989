import { z } from 'zod';
import { isGuest } from '../../contracts/live';
import {
  type EngineSettings,
  FilteringLevel,
  GraphicsQualityLevel,
  RenderScale,
  TargetFrameRate,
} from '../engine/protocol';

/**
 * What a visitor chooses in the viewer and finds again on the next visit, per browser (local
 * storage): the graphics settings the engine starts with (platform.md §2.7 'Settings') and the
 * ambient sound's volume (§4 'Audio player': remembered between sessions, default 100).
 */

/** The graphics settings of the viewer's Settings panel (the engine's own, without the language). */
export type ViewerGraphics = Pick<
  EngineSettings,
  'graphicsQuality' | 'renderScale' | 'targetFrameRate' | 'filtering' | 'adaptiveResolution' | 'showVisitors'
>;

export const defaultViewerGraphics: ViewerGraphics = {
  graphicsQuality: 3,
  renderScale: 1,
  targetFrameRate: 0,
  filtering: 1,
  adaptiveResolution: true,
  showVisitors: true,
};

/** The render qualities offered (render scale, relative to the canvas size). */
export const renderScaleChoices = [0.5, 0.75, 1, 1.5, 2] as const;
/** The target frame rates offered; 0 follows the display. */
export const frameRateChoices = [0, 30, 60, 120] as const;

export interface SoundPreferences {
  /** 0 to 100. */
  volume: number;
  muted: boolean;
}

export const defaultSound: SoundPreferences = { volume: 100, muted: false };

export const graphicsStorageKey = 'spaces.viewer.graphics';
export const ignoredStorageKey = 'spaces.live.ignored';
/** How many muted or blocked visitors a browser remembers (the latest). */
export const ignoredRemembered = 500;
export const soundStorageKey = 'spaces.viewer.sound';
export const voiceStorageKey = 'spaces.live.voice';

/** The part of `Storage` used (tests give a map). */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): PreferenceStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

function readJson(storage: PreferenceStorage | null, key: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function writeJson(storage: PreferenceStorage | null, key: string, value: unknown) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the choice holds for this visit only.
  }
}

/** A stored value when it is valid, else the default (an old or edited entry never breaks the viewer). */
const valid = <T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  value: unknown,
  fallback: T,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as T) : fallback;
};

/** The graphics settings this browser chose, each one valid or its default. */
export function loadGraphics(storage: PreferenceStorage | null = browserStorage()): ViewerGraphics {
  const stored = readJson(storage, graphicsStorageKey);
  const d = defaultViewerGraphics;
  return {
    graphicsQuality: valid(GraphicsQualityLevel, stored.graphicsQuality, d.graphicsQuality),
    renderScale: valid(RenderScale, stored.renderScale, d.renderScale),
    targetFrameRate: valid(TargetFrameRate, stored.targetFrameRate, d.targetFrameRate),
    filtering: valid(FilteringLevel, stored.filtering, d.filtering),
    adaptiveResolution: valid(z.boolean(), stored.adaptiveResolution, d.adaptiveResolution),
    showVisitors: valid(z.boolean(), stored.showVisitors, d.showVisitors),
  };
}

/**
 * The graphics the editor starts with: those this browser chose in the viewer's Settings (the
 * editor has no Settings panel of its own, and a device too weak for High in the viewer is too
 * weak for it in the editor), without the viewer's other visitors.
 */
export function loadEditorGraphics(
  storage: PreferenceStorage | null = browserStorage(),
): Omit<ViewerGraphics, 'showVisitors'> {
  const { showVisitors: _, ...graphics } = loadGraphics(storage);
  return graphics;
}

export function saveGraphics(graphics: ViewerGraphics, storage: PreferenceStorage | null = browserStorage()) {
  writeJson(storage, graphicsStorageKey, graphics);
}

/** The sound preferences this browser chose: volume 0–100 (default 100), muted or not. */
export function loadSound(storage: PreferenceStorage | null = browserStorage()): SoundPreferences {
  const stored = readJson(storage, soundStorageKey);
  const volume =
    typeof stored.volume === 'number' && Number.isFinite(stored.volume)
      ? Math.min(100, Math.max(0, Math.round(stored.volume)))
      : defaultSound.volume;
  return { volume, muted: stored.muted === true };
}

export function saveSound(sound: SoundPreferences, storage: PreferenceStorage | null = browserStorage()) {
  writeJson(storage, soundStorageKey, sound);
}

export type SoundChange =
  { type: 'volume'; volume: number } | { type: 'mute' } | { type: 'unmute' } | { type: 'toggleMute' };

/**
 * The sound after a change. Muting keeps the volume, so unmuting restores it; moving the slider
 * to a volume above 0 unmutes, and unmuting at volume 0 comes back at 100 (an audible level).
 */
export function changeSound(sound: SoundPreferences, change: SoundChange): SoundPreferences {
  switch (change.type) {
    case 'volume': {
      const volume = Math.min(100, Math.max(0, Math.round(change.volume)));
      return { volume, muted: volume === 0 ? sound.muted : false };
    }
    case 'mute':
      return { ...sound, muted: true };
    case 'unmute':
      return { volume: sound.volume === 0 ? defaultSound.volume : sound.volume, muted: false };
    case 'toggleMute':
      return changeSound(sound, { type: sound.muted ? 'unmute' : 'mute' });
  }
}

/** What the audio element plays at: 0 when muted, else the volume as a fraction. */
export const audibleVolume = (sound: SoundPreferences) => (sound.muted ? 0 : sound.volume / 100);

/** Whom this browser's visitor muted or blocked for themselves (user id → 'mute' or 'block'). */
export function loadIgnoredVisitors(
  storage: PreferenceStorage | null = browserStorage(),
): Record<string, 'mute' | 'block'> {
  const stored = readJson(storage, ignoredStorageKey);
  const out: Record<string, 'mute' | 'block'> = {};
  for (const [userId, kind] of Object.entries(stored).slice(-ignoredRemembered))
    if ((kind === 'mute' || kind === 'block') && userId.length <= 200) out[userId] = kind;
  return out;
}

/** Keeps the choices for the next visits; not a guest's, whose id is new on each visit. */
export function saveIgnoredVisitors(
  ignored: Record<string, 'mute' | 'block'>,
  storage: PreferenceStorage | null = browserStorage(),
) {
  const kept = Object.entries(ignored).filter(([userId]) => !isGuest(userId));
  writeJson(storage, ignoredStorageKey, Object.fromEntries(kept.slice(-ignoredRemembered)));
}

/** How this browser's visitor talks: push to talk (the default) or open mic, and the microphone chosen. */
export interface VoicePreferences {
  mode: 'pushToTalk' | 'openMic';
  deviceId: string | null;
}

export function loadVoice(storage: PreferenceStorage | null = browserStorage()): VoicePreferences {
  const stored = readJson(storage, voiceStorageKey);
  return {
    mode: stored.mode === 'openMic' ? 'openMic' : 'pushToTalk',
    deviceId: typeof stored.deviceId === 'string' && stored.deviceId.length <= 500 ? stored.deviceId : null,
  };
}

export function saveVoice(voice: VoicePreferences, storage: PreferenceStorage | null = browserStorage()) {
  writeJson(storage, voiceStorageKey, voice);
}
