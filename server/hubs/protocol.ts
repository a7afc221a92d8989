import { decode, Encoder } from '@msgpack/msgpack';

/**
 * The SignalR hub protocols (dotnet/aspnetcore `src/SignalR/docs/specs/HubProtocol.md`), as far as
 * a server speaking to the official @microsoft/signalr client needs them. JSON: records end with
 * the ASCII record separator, one frame may hold several records. MessagePack (the client's
 * @microsoft/signalr-protocol-msgpack): binary frames of messages, each a VarInt length and a
 * MessagePack array. The handshake is JSON in both.
 */

export type HubProtocolName = 'json' | 'messagepack';

const recordSeparator = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export interface InvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

export interface CompletionMessage {
  type: 3;
  invocationId: string;
  result?: unknown;
  error?: string;
}

export interface CloseMessage {
  type: 7;
  error?: string;
  allowReconnect?: boolean;
}

export type ServerMessage = InvocationMessage | CompletionMessage | CloseMessage | { type: 6 };

/** A message the client sent, with the fields the server reads. */
export interface ClientMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  streamIds?: string[];
}

/** Splits received text into complete records; `rest` is an unfinished record to keep. */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(recordSeparator);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

export function formatRecord(message: object): string {
  return JSON.stringify(withBase64(message)) + recordSeparator;
}

/**
 * Bytes among an invocation's arguments go as base64 text in JSON (as SignalR's JSON protocol sends
 * a byte array); MessagePack sends them as they are (bin).
 */
function withBase64(message: object): object {
  const args = (message as { arguments?: unknown }).arguments;
  if (!Array.isArray(args) || !args.some((a) => a instanceof Uint8Array)) return message;
  return {
    ...message,
    arguments: args.map((a) =>
      a instanceof Uint8Array ? Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64') : a,
    ),
  };
}

/**
 * The client's handshake request `{"protocol":"json"|"messagepack","version":1}`: the protocol it
 * chose, or an error message when it is not acceptable.
 */
export function checkHandshake(record: string): { protocol: HubProtocolName } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { error: 'The handshake request is not valid JSON.' };
  }
  if (!value || typeof value !== 'object') return { error: 'The handshake request is not an object.' };
  const { protocol, version } = value as { protocol?: unknown; version?: unknown };
  if (protocol !== 'json' && protocol !== 'messagepack')
    return { error: `The protocol '${String(protocol)}' is not supported.` };
  if (version !== 1)
    return { error: `The server does not support version ${String(version)} of the '${protocol}' protocol.` };
  return { protocol };
}

/** Parses one hub message record; null when it is not a message object with a numeric type. */
export function parseMessage(record: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || typeof (value as { type?: unknown }).type !== 'number')
    return null;
  return value as ClientMessage;
}

// ---- MessagePack ------------------------------------------------------------------------------

/** A message as MessagePack wants it: an array whose first item is the type (HubProtocol.md). */
function binaryArray(message: ServerMessage): unknown[] {
  switch (message.type) {
    case MessageType.Invocation:
      return [MessageType.Invocation, {}, message.invocationId ?? null, message.target, message.arguments];
    case MessageType.Completion:
      if (message.error !== undefined)
        return [MessageType.Completion, {}, message.invocationId, 1, message.error];
      if (message.result === undefined) return [MessageType.Completion, {}, message.invocationId, 2];
      return [MessageType.Completion, {}, message.invocationId, 3, message.result];
    case MessageType.Close:
      return [MessageType.Close, message.error ?? null, message.allowReconnect ?? false];
    default:
      return [MessageType.Ping];
  }
}

/** One encoder for every message (encoding is synchronous): no new buffers per message. */
const encoder = new Encoder();

/** One binary message: its length as a VarInt, then the MessagePack array. */
export function formatBinary(message: ServerMessage): Uint8Array {
  // A view of the encoder's buffer, copied into the framed message below.
  const body = encoder.encodeSharedRef(binaryArray(message));
  const prefix: number[] = [];
  let length = body.length;
  do {
    let byte = length & 0x7f;
    length >>>= 7;
    if (length > 0) byte |= 0x80;
    prefix.push(byte);
  } while (length > 0);
  const framed = new Uint8Array(prefix.length + body.length);
  framed.set(prefix, 0);
  framed.set(body, prefix.length);
  return framed;
}

/**
 * Splits received bytes into complete binary messages; `rest` is an unfinished one to keep. Null
 * when a length is not a valid VarInt (more than 5 bytes).
 */
export function splitBinary(bytes: Buffer): { messages: Buffer[]; rest: Buffer } | null {
  const messages: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    let length = 0;
    let shift = 0;
    let cursor = at;
    let complete = false;
    while (cursor < bytes.length) {
      const byte = bytes[cursor++];
      length += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if ((byte & 0x80) === 0) {
        complete = true;
        break;
      }
      if (shift >= 35) return null;
    }
    if (!complete || cursor + length > bytes.length) break;
    messages.push(bytes.subarray(cursor, cursor + length));
    at = cursor + length;
  }
  return { messages, rest: bytes.subarray(at) };
}

/** Reads one binary message the client sent; null when it is not a message array. */
export function parseBinaryMessage(bytes: Uint8Array): ClientMessage | null {
  let value: unknown;
  try {
    value = decode(bytes);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || typeof value[0] !== 'number') return null;
  const [type] = value as [number];
  switch (type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const [, , invocationId, target, args, streamIds] = value as unknown[];
      return {
        type,
        ...(typeof invocationId === 'string' ? { invocationId } : {}),
        target: typeof target === 'string' ? target : undefined,
        arguments: Array.isArray(args) ? args : [],
        ...(Array.isArray(streamIds) ? { streamIds: streamIds as string[] } : {}),
      };
    }
    case MessageType.CancelInvocation: {
      const invocationId = (value as unknown[])[2];
      return { type, ...(typeof invocationId === 'string' ? { invocationId } : {}) };
    }
    default:
      return { type };
  }
}

/** A message to send, formatted for each protocol once, when a connection of it needs it. */
export class Outgoing {
  private text: string | undefined;
  private bytes: Uint8Array | undefined;

  constructor(readonly message: ServerMessage) {}

  for(protocol: HubProtocolName): string | Uint8Array {
    if (protocol === 'messagepack') return (this.bytes ??= formatBinary(this.message));
    return (this.text ??= formatRecord(this.message));
  }
}
