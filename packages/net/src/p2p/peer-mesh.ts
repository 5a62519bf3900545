import { type MeshOptions, type ResolvedMeshOptions, resolveMeshOptions } from './mesh-options.js';
import { PeerLink } from './peer-link.js';
import type { ServerMessage } from './protocol.js';
import { SignalSocket } from './signal-socket.js';

/** How a mesh ended: the socket's close code and reason (the server's, when it refused or kicked). */
export interface MeshClose {
  code: number;
  reason: string;
}

/**
 * This page's place in a match: one {@link PeerLink} per other seat (a full mesh, every pair its
 * own data channel), set up through the signaling server's socket, which also carries the relay.
 * A link lives as long as the mesh: when its peer leaves it goes `closed`, and when a page takes
 * that seat again the same link reconnects, with the handlers the game gave it. The mesh ends
 * with its socket; to come back, a page joins again (the same seat, once the server has let the
 * old connection go).
 */
export class PeerMesh {
  /** Resolves once the server has seated this page (the links to the pages already there are connecting). */
  readonly joined: Promise<PeerMesh>;
  /** Set when the socket closed, with the server's code and reason. */
  closed: MeshClose | undefined;
  /** Frames and packets from the server that no link took. */
  readonly counts = { unhandled: 0 };
  readonly #links = new Map<number, PeerLink>();
  readonly #socket: SignalSocket;
  readonly #waiters = new Set<() => void>();
  #seated = false;
  #onPeer: ((link: PeerLink) => void) | undefined;
  #onLeave: ((link: PeerLink) => void) | undefined;
  #onRoute: ((link: PeerLink) => void) | undefined;
  #onClose: ((close: MeshClose) => void) | undefined;

  /** Connects to the server and asks for the seat; {@link joinMatch} is the way in. */
  constructor(readonly options: ResolvedMeshOptions) {
    let settle: { resolve: (mesh: PeerMesh) => void; reject: (error: Error) => void };
    this.joined = new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    this.#socket = new SignalSocket(options, {
      open: () => this.#socket.signal({ t: 'join', match: options.match, seat: options.seat }),
      message: (message) => {
        if (this.#seated) this.#message(message);
        else if (message.t === 'joined' && message.seat === options.seat) {
          this.#seated = true;
          clearTimeout(timer);
          for (const seat of message.peers) this.#link(seat).connect(true);
          settle.resolve(this);
        }
      },
      packet: (from, type, bytes) => {
        const link = this.#links.get(from);
        if (link) link.receive(type, bytes);
        else this.counts.unhandled++;
      },
      close: (code, reason) => {
        clearTimeout(timer);
        this.#end({ code, reason });
        settle.reject(new Error(`the signaling server closed the connection (${code}): ${reason}`));
      },
    });
    timer = setTimeout(() => {
      const reason = `no answer to the join in ${options.joinTimeoutMs} ms`;
      settle.reject(new Error(reason));
      this.#socket.close();
      this.#end({ code: 1000, reason });
    }, options.joinTimeoutMs);
    this.joined.catch(() => undefined); // a caller of joinMatch sees the rejection
  }

  /** This page's seat. */
  get seat(): number {
    return this.options.seat;
  }

  /** The link to `seat`, once that seat has been met (its page may have left since). */
  link(seat: number): PeerLink | undefined {
    return this.#links.get(seat);
  }

  /** Every link met so far, by seat. */
  get links(): PeerLink[] {
    return [...this.#links.values()].sort((a, b) => a.seat - b.seat);
  }

  /** Called when a page takes a seat after this one joined (the link is connecting); the latest handler wins. */
  onPeer(handler: (link: PeerLink) => void): void {
    this.#onPeer = handler;
  }

  /** Called when a page leaves (its link is `closed`). */
  onLeave(handler: (link: PeerLink) => void): void {
    this.#onLeave = handler;
  }

  /** Called on every change of a link's route (`direct`, `relay`, …). */
  onRoute(handler: (link: PeerLink) => void): void {
    this.#onRoute = handler;
  }

  /** Called once, when the socket has closed. */
  onClose(handler: (close: MeshClose) => void): void {
    this.#onClose = handler;
  }

  /**
   * Resolves with the open links once `count` of them are open (by either route); rejects when
   * the mesh closes first or `timeoutMs` pass.
   */
  ready(count: number, timeoutMs = 30_000): Promise<PeerLink[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const open = this.links.filter((link) => link.open);
        if (open.length >= count) done(() => resolve(open));
        else if (this.closed)
          done(() => reject(new Error(`the mesh closed (${this.closed!.code})`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`${count} links not open in ${timeoutMs} ms`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        settle();
      };
      this.#waiters.add(check);
      check();
    });
  }

  /** Leaves the match: the socket closes (the other pages are told at once) and every link with it. */
  close(): void {
    this.#socket.close();
    this.#end({ code: 1000, reason: 'closed by the page' });
  }

  #message(message: ServerMessage): void {
    if (message.t === 'peer') {
      const link = this.#link(message.seat);
      link.connect(false);
      this.#onPeer?.(link);
    } else if (message.t === 'left') {
      const link = this.#links.get(message.seat);
      if (link === undefined) return;
      link.leave();
      this.#onLeave?.(link);
    } else if (message.t !== 'joined') {
      const link = this.#links.get(message.from);
      if (link) link.signal(message);
      else this.counts.unhandled++;
    }
  }

  /** The link to `seat`, made the first time (never this page's own seat). */
  #link(seat: number): PeerLink {
    let link = this.#links.get(seat);
    if (link === undefined) {
      link = new PeerLink(seat, this.options, this.#socket);
      link.onRoute = (changed) => {
        this.#onRoute?.(changed);
        for (const check of [...this.#waiters]) check();
      };
      this.#links.set(seat, link);
    }
    return link;
  }

  #end(close: MeshClose): void {
    if (this.closed) return;
    this.closed = close;
    for (const link of this.#links.values()) link.leave();
    this.#onClose?.(close);
    for (const check of [...this.#waiters]) check();
  }
}

/**
 * Joins `options.match` in seat `options.seat` through the signaling server at `options.url`:
 * resolves with the mesh once seated (its links to the pages already there are connecting; see
 * {@link PeerMesh.ready}), rejects with the server's code and reason when it refuses. Options
 * are checked first: a RangeError names the one refused.
 */
export function joinMatch(options: MeshOptions): Promise<PeerMesh> {
  return new PeerMesh(resolveMeshOptions(options)).joined;
}
