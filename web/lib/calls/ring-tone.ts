/**
 * The ring of an incoming call, made by WebAudio (no sound file to fetch): two short tones every
 * three seconds. Browsers keep a page's audio silent until the member has interacted with it; a page
 * they have not touched starts ringing at their first click or key press (the dialog shows meanwhile).
 */
const PERIOD_MS = 3000;

function chirp(context: AudioContext, at: number) {
  for (const [offset, frequency] of [
    [0, 880],
    [0.25, 660],
  ] as const) {
    const oscillator = new OscillatorNode(context, { type: "sine", frequency });
    const gain = new GainNode(context, { gain: 0 });
    const start = at + offset;
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(0.2, start + 0.02);
    gain.gain.linearRampToValueAtTime(0, start + 0.2);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.22);
  }
}

/** Starts ringing; the function it returns stops it. */
export function startRingTone() {
  if (typeof AudioContext === "undefined") return () => undefined;
  const context = new AudioContext();
  // Refused without a gesture, or cut short when Accept closes the context: the ring just stays silent.
  const unlock = () => void context.resume().catch(() => undefined);
  // Allowed already if the member interacted with this page; otherwise at their first gesture.
  unlock();
  window.addEventListener("pointerdown", unlock, { once: true });
  window.addEventListener("keydown", unlock, { once: true });
  const ring = () => {
    if (context.state === "running") chirp(context, context.currentTime + 0.05);
  };
  context.onstatechange = () => ring();
  const timer = setInterval(ring, PERIOD_MS);
  return () => {
    clearInterval(timer);
    window.removeEventListener("pointerdown", unlock);
    window.removeEventListener("keydown", unlock);
    void context.close();
  };
}
