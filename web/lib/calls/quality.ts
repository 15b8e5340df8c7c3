/**
 * Whether a connection of the call is poor, from its own statistics (getStats), taken every couple
 * of seconds: a round trip over 400 ms, or more than 5% of the packets received since the last look
 * lost on the way. Either makes speech choppy and video freeze; the tile says 'Poor connection'.
 */
const SAMPLE_MS = 2000;
const POOR_RTT_S = 0.4;
const POOR_LOSS = 0.05;

interface Totals {
  received: number;
  lost: number;
}

export function readQuality(report: RTCStatsReport, before: Totals) {
  let rtt: number | undefined;
  const now: Totals = { received: 0, lost: 0 };
  report.forEach((stat: Record<string, unknown>) => {
    if (stat.type === "candidate-pair" && stat.nominated && typeof stat.currentRoundTripTime === "number") {
      rtt = stat.currentRoundTripTime;
    } else if (stat.type === "inbound-rtp") {
      now.received += Number(stat.packetsReceived ?? 0);
      now.lost += Number(stat.packetsLost ?? 0);
    }
  });
  const received = now.received - before.received;
  const lost = now.lost - before.lost;
  const loss = received + lost > 0 ? lost / (received + lost) : 0;
  return { poor: (rtt ?? 0) > POOR_RTT_S || loss > POOR_LOSS, totals: now };
}

/** Calls `change` with each new verdict; returns the way to stop watching. */
export function watchQuality(pc: RTCPeerConnection, change: (poor: boolean) => void) {
  let totals: Totals = { received: 0, lost: 0 };
  let poor = false;
  const timer = setInterval(() => {
    if (pc.connectionState !== "connected") return;
    void pc.getStats().then((report) => {
      const verdict = readQuality(report, totals);
      totals = verdict.totals;
      if (verdict.poor !== poor) change((poor = verdict.poor));
    });
  }, SAMPLE_MS);
  return () => clearInterval(timer);
}
