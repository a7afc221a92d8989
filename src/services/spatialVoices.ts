import { voiceSpatial } from '../../contracts/voice';
import type { FloorPoint } from '../lib/voicePeers';
import type { Listener } from '../machines/voiceMachine';

/** The listener's facing from the engine's yaw (degrees; 0 looks towards -z, as three.js cameras do). */
function facing(yaw: number) {
  const radians = (yaw * Math.PI) / 180;
  return { x: -Math.sin(radians), z: -Math.cos(radians) };
}

/** One voice being played: the path its sound takes to the speakers. */
interface Voice {
  panner: PannerNode;
  source: MediaStreamAudioSourceNode;
  /** Chromium plays a remote WebRTC stream through WebAudio only while a media element holds it. */
  element: HTMLAudioElement;
}

/**
 * The others' voices, each played through a WebAudio PannerNode where its speaker stands and heard
 * from where the visitor stands and faces (contracts/voice.ts `voiceSpatial`), whichever way the
 * voice arrives (peer to peer, or through LiveKit).
 */
export type SpatialVoices = ReturnType<typeof spatialVoices>;

export function spatialVoices() {
  let audio: AudioContext | null = null;
  let listener: Listener | null = null;
  const placed = new Map<string, FloorPoint>();
  const voices = new Map<string, Voice>();

  const context = () => {
    if (!audio) {
      audio = new AudioContext();
      // A page may not play sound before the visitor touches it: resume at the first touch.
      if (audio.state === 'suspended') {
        const resume = () => void audio?.resume().catch(() => {});
        addEventListener('pointerdown', resume, { once: true, capture: true });
        addEventListener('keydown', resume, { once: true, capture: true });
      }
      placeListener();
    }
    return audio;
  };

  function placeListener() {
    if (!audio || !listener) return;
    const l = audio.listener;
    const ahead = facing(listener.yaw);
    if (l.positionX) {
      l.positionX.value = listener.x;
      l.positionY.value = 0;
      l.positionZ.value = listener.z;
      l.forwardX.value = ahead.x;
      l.forwardY.value = 0;
      l.forwardZ.value = ahead.z;
      l.upX.value = 0;
      l.upY.value = 1;
      l.upZ.value = 0;
    } else {
      l.setPosition(listener.x, 0, listener.z);
      l.setOrientation(ahead.x, 0, ahead.z, 0, 1, 0);
    }
  }

  function placeVoice(voice: Voice | undefined, at: FloorPoint | undefined) {
    if (!voice || !at) return;
    voice.panner.positionX.value = at.x;
    voice.panner.positionY.value = 0;
    voice.panner.positionZ.value = at.z;
  }

  const api = {
    /** Plays `userId`'s voice from where they stand (replacing what played for them before). */
    play(userId: string, sound: MediaStream | MediaStreamTrack) {
      api.stop(userId);
      const stream = 'getTracks' in sound ? sound : new MediaStream([sound]);
      const element = new Audio();
      element.muted = true;
      element.srcObject = stream;
      void element.play().catch(() => {});
      const audioContext = context();
      const source = audioContext.createMediaStreamSource(stream);
      const panner = new PannerNode(audioContext, { panningModel: 'HRTF', ...voiceSpatial });
      source.connect(panner).connect(audioContext.destination);
      const voice = { element, source, panner };
      voices.set(userId, voice);
      placeVoice(voice, placed.get(userId));
    },
    stop(userId: string) {
      const voice = voices.get(userId);
      if (!voice) return;
      voices.delete(userId);
      voice.source.disconnect();
      voice.panner.disconnect();
      voice.element.srcObject = null;
    },
    /** Where the visitor is, and the others. */
    place(self: Listener, others: Record<string, FloorPoint>) {
      listener = self;
      placeListener();
      for (const [userId, at] of Object.entries(others)) {
        placed.set(userId, at);
        placeVoice(voices.get(userId), at);
      }
    },
    /** Talking is a touch: sound may play from now on. */
    resume() {
      void context()
        .resume()
        .catch(() => {});
    },
    close() {
      for (const userId of [...voices.keys()]) api.stop(userId);
      void (audio as AudioContext | null)?.close().catch(() => {});
    },
  };
  return api;
}
