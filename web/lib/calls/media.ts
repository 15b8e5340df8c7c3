/**
 * This page's microphone and camera for a call, and what to tell the member when the browser
 * refuses them: a video call whose camera is refused or missing goes on as a voice call, and a
 * call without a microphone still lets the member see and hear the others.
 */
import type { CallKind } from "@core/enums";

export const CAMERA_UNAVAILABLE = "Your camera is not available, so the others hear you without seeing you.";
export const MICROPHONE_REFUSED =
  "Crewboard may not use your microphone. Allow it in your browser's site settings to be heard; you can still see and hear the others.";
export const MICROPHONE_MISSING = "No microphone was found. You can still see and hear the others.";

export interface LocalMedia {
  stream: MediaStream;
  /** Why part of the media is missing, in the member's words; null when all is there. */
  problem: string | null;
}

const VIDEO: MediaTrackConstraints = { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24 } };

const refused = (error: unknown) => error instanceof DOMException && error.name === "NotAllowedError";

export async function openMedia(kind: CallKind, devices: { audio?: string; video?: string } = {}): Promise<LocalMedia> {
  const audio: MediaTrackConstraints | boolean = devices.audio ? { deviceId: { exact: devices.audio } } : true;
  if (kind === "video") {
    try {
      const video = devices.video ? { ...VIDEO, deviceId: { exact: devices.video } } : VIDEO;
      return { stream: await navigator.mediaDevices.getUserMedia({ audio, video }), problem: null };
    } catch {
      // Whatever was wrong with the camera, the call can go on with sound alone.
      const voice = await openMedia("voice", devices);
      return { stream: voice.stream, problem: voice.problem ?? CAMERA_UNAVAILABLE };
    }
  }
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio }), problem: null };
  } catch (error) {
    return { stream: new MediaStream(), problem: refused(error) ? MICROPHONE_REFUSED : MICROPHONE_MISSING };
  }
}

/** One new track from the chosen device, to put in place of the current one. */
export async function openDevice(kind: "audio" | "video", deviceId: string) {
  const constraints =
    kind === "audio"
      ? { audio: { deviceId: { exact: deviceId } } }
      : { video: { ...VIDEO, deviceId: { exact: deviceId } } };
  const stream = await navigator.mediaDevices.getUserMedia(constraints);
  return stream.getTracks()[0]!;
}

export interface Devices {
  microphones: MediaDeviceInfo[];
  cameras: MediaDeviceInfo[];
}

export async function listDevices(): Promise<Devices> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return {
    microphones: all.filter((d) => d.kind === "audioinput" && d.deviceId),
    cameras: all.filter((d) => d.kind === "videoinput" && d.deviceId),
  };
}

/** The member's screen, or null when they chose nothing (or the browser refused). */
export async function openScreen() {
  try {
    const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    return stream.getVideoTracks()[0] ?? null;
  } catch {
    return null;
  }
}
