import {
  MessageSquare,
  MicOff,
  Minimize2,
  MonitorUp,
  PhoneOff,
  RotateCw,
  Settings2,
  Video,
  VideoOff,
  Volume2,
  WifiOff,
} from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { formatCallDuration } from "@core/call-rules";
import type { CallParticipant } from "@party/call-signals";
import type { CallEngine, CallState, Remote } from "@web/lib/calls/call-engine";
import { listDevices, type Devices } from "@web/lib/calls/media";
import { useSpeaking } from "@web/lib/calls/speaking";
import { cn } from "@web/lib/cn";
import { Avatar } from "../avatar";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { MuteButton } from "./mute-button";
import { VideoGrid } from "./video-grid";

export interface Person {
  name: string;
  avatarUrl: string | null;
}

/** Fetched when the member first opens the chat during a call. */
const CallChat = lazy(() => import("./call-chat"));

/** m:ss since the second person joined, ticking. */
export function Timer({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span className="tabular-nums">{formatCallDuration(now - since)}</span>;
}

/**
 * Plays a stream. A browser may refuse to play sound on a page nobody touched yet (after a reload):
 * the video then plays muted and the tile offers to turn the sound on.
 */
function Media({ stream, self, label }: { stream: MediaStream; self: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [silenced, setSilenced] = useState(false);
  useEffect(() => {
    const video = ref.current!;
    video.srcObject = stream;
    video.play().catch((error: unknown) => {
      if (self || !(error instanceof DOMException && error.name === "NotAllowedError")) return;
      video.muted = true;
      setSilenced(true);
      void video.play().catch(() => undefined);
    });
  }, [stream, self]);
  return (
    <>
      {/* A live call has no captions to offer. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={self}
        aria-label={label}
        className={cn("size-full object-contain", self && "-scale-x-100")}
      />
      {silenced && (
        <Button
          size="sm"
          variant="floating"
          className="absolute top-2 left-1/2 -translate-x-1/2"
          onClick={() => {
            ref.current!.muted = false;
            setSilenced(false);
          }}
        >
          <Volume2 aria-hidden />
          Turn sound on
        </Button>
      )}
    </>
  );
}

const tileSize = (compact: boolean) => (compact ? "h-44 w-40 sm:h-52 sm:w-48" : "aspect-video w-(--tile-width)");

function Tile({
  person,
  stream,
  self,
  showVideo,
  muted,
  status,
  onRetry,
  compact,
  speaking,
}: {
  person: Person;
  stream: MediaStream | null;
  self: boolean;
  showVideo: boolean;
  muted: boolean;
  status: string | null;
  /** A voice call: a card the size of its avatar; otherwise a 16:9 tile as wide as `VideoGrid` says. */
  compact: boolean;
  /** Lights the ring around the avatar. */
  speaking: boolean;
  /** Given when every try to connect failed: the tile says so and offers another. */
  onRetry?: () => void;
}) {
  const name = self ? `${person.name} (you)` : person.name;
  return (
    <figure
      className={cn("relative flex items-center justify-center overflow-hidden rounded-xl bg-muted", tileSize(compact))}
      aria-label={self ? "Your video" : `${person.name}'s video`}
      data-speaking={speaking && !muted}
    >
      {stream && stream.getTracks().length > 0 && (
        <div className={cn("absolute inset-0", !showVideo && "invisible")}>
          <Media stream={stream} self={self} label={self ? "Your camera" : `Video of ${person.name}`} />
        </div>
      )}
      {!showVideo && (
        <Avatar
          name={person.name}
          url={person.avatarUrl}
          className={cn(
            "size-20 ring-offset-4 ring-offset-muted transition-shadow",
            speaking && !muted && "ring-4 ring-green-600",
          )}
          initialClassName="text-3xl"
        />
      )}
      <figcaption className="absolute bottom-2 left-2 flex max-w-[calc(100%-1rem)] items-center gap-1.5 rounded-md bg-black/60 px-2 py-1 text-xs text-white">
        {muted && <MicOff className="size-3.5 shrink-0" aria-label="Muted" />}
        <span className="truncate">{name}</span>
      </figcaption>
      {onRetry ? (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 p-3 text-center text-sm text-white"
        >
          <WifiOff className="size-5" aria-hidden />
          <p>Could not connect to {person.name}</p>
          <Button size="sm" variant="floating" onClick={onRetry}>
            <RotateCw aria-hidden />
            Retry
          </Button>
        </div>
      ) : (
        status && (
          <span className="absolute top-2 right-2 flex items-center gap-1 rounded-md bg-black/60 px-2 py-1 text-xs text-white">
            <WifiOff className="size-3.5" aria-hidden />
            {status}
          </span>
        )
      )}
    </figure>
  );
}

function remoteStatus(away: boolean, remote: Remote | undefined) {
  if (away || remote?.status === "reconnecting") return "Reconnecting...";
  if (remote?.status !== "connected") return "Connecting...";
  return remote.poor ? "Poor connection" : null;
}

/** Where this page stands with one other participant, in a word or two. */
function connectionWord(away: boolean, remote: Remote | undefined) {
  if (away || remote?.status === "reconnecting") return "Reconnecting...";
  if (remote?.status === "failed") return "Could not connect";
  return remote?.status === "connected" ? "Connected" : "Connecting...";
}

/**
 * Who is in the call and whether this page reaches each of them, so a member never wonders whether
 * the others hear them.
 */
function Roster({
  others,
  ringing,
  remotes,
  people,
}: {
  others: CallParticipant[];
  ringing: string[];
  remotes: CallState["remotes"];
  people: (userId: string) => Person;
}) {
  const entries = [
    ...others.map((p) => ({
      userId: p.userId,
      word: connectionWord(p.away, remotes[p.userId]),
      live: remotes[p.userId]?.status === "connected" && !p.away,
    })),
    ...ringing.map((userId) => ({ userId, word: "Ringing...", live: false })),
  ];
  if (entries.length === 0) return null;
  return (
    <ul aria-label="In this call" className="flex flex-wrap gap-1.5 text-xs">
      {entries.map(({ userId, word, live }) => (
        <li key={userId} className="flex max-w-full min-w-0 items-center gap-1.5 rounded-full bg-muted px-2.5 py-1">
          <span
            aria-hidden
            className={cn("size-2 shrink-0 rounded-full", live ? "bg-green-600" : "bg-muted-foreground")}
          />
          <span className="truncate">{people(userId).name}</span>
          <span className="shrink-0 text-muted-foreground">{word}</span>
        </li>
      ))}
    </ul>
  );
}

/** Microphone and camera, chosen in the call as it goes on. */
function DevicePicker({ engine, state }: { engine: CallEngine; state: CallState }) {
  const [devices, setDevices] = useState<Devices | null>(null);
  const pick = (kind: "audio" | "video") => (deviceId: string) => void engine.useDevice(kind, deviceId);
  return (
    <DropdownMenu onOpenChange={(open) => open && void listDevices().then(setDevices)}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" shape="pill" aria-label="Devices">
          <Settings2 aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="center" side="top" className="w-72">
        <p className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">Microphone</p>
        <DropdownMenuRadioGroup value={engine.currentDevice("audio") ?? ""} onValueChange={pick("audio")}>
          {devices?.microphones.map((d, i) => (
            <DropdownMenuRadioItem key={d.deviceId} value={d.deviceId}>
              <span className="truncate">{d.label || `Microphone ${i + 1}`}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {devices && devices.microphones.length === 0 && <p className="px-2 py-1.5 text-sm">No microphone found</p>}
        {state.hasCamera && (
          <>
            <DropdownMenuSeparator />
            <p className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">Camera</p>
            <DropdownMenuRadioGroup value={engine.currentDevice("video") ?? ""} onValueChange={pick("video")}>
              {devices?.cameras.map((d, i) => (
                <DropdownMenuRadioItem key={d.deviceId} value={d.deviceId}>
                  <span className="truncate">{d.label || `Camera ${i + 1}`}</span>
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </>
        )}
        {!devices && <p className="px-2 py-1.5 text-sm text-muted-foreground">Loading...</p>}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A voice call's row of avatars, or a video call's grid of 16:9 tiles. */
function Tiles({ compact, count, children }: { compact: boolean; count: number; children: ReactNode }) {
  if (!compact) return <VideoGrid count={count}>{children}</VideoGrid>;
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-wrap content-center items-center justify-center gap-3 overflow-y-auto">
      {children}
    </div>
  );
}

/**
 * The call, over the whole window: this page's preview and a tile per other participant with their
 * name, the controls (mute, camera, screen, devices, the chat, hang up) and, once someone answered,
 * the timer. Minimized, it stays in the page out of sight, so its videos keep playing the others'
 * voices while the member uses the rest of the app (call-bar.tsx).
 */
export function CallView({
  engine,
  state,
  chatId,
  title,
  myId,
  people,
  reconnecting,
  minimized,
  onMinimize,
}: {
  engine: CallEngine;
  state: CallState;
  chatId: string;
  title: string;
  myId: string;
  people: (userId: string) => Person;
  reconnecting: boolean;
  minimized: boolean;
  onMinimize: () => void;
}) {
  const [chatOpen, setChatOpen] = useState(false);
  const others = state.call?.participants.filter((p) => p.userId !== myId) ?? [];
  const ringing = state.call?.ringing ?? [];
  const video = state.call?.kind === "video";
  const tiles = others.length + ringing.length + 1;
  // A voice call with nobody's screen shared is a row of avatars; video tiles share the screen.
  const compact = !video && !state.sharing && others.every((p) => !p.video);
  const speaking = useSpeaking(engine, [myId, ...others.map((p) => p.userId)]);
  const status =
    state.phase === "joining"
      ? "Joining..."
      : state.phase === "waiting"
        ? "Calling..."
        : reconnecting
          ? "Reconnecting..."
          : null;

  return (
    <section
      aria-label="Call"
      hidden={minimized}
      className="fixed inset-0 z-40 flex flex-col gap-3 bg-background p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:p-4"
    >
      <header className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {video ? "Video call" : "Voice call"} ·{" "}
            {status ?? (state.call?.connectedAt ? <Timer since={state.call.connectedAt} /> : null)}
          </p>
        </div>
        <Button variant="ghost" size="icon" aria-label="Minimize call" title="Minimize call" onClick={onMinimize}>
          <Minimize2 aria-hidden />
        </Button>
      </header>
      <Roster others={others} ringing={ringing} remotes={state.remotes} people={people} />
      {state.problem && <Alert>{state.problem}</Alert>}
      <div className="flex min-h-0 flex-1 gap-3">
        <Tiles compact={compact} count={tiles}>
          {others.map((p) => (
            <Tile
              key={p.userId}
              person={people(p.userId)}
              stream={state.remotes[p.userId]?.stream ?? null}
              self={false}
              showVideo={p.video && Boolean(state.remotes[p.userId]?.stream.getVideoTracks().length)}
              muted={!p.audio}
              status={remoteStatus(p.away, state.remotes[p.userId])}
              onRetry={
                !p.away && state.remotes[p.userId]?.status === "failed" ? () => engine.retry(p.userId) : undefined
              }
              compact={compact}
              speaking={p.audio && speaking.has(p.userId)}
            />
          ))}
          {ringing.map((userId) => (
            <figure
              key={userId}
              aria-label={`${people(userId).name}, ringing`}
              className={cn(
                "relative flex flex-col items-center justify-center gap-2 overflow-hidden rounded-xl bg-muted",
                tileSize(compact),
              )}
            >
              <Avatar
                name={people(userId).name}
                url={people(userId).avatarUrl}
                className="size-20 animate-pulse"
                initialClassName="text-3xl"
              />
              <figcaption className="max-w-full truncate px-2 text-sm">
                {people(userId).name} · <span className="text-muted-foreground">Ringing...</span>
              </figcaption>
            </figure>
          ))}
          <Tile
            person={people(myId)}
            stream={state.preview}
            self
            showVideo={state.sharing || (state.hasCamera && !state.cameraOff)}
            muted={state.muted}
            status={null}
            compact={compact}
            speaking={speaking.has(myId)}
          />
        </Tiles>
        {chatOpen && (
          <Suspense>
            <CallChat chatId={chatId} myId={myId} onClose={() => setChatOpen(false)} />
          </Suspense>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3" role="toolbar" aria-label="Call controls">
        <MuteButton engine={engine} state={state} />
        {state.hasCamera && (
          <Button
            variant={state.cameraOff ? "destructive" : "outline"}
            size="icon"
            shape="pill"
            aria-label={state.cameraOff ? "Turn camera on" : "Turn camera off"}
            aria-pressed={state.cameraOff}
            onClick={() => engine.toggleCamera()}
          >
            {state.cameraOff ? <VideoOff aria-hidden /> : <Video aria-hidden />}
          </Button>
        )}
        {"getDisplayMedia" in (navigator.mediaDevices ?? {}) && (
          <Button
            variant={state.sharing ? "default" : "outline"}
            size="icon"
            shape="pill"
            aria-label={state.sharing ? "Stop sharing" : "Share screen"}
            aria-pressed={state.sharing}
            onClick={() => void engine.toggleScreen()}
          >
            <MonitorUp aria-hidden />
          </Button>
        )}
        <DevicePicker engine={engine} state={state} />
        <Button
          variant={chatOpen ? "default" : "outline"}
          size="icon"
          shape="pill"
          aria-label="Chat"
          aria-pressed={chatOpen}
          onClick={() => setChatOpen(!chatOpen)}
        >
          <MessageSquare aria-hidden />
        </Button>
        {/* Below 640 px only its icon: the five controls then keep to one row on a phone. */}
        <Button
          variant="destructive"
          shape="pill"
          className="h-11 w-11 px-0 sm:w-auto sm:px-6"
          aria-label="Hang up"
          title="Hang up"
          onClick={() => engine.hangUp()}
        >
          <PhoneOff aria-hidden />
          <span className="hidden sm:inline">Hang up</span>
        </Button>
      </div>
    </section>
  );
}
