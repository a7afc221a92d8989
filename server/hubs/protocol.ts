/**
 * The SignalR JSON hub protocol (dotnet/aspnetcore `src/SignalR/docs/specs/HubProtocol.md`), as
 * far as a server speaking to the official @microsoft/signalr client needs it: records end with
 * the ASCII record separator, one frame may hold several records.
 */

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
  return JSON.stringify(message) + recordSeparator;
}

/** The client's handshake request `{"protocol":"json","version":1}`; an error message when not acceptable. */
export function checkHandshake(record: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return 'The handshake request is not valid JSON.';
  }
  if (!value || typeof value !== 'object') return 'The handshake request is not an object.';
  const { protocol, version } = value as { protocol?: unknown; version?: unknown };
  if (protocol !== 'json') return `The protocol '${String(protocol)}' is not supported.`;
  if (version !== 1) return `The server does not support version ${String(version)} of the 'json' protocol.`;
  return null;
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
