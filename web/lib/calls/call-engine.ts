/**
 * This page's side of a call: its microphone and camera, one connection to each other participant
 * (a mesh of at most four), and what it hears from the chat's room (who is in the call, their
 * signals, the call's end). The room decides who is in the call; this follows it. React reads the
 * state through `subscribe` / `snapshot` (web/components/calls/call-view.tsx).
 */
import { CALL_DECLINED, NO_ANSWER } from "@core/call-rules";
import type { CallRoomEvent, CallView } from "@party/call-signals";
import { callMessages } from "@party/call-wire";
import type { ActiveCall } from "./active-call";
import { openDevice, openMedia, openScreen } from "./media";
import { Peer, type PeerStatus } from "./peer";
import { watchQuality } from "./quality";

export const MOVED_ELSEWHERE = "You joined this call on another page.";

export interface Remote {
  stream: MediaStream;
  status: PeerStatus;
  poor: boolean;
}

export interface CallState {
  /** 'joining' until the room has this page in the call; 'waiting' while nobody else is in it yet. */
  phase: "joining" | "waiting" | "live" | "ended";
  call: CallView | null;
  /** What this page shows of itself: the camera, or the screen while sharing. */
  preview: MediaStream | null;
  remotes: Record<string, Remote>;
  muted: boolean;
  cameraOff: boolean;
  sharing: boolean;
  hasCamera: boolean;
  hasMicrophone: boolean;
  /** Why some of this page's media is missing (refused, no device). */
  problem: string | null;
}

interface Options {
  active: ActiveCall;
  myId: string;
  iceServers: () => Promise<RTCIceServer[]>;
  /** The call is over for this page; `message` says why when the member should be told. */
  onEnd: (message: string | null) => void;
}

interface Senders {
  audio?: RTCRtpSender;
  video?: RTCRtpSender;
}

interface PeerEntry {
  peer: Peer;
  senders: Senders | null;
  unwatch: () => void;
}

/** WebRTC's running totals for one audio source: energy, and seconds of audio it was summed over. */
interface AudioEnergy {
  energy: number;
  seconds: number;
}

export class CallEngine {
  readonly session = crypto.randomUUID();
  #state: CallState = {
    phase: "joining",
    call: null,
    preview: null,
    remotes: {},
    muted: false,
    cameraOff: false,
    sharing: false,
    hasCamera: false,
    hasMicrophone: false,
    problem: null,
  };
  readonly #listeners = new Set<() => void>();
  /**
   * `senders` is null until this side's tracks are on the connection (the polite side waits for an
   * offer): until then nothing may add a track to it, or that side would offer across the other's.
   */
  readonly #peers = new Map<string, PeerEntry>();
  readonly #ready: Promise<void>;
  #local = new MediaStream();
  /** Each person's audio energy when their level was last read (`audioLevel`). */
  readonly #energy = new Map<string, AudioEnergy>();
  #screen: MediaStreamTrack | null = null;
  #iceServers: RTCIceServer[] = [];
  #socket: { send(data: string): void } | null = null;
  /** Events are taken one at a time, in order, once the media is ready. */
  #queue = Promise.resolve();
  #joined = false;
  #ended = false;

  constructor(private readonly options: Options) {
    this.#ready = Promise.all([openMedia(options.active.kind), options.iceServers().catch(() => [])]).then(
      ([media, iceServers]) => {
        this.#local = media.stream;
        this.#iceServers = iceServers;
        this.#update({
          preview: media.stream,
          problem: media.problem,
          hasCamera: media.stream.getVideoTracks().length > 0,
          hasMicrophone: media.stream.getAudioTracks().length > 0,
        });
      },
    );
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  snapshot = () => this.#state;

  #update(patch: Partial<CallState>) {
    this.#state = { ...this.#state, ...patch };
    this.#listeners.forEach((listener) => listener());
  }

  #send(frame: string) {
    this.#socket?.send(frame);
  }

  get #callId() {
    return this.options.active.callId;
  }

  /** The chat room's socket, once (re)opened: this page joins, or rejoins after a drop. */
  connected(socket: { send(data: string): void }) {
    const again = this.#socket !== null;
    this.#socket = socket;
    void this.#ready.then(() => {
      if (this.#ended) return;
      this.#send(callMessages.join(this.#callId, this.session));
      this.#sendMedia();
      // Signals sent while the socket was down are lost: each connection negotiates afresh.
      if (again) for (const { peer } of this.#peers.values()) peer.retry();
    });
  }

  hear(event: CallRoomEvent) {
    this.#queue = this.#queue.then(async () => {
      await this.#ready;
      if (!this.#ended) this.#take(event);
    });
  }

  #take(event: CallRoomEvent) {
    switch (event.type) {
      case "call":
        // A call that is gone is followed by its end, which says how it ended.
        if (event.call?.callId === this.#callId) this.#follow(event.call);
        break;
      case "call-signal": {
        const entry = this.#peers.get(event.from);
        if (event.callId === this.#callId && entry?.peer.session === event.session) {
          void entry.peer.receive(event);
        }
        break;
      }
      case "call-undelivered":
        if (event.callId === this.#callId) this.#peers.get(event.to)?.peer.undelivered();
        break;
      case "call-ended":
        if (event.callId !== this.#callId) break;
        if (!this.options.active.placed) this.#end(null);
        else this.#end(event.outcome === "declined" ? CALL_DECLINED : event.outcome === "no-answer" ? NO_ANSWER : null);
        break;
      case "call-error":
        if (event.callId === this.#callId) this.#end(event.message);
        break;
    }
  }

  /** Brings the mesh in line with who is in the call now. */
  #follow(call: CallView) {
    const me = call.participants.find((p) => p.userId === this.options.myId);
    if (me?.session === this.session) this.#joined = true;
    else if (this.#joined && me && !me.away) return this.#end(MOVED_ELSEWHERE);
    if (!this.#joined) return this.#update({ call });

    const present = new Map(call.participants.map((p) => [p.userId, p]));
    for (const [userId, { peer }] of this.#peers) {
      const now = present.get(userId);
      // Gone, or back from a reload (a new session): that connection is over.
      if (!now || (now.session !== peer.session && !now.away)) this.#dropPeer(userId);
      else peer.setAway(now.away);
    }
    for (const p of call.participants) {
      if (p.userId === this.options.myId || !p.session || this.#peers.has(p.userId)) continue;
      if (!p.away) this.#addPeer(p.userId, p.session);
    }
    const others = call.participants.some((p) => p.userId !== this.options.myId);
    this.#update({ call, phase: others && call.connectedAt !== null ? "live" : "waiting" });
  }

  #addPeer(userId: string, session: string) {
    // The lower id is polite: both sides agree without a word.
    const polite = this.options.myId < userId;
    const putTracks = () => {
      const senders: Senders = {};
      for (const track of this.#local.getTracks())
        senders[track.kind as "audio" | "video"] = peer.pc.addTrack(track, this.#local);
      if (this.#screen && !senders.video) senders.video = peer.pc.addTrack(this.#screen, this.#local);
      entry.senders = senders;
      this.#applyOutgoing();
    };
    const peer = new Peer(
      userId,
      session,
      polite,
      this.#iceServers,
      {
        send: (body) => this.#send(callMessages.signal(this.#callId, userId, body)),
        media: (stream) => this.#remote(userId, { stream: new MediaStream(stream.getTracks()) }),
        status: (status) => this.#remote(userId, { status }),
      },
      putTracks,
    );
    const unwatch = watchQuality(peer.pc, (poor) => this.#remote(userId, { poor }));
    const entry: PeerEntry = { peer, senders: null, unwatch };
    this.#peers.set(userId, entry);
    this.#remote(userId, { stream: new MediaStream(), status: "connecting", poor: false });
    peer.start();
  }

  /**
   * How loud this person has been since the last time it was asked (the ring samples a few times a
   * second): the root mean square of the audio over that window, from the energy WebRTC counts.
   * A short sound between two samples still counts, which the level of the last packet would miss.
   */
  async audioLevel(userId: string) {
    if (userId === this.options.myId) {
      if (this.#state.muted) return 0;
      const sender = [...this.#peers.values()].find((entry) => entry.senders?.audio?.track)?.senders?.audio;
      return this.#levelSince(userId, await sender?.getStats(), "media-source");
    }
    // Nothing is heard before the connection is up, and asking its statistics would take the
    // threads that set it up.
    const pc = this.#peers.get(userId)?.peer.pc;
    if (pc?.connectionState !== "connected") return this.#levelSince(userId, undefined, "inbound-rtp");
    const receiver = pc.getReceivers().find((r) => r.track.kind === "audio");
    return this.#levelSince(userId, await receiver?.getStats(), "inbound-rtp");
  }

  #levelSince(userId: string, report: RTCStatsReport | undefined, type: "media-source" | "inbound-rtp") {
    let now: AudioEnergy | undefined;
    report?.forEach((stat: Record<string, unknown>) => {
      if (stat.type === type && stat.kind === "audio") {
        now = { energy: Number(stat.totalAudioEnergy ?? 0), seconds: Number(stat.totalSamplesDuration ?? 0) };
      }
    });
    const before = this.#energy.get(userId);
    if (!now) {
      this.#energy.delete(userId);
      return 0;
    }
    this.#energy.set(userId, now);
    if (!before || now.seconds <= before.seconds) return 0;
    return Math.sqrt(Math.max(0, now.energy - before.energy) / (now.seconds - before.seconds));
  }

  /** The member asks to try a connection that could not be made once more. */
  retry(userId: string) {
    this.#peers.get(userId)?.peer.retry();
  }

  #dropPeer(userId: string) {
    const entry = this.#peers.get(userId);
    if (!entry) return;
    entry.unwatch();
    entry.peer.close();
    this.#peers.delete(userId);
    const { [userId]: _gone, ...remotes } = this.#state.remotes;
    this.#update({ remotes });
  }

  #remote(userId: string, patch: Partial<Remote>) {
    if (!this.#peers.has(userId)) return;
    const before = this.#state.remotes[userId] ?? { stream: new MediaStream(), status: "connecting", poor: false };
    this.#update({ remotes: { ...this.#state.remotes, [userId]: { ...before, ...patch } } });
  }

  /** What each connection sends now: nothing while muted or with the camera off, the screen while sharing. */
  #applyOutgoing() {
    const { muted, cameraOff } = this.#state;
    const audio = muted ? null : (this.#local.getAudioTracks()[0] ?? null);
    const video = this.#screen ?? (cameraOff ? null : (this.#local.getVideoTracks()[0] ?? null));
    for (const { peer, senders } of this.#peers.values()) {
      if (!senders) continue;
      if (senders.audio && senders.audio.track !== audio) void senders.audio.replaceTrack(audio);
      if (senders.video && senders.video.track !== video) void senders.video.replaceTrack(video);
      // A voice call has no video to replace: sharing a screen adds it (the connection renegotiates).
      if (!senders.video && video) senders.video = peer.pc.addTrack(video, this.#local);
    }
  }

  #sendMedia() {
    const { muted, cameraOff, hasCamera } = this.#state;
    this.#send(callMessages.media(this.#callId, !muted, Boolean(this.#screen) || (hasCamera && !cameraOff)));
  }

  toggleMute() {
    const muted = !this.#state.muted;
    for (const track of this.#local.getAudioTracks()) track.enabled = !muted;
    this.#update({ muted });
    this.#applyOutgoing();
    this.#sendMedia();
  }

  toggleCamera() {
    const cameraOff = !this.#state.cameraOff;
    for (const track of this.#local.getVideoTracks()) track.enabled = !cameraOff;
    this.#update({ cameraOff });
    this.#applyOutgoing();
    this.#sendMedia();
  }

  async toggleScreen() {
    if (this.#screen) return this.#stopSharing();
    const screen = await openScreen();
    if (!screen || this.#ended) return screen?.stop();
    this.#screen = screen;
    screen.onended = () => this.#stopSharing();
    this.#update({ sharing: true, preview: new MediaStream([screen]) });
    this.#applyOutgoing();
    this.#sendMedia();
  }

  #stopSharing() {
    this.#screen?.stop();
    this.#screen = null;
    this.#update({ sharing: false, preview: this.#local });
    this.#applyOutgoing();
    this.#sendMedia();
  }

  /** Moves to another microphone or camera, in the call as it is. */
  async useDevice(kind: "audio" | "video", deviceId: string) {
    const track = await openDevice(kind, deviceId);
    const old = kind === "audio" ? this.#local.getAudioTracks()[0] : this.#local.getVideoTracks()[0];
    if (old) {
      this.#local.removeTrack(old);
      old.stop();
    }
    track.enabled = kind === "audio" ? !this.#state.muted : !this.#state.cameraOff;
    this.#local.addTrack(track);
    for (const { peer, senders } of this.#peers.values()) {
      if (senders && !senders[kind]) senders[kind] = peer.pc.addTrack(track, this.#local);
    }
    this.#update({
      preview: this.#screen ? this.#state.preview : new MediaStream(this.#local.getTracks()),
      hasCamera: this.#local.getVideoTracks().length > 0,
      hasMicrophone: this.#local.getAudioTracks().length > 0,
    });
    this.#applyOutgoing();
  }

  /** The tracks this page uses now, for the device picker to mark. */
  currentDevice(kind: "audio" | "video") {
    const track = kind === "audio" ? this.#local.getAudioTracks()[0] : this.#local.getVideoTracks()[0];
    return track?.getSettings().deviceId ?? null;
  }

  hangUp() {
    this.#send(callMessages.leave(this.#callId));
    this.#end(null);
  }

  #end(message: string | null) {
    if (this.#ended) return;
    this.#ended = true;
    this.dispose();
    this.#update({ phase: "ended" });
    this.options.onEnd(message);
  }

  /** Lets go of the camera, the microphone and every connection. */
  dispose() {
    for (const userId of [...this.#peers.keys()]) this.#dropPeer(userId);
    void this.#ready.then(() => {
      for (const track of this.#local.getTracks()) track.stop();
      this.#screen?.stop();
    });
  }
}
