import type { PeerConnectionConstructor } from './mesh-options.js';

/** What a pair hands the signaling server for the other page: `to` is added by the link. */
export type PairSignal =
  | { t: 'offer' | 'answer'; sdp: string }
  | { t: 'candidate'; candidate: string; mid: string | null };

/** What a pair tells its link: the channel is open, or the pair cannot (or can no longer) carry packets. */
export interface PairEvents {
  open(): void;
  fail(): void;
  /** A packet from the other page: the data channel's `[type u8][payload]`, as it came. */
  data(data: unknown): void;
}

/** Candidates held until the remote description is set (a page that sends 64 is not honest). */
const MAX_PENDING = 64;

/** The candidate lines of a session description (and its end-of-candidates line). */
const CANDIDATE_LINES = /^a=(?:candidate:|end-of-candidates).*\r?\n/gm;

/**
 * A description as sent to the other page: without the candidates gathered so far, which
 * trickle on their own. node-datachannel's local description carries them, and libdatachannel
 * on the other side can refuse a description whose candidates arrive before its ICE transport
 * ("Got a remote candidate without ICE transport"), which sent the pair to the relay.
 */
export function trickleOnly(sdp: string): string {
  return sdp.replace(CANDIDATE_LINES, '');
}

/**
 * The WebRTC side of one pair of pages: one peer connection with one data channel, unordered
 * and unreliable (`ordered: false, maxRetransmits: 0`: a late packet is worth nothing to a
 * fixed-step game, and a lost one must not hold up the ones behind it, as it would over TCP).
 * The channel is negotiated (`negotiated: true, id: 0`): both pages make it with the same
 * settings, so neither waits for the other's announcement and both report them. The page that
 * joined later offers (no two offers ever cross) and makes its channel at once; the other makes
 * its channel only once the offer is set, because node-datachannel negotiates by itself when a
 * channel is made: an answering page that made one first would send an offer of its own (both
 * ICE agents controlling, DTLS refusing the other's certificate, the pair closed: about one
 * match in fifteen on loopback went to the relay so). Candidates trickle through the signaling
 * server and wait here until the other page's description is set. The offering page also holds
 * its own candidates until the answer is set: the answering page learns where to reach it only
 * then, so its DTLS handshake never comes before the answer's certificate fingerprint has
 * (node-datachannel refuses the certificate then, "unknown CA", and closes the pair). Any
 * failure along the way is one `fail()`, and the link decides what follows (the relay, or
 * `failed`).
 */
export class RtcPair {
  readonly connection: RTCPeerConnection;
  /** The data channel: the offering page's from the start, the answering page's once the offer is set. */
  channel: RTCDataChannel | undefined;
  #described = false;
  #closed = false;
  readonly #pending: RTCIceCandidateInit[] = [];
  /** The offering page's own candidates, held until the answer is set. */
  readonly #held: PairSignal[] = [];

  constructor(
    ctor: PeerConnectionConstructor,
    configuration: RTCConfiguration,
    initiator: boolean,
    readonly send: (signal: PairSignal) => void,
    readonly events: PairEvents,
  ) {
    const pc = new ctor(configuration);
    this.connection = pc;
    pc.onicecandidate = (event) => {
      const line = event.candidate?.candidate;
      // An empty line is the end of candidates; node-datachannel writes its lines as SDP
      // attributes (`a=candidate:…`), which a browser's addIceCandidate does not take.
      if (!line || this.#closed) return;
      const candidate = line.startsWith('a=') ? line.slice(2) : line;
      const signal: PairSignal = {
        t: 'candidate',
        candidate,
        mid: event.candidate?.sdpMid ?? null,
      };
      if (initiator && !this.#described) {
        if (this.#held.length < MAX_PENDING) this.#held.push(signal);
      } else send(signal);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' && !this.#closed) events.fail();
    };
    if (initiator) {
      this.#openChannel();
      this.#run(() => this.#offer());
    }
  }

  /** Makes the data channel (unordered, unreliable, negotiated as id 0) and listens to it. */
  #openChannel(): void {
    const channel = this.connection.createDataChannel('loop', {
      ordered: false,
      maxRetransmits: 0,
      negotiated: true,
      id: 0,
    });
    this.channel = channel;
    channel.binaryType = 'arraybuffer';
    channel.onopen = () => this.#closed || this.events.open();
    channel.onclose = () => this.#closed || this.events.fail();
    channel.onmessage = (event) => this.events.data(event.data);
  }

  /** Runs one step of the negotiation: an error (a refused description) fails the pair. */
  #run(step: () => Promise<void>): void {
    step().catch(() => this.#closed || this.events.fail());
  }

  async #offer(): Promise<void> {
    const offer = await this.connection.createOffer();
    await this.connection.setLocalDescription(offer);
    if (this.#closed) return;
    this.send({
      t: 'offer',
      sdp: trickleOnly(this.connection.localDescription?.sdp ?? offer.sdp ?? ''),
    });
  }

  /** The other page's offer: answered once it is set. */
  takeOffer(sdp: string): void {
    this.#run(async () => {
      await this.#describe({ type: 'offer', sdp });
      if (this.#closed) return;
      if (this.channel === undefined) this.#openChannel();
      const answer = await this.connection.createAnswer();
      await this.connection.setLocalDescription(answer);
      if (this.#closed) return;
      this.send({
        t: 'answer',
        sdp: trickleOnly(this.connection.localDescription?.sdp ?? answer.sdp ?? ''),
      });
    });
  }

  /** The other page's answer to this page's offer. */
  takeAnswer(sdp: string): void {
    this.#run(() => this.#describe({ type: 'answer', sdp }));
  }

  /** One of the other page's ICE candidates: added now, or once its description is set. */
  takeCandidate(candidate: string, mid: string | null): void {
    // One m-line (the data channel's), so its index is 0 whatever the media id.
    const init: RTCIceCandidateInit = { candidate, sdpMid: mid, sdpMLineIndex: 0 };
    if (this.#described) this.#add(init);
    else if (this.#pending.length < MAX_PENDING) this.#pending.push(init);
  }

  async #describe(description: RTCSessionDescriptionInit): Promise<void> {
    await this.connection.setRemoteDescription(description);
    this.#described = true;
    for (const init of this.#pending.splice(0)) this.#add(init);
    if (!this.#closed) for (const signal of this.#held.splice(0)) this.send(signal);
  }

  /** A candidate the connection refuses is dropped: the others may still connect. */
  #add(init: RTCIceCandidateInit): void {
    if (!this.#closed) this.connection.addIceCandidate(init).catch(() => undefined);
  }

  /** Ends the pair for good; no event follows. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.channel?.close();
    this.connection.close();
  }
}
