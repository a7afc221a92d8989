// A share of bench/presence.ts's simulated visitors, in a process of its own: one Node thread
// running a thousand official clients is itself the bottleneck on a slow machine (its queue, not
// the server, then sets the delivery times), so the visitors are spread over a few of these.
// The parent sends commands over IPC; this process answers with what its visitors measured.
import { type HubConnection, HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { MessagePackHubProtocol } from '@microsoft/signalr-protocol-msgpack';
import { WebSocket } from 'ws';
import { liveUserHubPath } from '../contracts/live';
import { encodePose, poseDefaults, poseEntryBytes } from '../contracts/livePoses';
import { homeOf, type LoadCommand, type LoadFigures, type LoadServer } from './presenceShared';

/** The time stamp a pose carries in its height: ms modulo 32 768, as quantised units. */
const stampOf = (now: number) => (now % 32768) - 16384;

const histogram = new Uint32Array(5001);
const meter = { bytes: 0, batches: 0, poses: 0, dropped: 0, measuring: false, track: false };
let cpuAtStart = process.cpuUsage();
const clients: { index: number; client: HubConnection; seen: Set<number> }[] = [];
let count = 0;
let stopWalking = () => {};

/** A WebSocket that counts the payload bytes it receives while measuring. */
class CountingSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
      if (!meter.measuring) return;
      meter.bytes += Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    });
  }
}

async function connect(servers: LoadServer[], tokens: string[], indices: number[]) {
  const poseIds: [number, number][] = [];
  for (let at = 0; at < indices.length; at += 25) {
    const batch = indices.slice(at, at + 25).map(async (index, j) => {
      const server = servers[index % servers.length];
      const seen = new Set<number>();
      const client = new HubConnectionBuilder()
        .withUrl(`${server.base}${liveUserHubPath}`, {
          accessTokenFactory: () => tokens[at + j],
          transport: HttpTransportType.WebSockets,
          ...{ WebSocket: CountingSocket },
        })
        .withHubProtocol(new MessagePackHubProtocol())
        .configureLogging(LogLevel.None)
        .build();
      client.serverTimeoutInMilliseconds = 60_000;
      client.on('Poses', (poses: Uint8Array) => {
        if (!meter.measuring) return;
        meter.batches++;
        const now = Date.now();
        const view = new DataView(poses.buffer, poses.byteOffset, poses.byteLength);
        for (let i = 0; i + poseEntryBytes <= poses.byteLength; i += poseEntryBytes) {
          // The sender's clock stamp, from the pose's height (see stampOf).
          const ms = (now % 32768) - (view.getInt16(i + 6, true) + 16384);
          histogram[Math.min(ms < 0 ? ms + 32768 : ms, 5000)]++;
          if (meter.track) seen.add(view.getUint32(i, true));
        }
        meter.poses += Math.floor(poses.byteLength / poseEntryBytes);
      });
      client.on('PoseVisitors', () => {});
      client.on('PoseVisitorsLeft', () => {});
      client.onclose(() => {
        if (meter.measuring) meter.dropped++;
      });
      await client.start();
      const joined = await client.invoke<{ poseId: number }>('JoinScene', server.sceneId);
      poseIds.push([index, joined.poseId]);
      clients.push({ index, client, seen });
    });
    await Promise.all(batch);
  }
  return poseIds;
}

/** Every visitor walks a small circle around its spot, sending its pose every 100 ms. */
function walk() {
  let slice = 0;
  const slices = 10;
  const timer = setInterval(() => {
    const now = Date.now();
    const step = poseDefaults.positionStep;
    for (let i = slice; i < clients.length; i += slices) {
      const { index, client } = clients[i];
      const angle = now / 1000 + index;
      const [x, z] = homeOf(index, count);
      const pose = encodePose({
        x: x + Math.cos(angle) * 0.5,
        y: stampOf(now) * step,
        z: z + Math.sin(angle) * 0.5,
        yaw: angle,
        speaking: false,
        emote: 0,
      });
      client.send('SendPose', pose).catch(() => {});
    }
    slice = (slice + 1) % slices;
  }, poseDefaults.tickMs / slices);
  return () => clearInterval(timer);
}

process.on('message', (command: LoadCommand) => {
  const reply = (message: object) => process.send!(message);
  switch (command.type) {
    case 'connect':
      count = command.count;
      void connect(command.servers, command.tokens, command.indices).then(
        (poseIds) => reply({ type: 'connected', poseIds }),
        (error: unknown) => reply({ type: 'failed', error: String(error) }),
      );
      break;
    case 'walk':
      stopWalking = walk();
      reply({ type: 'walking' });
      break;
    case 'start':
      histogram.fill(0);
      Object.assign(meter, { bytes: 0, batches: 0, poses: 0, measuring: true, track: command.track });
      cpuAtStart = process.cpuUsage();
      reply({ type: 'started' });
      break;
    case 'finish': {
      meter.measuring = false;
      const cpu = process.cpuUsage(cpuAtStart);
      const figures: LoadFigures = {
        type: 'finished',
        histogram: Array.from(histogram),
        bytes: meter.bytes,
        batches: meter.batches,
        poses: meter.poses,
        dropped: meter.dropped,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        seen: meter.track ? clients.map(({ index, seen }) => [index, [...seen]]) : [],
      };
      reply(figures);
      break;
    }
    case 'stop':
      stopWalking();
      void (async () => {
        for (let i = 0; i < clients.length; i += 100)
          await Promise.all(clients.slice(i, i + 100).map(({ client }) => client.stop().catch(() => {})));
        process.exit(0);
      })();
      break;
  }
});
process.send!({ type: 'ready' });
