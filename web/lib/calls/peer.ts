/**
 * One connection of the mesh: this page and one other participant, with "perfect negotiation" as
 * MDN describes it. Either side may (re)negotiate whenever its tracks change; when both offer at
 * once, the polite side rolls its offer back and answers, the impolite one ignores the other's.
 * The very first offer is the impolite side's alone: the polite side adds its tracks as it takes
 * that offer (`beforeFirstOffer`), since Chromium can leave a connection whose first offer was rolled
 * back gathering candidates forever.
 * A path that fails, or stays disconnected for a moment (a short network drop), is restarted
 * (ICE restart) rather than the call ended.
 */
import type { SignalBody } from "@party/call-signals";

/** 'disconnected' often recovers by itself within a second or two; past this, find a new path. */
const RESTART_AFTER_DISCONNECT_MS = 2500;
/**
 * Once both descriptions are set, the two sides find a path within a second on a good network. When
 * two offers crossed, the candidates of the one rolled back can be lost on the way; a connection
 * that has not even started checking a path after this looks afresh, with new candidates.
 */
const RESTART_IF_NOT_CONNECTED_MS = 5000;

export interface PeerEvents {
  send(body: SignalBody): void;
  /** The remote media, once its first track arrives, and again as tracks come and go. */
  media(stream: MediaStream): void;
  state(state: RTCPeerConnectionState): void;
}

export class Peer {
  readonly pc: RTCPeerConnection;
  readonly remote = new MediaStream();
  #makingOffer = false;
  #ignoreOffer = false;
  #settingRemoteAnswer = false;
  #restartTimer: ReturnType<typeof setTimeout> | undefined;
  #settledTimer: ReturnType<typeof setTimeout> | undefined;
  /** Run once, just before the first offer from the other side is taken. */
  beforeFirstOffer: (() => void) | null = null;

  constructor(
    readonly userId: string,
    /** The other page's session: a reload there is a new session and so a new connection. */
    readonly session: string,
    private readonly polite: boolean,
    iceServers: RTCIceServer[],
    private readonly events: PeerEvents,
  ) {
    this.pc = new RTCPeerConnection({ iceServers });
    this.pc.onnegotiationneeded = () => void this.#offer();
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) events.send({ candidate: candidate.toJSON() });
    };
    this.pc.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      track.onended = () => {
        this.remote.removeTrack(track);
        events.media(this.remote);
      };
      events.media(this.remote);
    };
    this.pc.oniceconnectionstatechange = () => this.#watchPath();
    this.pc.onsignalingstatechange = () => this.#watchNegotiation();
    this.pc.onconnectionstatechange = () => events.state(this.pc.connectionState);
  }

  async #offer() {
    try {
      this.#makingOffer = true;
      await this.pc.setLocalDescription();
      this.events.send({ description: this.pc.localDescription!.toJSON() });
    } catch (error) {
      console.error("Could not make an offer:", error);
    } finally {
      this.#makingOffer = false;
    }
  }

  #watchPath() {
    const state = this.pc.iceConnectionState;
    clearTimeout(this.#restartTimer);
    if (state === "failed") this.pc.restartIce();
    else if (state === "disconnected") {
      this.#restartTimer = setTimeout(() => {
        if (this.pc.iceConnectionState === "disconnected") this.pc.restartIce();
      }, RESTART_AFTER_DISCONNECT_MS);
    }
  }

  #watchNegotiation() {
    clearTimeout(this.#settledTimer);
    if (this.pc.signalingState !== "stable" || !this.pc.remoteDescription) return;
    this.#settledTimer = setTimeout(() => {
      // Still checking is left alone: a busy machine may be slow, and a restart would start it over.
      if (this.pc.iceConnectionState === "new") this.pc.restartIce();
    }, RESTART_IF_NOT_CONNECTED_MS);
  }

  /** A signal the other side sent through the room. */
  async receive(body: SignalBody) {
    try {
      if ("description" in body) {
        const { description } = body;
        const readyForOffer = !this.#makingOffer && (this.pc.signalingState === "stable" || this.#settingRemoteAnswer);
        const collision = description.type === "offer" && !readyForOffer;
        this.#ignoreOffer = !this.polite && collision;
        if (this.#ignoreOffer) return;
        this.#settingRemoteAnswer = description.type === "answer";
        if (description.type === "offer" && this.beforeFirstOffer) {
          this.beforeFirstOffer();
          this.beforeFirstOffer = null;
        }
        await this.pc.setRemoteDescription(description);
        this.#settingRemoteAnswer = false;
        if (description.type === "offer") {
          await this.pc.setLocalDescription();
          this.events.send({ description: this.pc.localDescription!.toJSON() });
        }
      } else if (body.candidate) {
        try {
          await this.pc.addIceCandidate(body.candidate);
        } catch (error) {
          // A candidate of the offer this side ignored belongs to nothing here.
          if (!this.#ignoreOffer) throw error;
        }
      }
    } catch (error) {
      console.error("Could not take a signal:", error);
    }
  }

  /** A new path after this page's own connection came back (its signals may have been lost meanwhile). */
  restart() {
    this.pc.restartIce();
  }

  close() {
    clearTimeout(this.#restartTimer);
    clearTimeout(this.#settledTimer);
    this.pc.close();
  }
}
