import type { ResolvedMeshOptions } from './mesh-options.js';
import type { SignalPort } from './peer-link.js';
import {
  type ClientMessage,
  RELAY_HEADER_BYTES,
  SERVER_SPECS,
  type ServerMessage,
} from './protocol.js';
import { readMessage } from './read-message.js';
import { ViewCache } from './view-cache.js';

/** Characters of a server frame a page reads: the server forwards SDP within its own cap. */
const MAX_SERVER_CHARS = 256 * 1024;

/** What the socket hands its mesh. */
export interface SocketEvents {
  open(): void;
  message(message: ServerMessage): void;
  packet(from: number, type: number, bytes: Uint8Array): void;
  close(code: number, reason: string): void;
}

/**
 * A page's WebSocket to the signaling server: JSON text frames out and in (what the server
 * sends read as strictly as the server reads the page: a frame that is not one of its messages
 * is counted and ignored), and the relay's binary frames, `[seat][type][payload]`, written into
 * one buffer of the socket's own (a page's WebSocket copies what it sends, and the server
 * negotiates no compression, so the buffer is free again when `send` returns).
 */
export class SignalSocket implements SignalPort {
  readonly socket: WebSocket;
  /** Frames from the server that were not messages or packets, and packets dropped on the way out. */
  readonly counts = { refused: 0, dropped: 0 };
  readonly #out: ViewCache;
  readonly #in: ViewCache;

  constructor(
    readonly options: ResolvedMeshOptions,
    readonly events: SocketEvents,
  ) {
    const bytes = options.maxPacketBytes + RELAY_HEADER_BYTES;
    this.#out = new ViewCache(bytes, 0);
    this.#in = new ViewCache(bytes, RELAY_HEADER_BYTES);
    const socket = new options.WebSocket(options.url);
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => events.open();
    socket.onmessage = (event) => this.#receive(event.data);
    socket.onclose = (event) => events.close(event.code, event.reason);
  }

  #receive(data: unknown): void {
    if (typeof data === 'string') {
      const verdict = readMessage<ServerMessage>(data, SERVER_SPECS, MAX_SERVER_CHARS);
      if (verdict.ok) this.events.message(verdict.message);
      else this.counts.refused++;
      return;
    }
    const n = data instanceof ArrayBuffer ? data.byteLength : -1;
    if (n < RELAY_HEADER_BYTES || n > this.#in.buffer.length) {
      this.counts.refused++;
      return;
    }
    const into = this.#in.buffer;
    into.set(new Uint8Array(data as ArrayBuffer));
    this.events.packet(into[0]!, into[1]!, this.#in.view(n - RELAY_HEADER_BYTES));
  }

  /** Sends a message to the server, if the socket is open. */
  signal(message: ClientMessage): void {
    if (this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  /** Relays `bytes` as a message of `type` to seat `to`; false (counted) when it was dropped. */
  packet(to: number, type: number, bytes: Uint8Array): boolean {
    const socket = this.socket;
    if (socket.readyState !== 1 || socket.bufferedAmount > this.options.maxBuffered) {
      this.counts.dropped++;
      return false;
    }
    const out = this.#out.buffer;
    out[0] = to;
    out[1] = type;
    out.set(bytes, RELAY_HEADER_BYTES);
    socket.send(this.#out.view(bytes.length + RELAY_HEADER_BYTES));
    return true;
  }

  /** Closes the socket (a normal close: the server frees the seat at once). */
  close(): void {
    this.socket.close(1000);
  }
}
