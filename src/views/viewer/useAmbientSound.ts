import { useCallback, useEffect, useRef, useState } from 'react';
import {
  audibleVolume,
  changeSound,
  loadSound,
  saveSound,
  type SoundChange,
} from '../../lib/viewerPreferences';

/**
 * The space's ambient sound (content.ambientSoundUri), played by the page (the one player: the
 * built-in engine plays no ambient sound of its own), looped, at the remembered volume. Browsers
 * refuse to start sound before the visitor has done something on the page: playback then starts
 * with the first click, tap or key press, and until then the Sound panel offers Play.
 */
export function useAmbientSound(uri: string | null | undefined) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [sound, setSound] = useState(loadSound);
  const [playing, setPlaying] = useState(false);
  /** The visitor paused: no gesture starts it again. */
  const paused = useRef(false);

  useEffect(() => {
    if (!uri) return;
    const element = new Audio(uri);
    element.loop = true;
    element.preload = 'auto';
    audio.current = element;
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);

    const gestures = ['pointerdown', 'keydown'] as const;
    const stopWaiting = () => gestures.forEach((g) => window.removeEventListener(g, onGesture, true));
    function onGesture() {
      stopWaiting();
      if (!paused.current) element.play().catch(() => {});
    }
    element.play().catch(() => {
      // Autoplay refused: wait for the visitor's first gesture.
      gestures.forEach((g) => window.addEventListener(g, onGesture, true));
    });
    return () => {
      stopWaiting();
      element.pause();
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.src = '';
      audio.current = null;
      setPlaying(false);
    };
  }, [uri]);

  useEffect(() => {
    if (audio.current) audio.current.volume = audibleVolume(sound);
  }, [sound, uri]);

  const change = useCallback((what: SoundChange) => {
    setSound((current) => {
      const next = changeSound(current, what);
      saveSound(next);
      return next;
    });
  }, []);

  const play = useCallback(() => {
    paused.current = false;
    audio.current?.play().catch(() => {});
  }, []);
  const pause = useCallback(() => {
    paused.current = true;
    audio.current?.pause();
  }, []);

  return { available: Boolean(uri), sound, playing, play, pause, change };
}

export type AmbientSound = ReturnType<typeof useAmbientSound>;
