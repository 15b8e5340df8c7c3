/**
 * One connection of the mesh: this page and one other participant, with "perfect negotiation" as
 * MDN describes it. Either side may (re)negotiate whenever its tracks change; when both offer at
 * once, the polite side rolls its offer back and answers, the impolite one ignores the other's.
 *
 * The first offer is normally the impolite side's: the polite side puts its tracks on as it takes
 * that offer, since Chromium can leave a connection whose first offer was rolled back gathering
 * candidates forever. Nothing is left to that one offer arriving, though: a watchdog sees that the
 * pair gets connected, and moves it on when it does not, one try at a time:
 * - an offer with no answer in time is sent again (it, or its answer, was lost on the way);
 * - a polite side that has heard no offer in time offers itself;
 * - a pair that has both descriptions but no path, or whose path failed or stayed disconnected for
 *   a moment (a short network drop), restarts ICE.
 * After `MAX_TRIES` the pair gives up and says so ('failed'), until `retry`.
 */
import type { SignalBody } from "@party/call-signals";

/** An offer unanswered this long was lost on the way, or its answer was. */
const ANSWER_WAIT_MS = 3000;
/**
 * The polite side waits this long for the first offer before it offers itself: longer than the
 * impolite side waits to send its own again, so that the two rarely cross.
 */
const FIRST_OFFER_WAIT_MS = 4500;
/** Both descriptions set, a path is found within a second or two even on a loaded machine. */
const CONNECT_WAIT_MS = 6000;
/** 'disconnected' often recovers by itself within a second or two; past this, find a new path. */
const RESTART_AFTER_DISCONNECT_MS = 2500;
/** The room could not hand a signal over (the other page is not in the call this moment). */
const UNDELIVERED_RETRY_MS = 1000;
/** The first negotiation and then each renegotiation or restart: about half a minute in all. */
const MAX_TRIES = 4;

/** What the member reads of this connection; 'failed' once every try is spent. */
export type PeerStatus = "connecting" | "connected" | "reconnecting" | "failed";

export interface PeerEvents {
  send(body: SignalBody): void;
  /** The remote media, once its first track arrives, and again as tracks come and go. */
  media(stream: MediaStream): void;
  status(status: PeerStatus): void;
}

export class Peer {
  readonly pc: RTCPeerConnection;
  readonly remote = new MediaStream();
  #makingOffer = false;
  #ignoreOffer = false;
  #settingRemoteAnswer = false;
  #tracksOn = false;
  #tries = 1;
  #watchdog: ReturnType<typeof setTimeout> | undefined;
  /** The other page is away (reloading, reconnecting): nothing can reach it, so no try is spent. */
  #away = false;
  #status: PeerStatus = "connecting";

  constructor(
    readonly userId: string,
    /** The other page's session: a reload there is a new session and so a new connection. */
    readonly session: string,
    private readonly polite: boolean,
    iceServers: RTCIceServer[],
    private readonly events: PeerEvents,
    /** Puts this page's tracks on the connection; called once, before this side's first description. */
    private readonly putTracks: () => void,
  ) {
    // One transport for the audio and the video from the first offer on: half the candidates to
    // gather, check and secure while a call sets up (every browser we serve bundles).
    this.pc = new RTCPeerConnection({ iceServers, bundlePolicy: "max-bundle" });
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
    this.pc.onconnectionstatechange = () => this.#connectionChanged();
  }

  /** Begins: the impolite side offers at once, the polite side waits a while for that offer. */
  start() {
    if (!this.polite) this.#offerOwn();
    this.#watch(this.polite ? FIRST_OFFER_WAIT_MS : ANSWER_WAIT_MS);
  }

  #putTracksOn() {
    if (this.#tracksOn) return;
    this.#tracksOn = true;
    this.putTracks();
  }

  /** This side offers. With nothing to send (no microphone) it still asks to receive, or the offer would be empty. */
  #offerOwn() {
    this.#putTracksOn();
    if (this.pc.getTransceivers().length === 0) this.pc.addTransceiver("audio", { direction: "recvonly" });
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

  #setStatus(status: PeerStatus) {
    if (status === this.#status) return;
    this.#status = status;
    this.events.status(status);
  }

  /** Looks again after `ms`: by then the pair is connected, or it is moved on. */
  #watch(ms: number) {
    clearTimeout(this.#watchdog);
    this.#watchdog = setTimeout(() => this.#nudge(), ms);
  }

  #nudge() {
    if (this.#away || this.pc.connectionState === "connected" || this.pc.signalingState === "closed") return;
    if (this.#tries >= MAX_TRIES) return this.#setStatus("failed");
    this.#tries++;
    this.#negotiateAgain();
  }

  #negotiateAgain() {
    const { signalingState, localDescription, remoteDescription } = this.pc;
    if (signalingState === "have-local-offer" && localDescription) {
      // The same offer again, with the candidates gathered since: the other side answers it as new.
      this.events.send({ description: localDescription.toJSON() });
    } else if (!localDescription && !remoteDescription) {
      // No offer came and none went.
      this.#offerOwn();
    } else if (signalingState === "stable") {
      this.pc.restartIce();
    }
    this.#watch(this.pc.remoteDescription ? CONNECT_WAIT_MS : ANSWER_WAIT_MS);
  }

  #connectionChanged() {
    const state = this.pc.connectionState;
    if (state === "connected") {
      clearTimeout(this.#watchdog);
      this.#tries = 1;
      this.#setStatus("connected");
    } else if (state === "disconnected" || state === "failed") {
      if (this.#status === "connected") this.#setStatus("reconnecting");
      this.#watch(state === "failed" ? 0 : RESTART_AFTER_DISCONNECT_MS);
    }
  }

  /** A signal the other side sent through the room. */
  async receive(body: SignalBody) {
    try {
      if ("description" in body) {
        const { description } = body;
        const readyForOffer = !this.#makingOffer && (this.pc.signalingState === "stable" || this.#settingRemoteAnswer);
        const collision = description.type === "offer" && !readyForOffer;
        // Once it has given up, this side takes whatever the other side offers, to connect at last.
        this.#ignoreOffer = !this.polite && collision && this.#status !== "failed";
        if (this.#ignoreOffer) return;
        this.#settingRemoteAnswer = description.type === "answer";
        if (description.type === "offer") this.#putTracksOn();
        await this.pc.setRemoteDescription(description);
        this.#settingRemoteAnswer = false;
        if (description.type === "offer") {
          await this.pc.setLocalDescription();
          this.events.send({ description: this.pc.localDescription!.toJSON() });
        }
        if (this.pc.connectionState !== "connected" && !this.#away) this.#watch(CONNECT_WAIT_MS);
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

  /** The room could not hand this side's signal over: try again shortly, unless connected anyway. */
  undelivered() {
    if (this.#away || this.pc.connectionState === "connected") return;
    this.#watch(UNDELIVERED_RETRY_MS);
  }

  /**
   * The other page went away, or came back. Away, no try is spent on it; back, it renegotiates
   * itself (its signals were lost meanwhile) and this side watches with its tries afresh.
   */
  setAway(away: boolean) {
    if (away === this.#away) return;
    this.#away = away;
    clearTimeout(this.#watchdog);
    this.#tries = 1;
    if (!away && this.pc.connectionState !== "connected") this.#watch(CONNECT_WAIT_MS);
  }

  /** Starts the tries over: the member asked, or this page's own connection to the room came back. */
  retry() {
    this.#tries = 1;
    if (this.#status === "failed") this.#setStatus("connecting");
    this.#negotiateAgain();
  }

  close() {
    clearTimeout(this.#watchdog);
    this.pc.close();
  }
}
