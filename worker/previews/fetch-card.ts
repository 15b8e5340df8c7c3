/**
 * Making a card of a web address, on the server: GitHub's API for GitHub links, the page's own head
 * for the rest. Every request goes through the outbound guard (public addresses only, after every
 * redirect) with a time and a size limit; whatever fails, for whatever reason, makes no card.
 */
import type { LinkPreview, PageCard } from "@core/link-previews";
import type { PreviewsConfig } from "../config";
import { hostOf, type Outbound, type OutboundRules } from "../outbound/guard";
import { githubRequest, githubTarget } from "./github";
import { pageMeta } from "./page-meta";

/** How previews leave: the guard, and where GitHub's API is. */
export interface PreviewWay {
  outbound: Outbound;
  config: PreviewsConfig;
  /** Who we say we are, to the sites we read. */
  appUrl: string;
}

export const PAGE_RULES = { maxRedirects: 3, timeoutMs: 5_000, maxBytes: 1024 * 1024, plainHttp: true } as const;
const API_RULES = { maxRedirects: 0, timeoutMs: 5_000, maxBytes: 256 * 1024 } as const;

const userAgent = (way: PreviewWay) => `Crewboard-LinkPreview/1.0 (+${way.appUrl})`;

async function githubCard(address: string, way: PreviewWay) {
  const target = githubTarget(address);
  if (!target) return null;
  const { path, card } = githubRequest(target);
  const api = new URL(way.config.githubApiUrl);
  const response = await way.outbound(
    `${way.config.githubApiUrl}${path}`,
    {
      headers: {
        Accept: "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
        "User-Agent": userAgent(way),
        ...(way.config.githubToken && { Authorization: `Bearer ${way.config.githubToken}` }),
      },
    },
    // The API is the operator's choice (a stand-in in tests), not a member's.
    { ...API_RULES, trustedHosts: [hostOf(api)] },
  );
  // Not found, or out of requests for the hour: the page itself may still say what it is.
  return response.ok ? card(await response.json()) : null;
}

/** The character set the answer says it is in, when this runtime can read it. */
function decoderFor(contentType: string) {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

async function pageCard(address: string, way: PreviewWay): Promise<PageCard | null> {
  const rules: OutboundRules = { ...PAGE_RULES, trustedHosts: way.config.trustedHosts };
  const response = await way.outbound(
    address,
    { headers: { Accept: "text/html,application/xhtml+xml", "User-Agent": userAgent(way) } },
    rules,
  );
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !/^\s*(text\/html|application\/xhtml\+xml)/i.test(type)) return null;
  const html = decoderFor(type).decode(await response.arrayBuffer());
  const meta = pageMeta(html, new URL(address));
  if (!meta.title) return null;
  return { kind: "page", url: address, ...meta, title: meta.title };
}

/** The card for `address`, or null when it has none or could not be read. */
export async function makeCard(address: string, way: PreviewWay): Promise<LinkPreview | null> {
  const failed = () => null;
  return (await githubCard(address, way).catch(failed)) ?? (await pageCard(address, way).catch(failed));
}
