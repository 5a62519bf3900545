import type { Link, MessageHandler } from '../link/link.js';
import type { ResolvedMeshOptions } from './mesh-options.js';
import type { ClientMessage } from './protocol.js';
import { type PairSignal, RtcPair } from './rtc-pair.js';
import { ViewCache } from './view-cache.js';

/**
 * How a link reaches its peer: `connecting` (sends are dropped), `direct` (the data channel),
 * `relay` (through the signaling server), `failed` (no direct route and the relay not allowed),
 * `closed` (the peer left; it may come back on the same link).
 */
export type Route = 'connecting' | 'direct' | 'relay' | 'failed' | 'closed';

/** The mesh's socket as a link uses it: signals for its peer, and relayed packets. */
export interface SignalPort {
  signal(message: ClientMessage): void;
  /** Relays a packet; false when it was dropped (the socket holds too much unsent, or is closed). */
  packet(to: number, type: number, bytes: Uint8Array): boolean;
}

/** What a link has passed: messages sent and received, sends dropped, packets refused or with no handler. */
export interface PeerLinkCounts {
  sent: number;
  received: number;
  /** Sends not made: no route yet, or the channel or socket held too much unsent. */
  dropped: number;
  /** Packets received with no handler for their type. */
  unhandled: number;
  /** Packets that were not `[type][payload]` within `maxPacketBytes` (empty, too long, text). */
  refused: number;
}

/**
 * A {@link Link} to one other page of a match: the data channel while it is open, the relay
 * when it never opened in time, failed, or closed later (and at once with `relay: 'always'`).
 * A switch to the relay is told to the other page, which switches too, so a pair always ends on
 * one route; packets are taken from either route at any time, so nothing is lost in between.
 * Like a datagram, a message may be lost (the channel is unreliable) or dropped here (no route
 * yet, too much unsent): the game's own redundancy covers it, as a rollback session's does.
 *
 * Sends copy into the link's own buffer, so the caller may reuse its bytes; messages are handed
 * to handlers as views of the link's receive buffer, valid during the call. Neither allocates
 * once each length has been seen (the views are cached per length).
 */
export class PeerLink implements Link {
  readonly counts: PeerLinkCounts = { sent: 0, received: 0, dropped: 0, unhandled: 0, refused: 0 };
  /** Called on every change of {@link route} (the mesh's listener). */
  onRoute: ((link: PeerLink) => void) | undefined;
  #route: Route = 'connecting';
  #pair: RtcPair | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #handlers: (MessageHandler | undefined)[] = new Array(256).fill(undefined);
  readonly #out: ViewCache;
  readonly #in: ViewCache;

  constructor(
    /** The other page's seat. */
    readonly seat: number,
    readonly options: ResolvedMeshOptions,
    readonly port: SignalPort,
  ) {
    this.#out = new ViewCache(options.maxPacketBytes + 1, 0);
    this.#in = new ViewCache(options.maxPacketBytes + 1, 1);
  }

  /** The route packets take now. */
  get route(): Route {
    return this.#route;
  }

  /** Whether messages can go now (`direct` or `relay`). */
  get open(): boolean {
    return this.#route === 'direct' || this.#route === 'relay';
  }

  /**
   * Sends `bytes` (at most `maxPacketBytes`) as a message of `type` (an integer from 0 to 255):
   * a RangeError for either out of range, a drop (counted) when there is no route yet.
   */
  sendBytes(type: number, bytes: Uint8Array): void {
    if (!(Number.isInteger(type) && type >= 0 && type <= 255)) {
      throw new RangeError(`type must be an integer from 0 to 255, got ${String(type)}`);
    }
    const n = bytes.length;
    if (n > this.options.maxPacketBytes) {
      throw new RangeError(
        `a message may have at most maxPacketBytes (${this.options.maxPacketBytes}) bytes, got ${n}`,
      );
    }
    let sent = false;
    if (this.#route === 'direct') {
      const channel = this.#pair!.channel;
      if (
        channel !== undefined &&
        channel.readyState === 'open' &&
        channel.bufferedAmount <= this.options.maxBuffered
      ) {
        const out = this.#out.buffer;
        out[0] = type;
        out.set(bytes, 1);
        try {
          channel.send(this.#out.view(n + 1));
          sent = true;
        } catch {
          // Closed under us between readyState and send (node-datachannel says so by throwing):
          // a drop, like any other; the channel's close event sends the link to the relay.
        }
      }
    } else if (this.#route === 'relay') sent = this.port.packet(this.seat, type, bytes);
    if (sent) this.counts.sent++;
    else this.counts.dropped++;
  }

  /** Hands every message of `type` to `handler` from now on; the latest handler for a type wins. */
  onMessage(type: number, handler: MessageHandler): () => void {
    this.#handlers[type] = handler;
    return () => {
      if (this.#handlers[type] === handler) this.#handlers[type] = undefined;
    };
  }

  /** A message from the peer by either route (the mesh's and the channel's call). */
  receive(type: number, bytes: Uint8Array): void {
    this.counts.received++;
    const handler = this.#handlers[type];
    if (handler) handler(bytes);
    else this.counts.unhandled++;
  }

  /** A data channel message, `[type][payload]`: copied into the receive buffer and handed on. */
  #receiveData(data: unknown): void {
    const n = data instanceof ArrayBuffer ? data.byteLength : -1;
    if (n < 1 || n > this.options.maxPacketBytes + 1) {
      this.counts.refused++;
      return;
    }
    const into = this.#in.buffer;
    into.set(new Uint8Array(data as ArrayBuffer));
    this.receive(into[0]!, this.#in.view(n - 1));
  }

  /**
   * Starts (or, after the peer left and came back, restarts) the route to the peer: the relay
   * at once with `relay: 'always'`, else a data channel, offered by this page when `initiator`.
   */
  connect(initiator: boolean): void {
    this.#end();
    this.#set('connecting');
    const { options } = this;
    if (options.relay === 'always') {
      this.#toRelay(true);
      return;
    }
    this.#pair = new RtcPair(
      options.RTCPeerConnection!,
      { iceServers: options.iceServers },
      initiator,
      (signal: PairSignal) => this.port.signal({ ...signal, to: this.seat }),
      {
        open: () => {
          this.#clearTimer();
          this.#set('direct');
        },
        fail: () => this.#fallBack(),
        data: (data) => this.#receiveData(data),
      },
    );
    this.#timer = setTimeout(() => this.#fallBack(), options.connectTimeoutMs);
  }

  /** A signal the peer sent this page through the server (the mesh's call). */
  signal(message: { t: string; sdp?: string; candidate?: string; mid?: string | null }): void {
    if (message.t === 'relay') {
      // The other page has given up on the data channel: follow it, or fail with `never`.
      if (this.#route !== 'closed' && this.#route !== 'relay') {
        if (this.options.relay === 'never') this.#fail();
        else this.#toRelay(false);
      }
      return;
    }
    const pair = this.#pair;
    if (pair === undefined || this.#route !== 'connecting') return;
    if (message.t === 'offer') pair.takeOffer(message.sdp!);
    else if (message.t === 'answer') pair.takeAnswer(message.sdp!);
    else pair.takeCandidate(message.candidate!, message.mid ?? null);
  }

  /** The peer left the match (or this page's mesh closed): no route until it comes back. */
  leave(): void {
    this.#end();
    this.#set('closed');
  }

  /** The data channel did not open in time, failed, or closed: the relay, unless `never`. */
  #fallBack(): void {
    if (this.#route !== 'connecting' && this.#route !== 'direct') return;
    if (this.options.relay === 'never') this.#fail();
    else this.#toRelay(true);
  }

  #fail(): void {
    this.#end();
    this.#set('failed');
  }

  #toRelay(tell: boolean): void {
    this.#end();
    if (tell) this.port.signal({ t: 'relay', to: this.seat });
    this.#set('relay');
  }

  /** Closes the pair and clears the timer; the route is the caller's to set. */
  #end(): void {
    this.#clearTimer();
    this.#pair?.close();
    this.#pair = undefined;
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #set(route: Route): void {
    if (this.#route === route) return;
    this.#route = route;
    this.onRoute?.(this);
  }
}
