/**
 * Who is speaking now, for the ring around their avatar: each person's audio level, read a few
 * times a second. Above this level a voice is heard over a quiet room's hum.
 */
import { useEffect, useState } from "react";
import type { CallEngine } from "./call-engine";

const SPEAKING_LEVEL = 0.02;
const SAMPLE_MS = 250;

export function useSpeaking(engine: CallEngine, userIds: string[]) {
  const [speaking, setSpeaking] = useState<ReadonlySet<string>>(new Set());
  const key = userIds.join(" ");
  useEffect(() => {
    const ids = key.split(" ").filter(Boolean);
    let stopped = false;
    const timer = setInterval(() => {
      void Promise.all(ids.map(async (id) => ((await engine.audioLevel(id)) > SPEAKING_LEVEL ? id : null))).then(
        (loud) => {
          if (stopped) return;
          const now = new Set(loud.filter((id) => id !== null));
          setSpeaking((before) => (before.size === now.size && [...now].every((id) => before.has(id)) ? before : now));
        },
      );
    }, SAMPLE_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [engine, key]);
  return speaking;
}
