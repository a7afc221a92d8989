import { sendParent } from 'xstate';
import { decodePoses } from '../../contracts/livePoses';
import type { VoiceSignalReceived } from '../../contracts/voice';
import type { LiveVisitContext, LiveVisitEvent } from './liveVisitMachine';
import { type VoiceEvent, voiceMachine } from './voiceMachine';

/**
 * What a live visit tells its voice (src/machines/voiceMachine.ts), and the voice it spawns: where
 * the visitor and the others are, whom the visitor ignores, and the WebRTC signals that come.
 */

/** Where the visitor is, for their voice. */
export const voiceMoved = (event: Extract<LiveVisitEvent, { type: 'live.moved' }>): VoiceEvent => ({
  type: 'voice.moved',
  self: { x: event.position[0], z: event.position[2], yaw: event.yaw },
});

/** Whom the visitor does not want to hear (muted or blocked), for their voice. */
export const voiceIgnored = (context: Pick<LiveVisitContext, 'ignored'>): VoiceEvent => ({
  type: 'voice.ignored',
  userIds: Object.keys(context.ignored),
});

/** The voice of a visit: it tells the visit whether the visitor is heard. */
export const liveVoiceMachine = voiceMachine.provide({
  actions: {
    reportSpeaking: sendParent((_, params: { speaking: boolean }) => ({ type: 'live.speaking', ...params })),
  },
});

/**
 * What the voice learns from one hub message: where the others are (Poses, by the user ids their
 * pose ids stand for), who left (PoseVisitorsLeft), a WebRTC signal (VoiceSignal); null otherwise.
 */
export function voiceEventOf(
  event: LiveVisitEvent,
  known: LiveVisitContext['poseVisitors'],
  ownId: number | null,
): VoiceEvent | null {
  if (event.type !== 'live.message') return null;
  const [data] = event.args;
  switch (event.target) {
    case 'Poses': {
      if (typeof data !== 'string' && !(data instanceof Uint8Array)) return null;
      const others: Record<string, { x: number; z: number }> = {};
      for (const p of decodePoses(data)) {
        const who = known[p.id];
        if (who && p.id !== ownId) others[who.userId] = { x: p.x, z: p.z };
      }
      return Object.keys(others).length ? { type: 'voice.heard', others } : null;
    }
    case 'PoseVisitorsLeft': {
      if (!Array.isArray(data)) return null;
      const userIds = data.flatMap((id) => (typeof id === 'number' && known[id] ? [known[id].userId] : []));
      return userIds.length ? { type: 'voice.left', userIds } : null;
    }
    case 'VoiceSignal': {
      const signal = data as Partial<VoiceSignalReceived> | undefined;
      if (
        typeof signal?.from !== 'string' ||
        typeof signal.kind !== 'string' ||
        typeof signal.data !== 'string'
      )
        return null;
      return { type: 'voice.signal', signal: signal as VoiceSignalReceived };
    }
    default:
      return null;
  }
}
