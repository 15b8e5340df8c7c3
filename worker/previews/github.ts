/**
 * GitHub links as rich cards: a repository, an issue or a pull request, read from GitHub's REST API
 * (with the operator's token when there is one) instead of from the page.
 */
import { z } from "zod";
import type { GithubState, IssueCard, RepositoryCard } from "@core/link-previews";

/** What a github.com address points at; null for any other page. */
export type GithubTarget =
  | { kind: "repository"; owner: string; repo: string }
  | { kind: "issue" | "pull"; owner: string; repo: string; number: number };

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;
/** github.com's own pages, which look like an owner's. */
const NOT_OWNERS = new Set(["about", "features", "marketplace", "orgs", "settings", "sponsors", "topics", "login"]);

export function githubTarget(address: string): GithubTarget | null {
  const url = new URL(address);
  if (!/^(www\.)?github\.com\.?$/i.test(url.hostname)) return null;
  const [owner, repo, section, number] = url.pathname.split("/").filter(Boolean);
  if (!owner || !repo || !NAME.test(owner) || !NAME.test(repo) || NOT_OWNERS.has(owner.toLowerCase())) return null;
  const name = { owner, repo: repo.replace(/\.git$/, "") };
  if (section === undefined) return { kind: "repository", ...name };
  if ((section === "pull" || section === "issues") && number && /^\d{1,9}$/.test(number)) {
    return { kind: section === "pull" ? "pull" : "issue", ...name, number: Number(number) };
  }
  return null;
}

const webAddress = z.url({ protocol: /^https?$/ }).max(2048);
const short = (max: number) => z.string().transform((text) => text.slice(0, max));

/** The parts of GitHub's answers a card reads; anything else about them is not trusted either. */
const apiRepository = z.object({
  full_name: short(200),
  html_url: webAddress,
  description: short(300).nullable(),
  stargazers_count: z.number().int().min(0),
  language: short(50).nullable(),
});
const apiIssue = z.object({
  number: z.number().int().positive(),
  title: short(300),
  html_url: webAddress,
  state: z.enum(["open", "closed"]),
  user: z.object({ login: short(100) }).nullable(),
  draft: z.boolean().optional(),
  merged_at: z.string().nullish(),
});

/** How the card is asked for: the API path, and how its answer becomes the card (null: not one). */
export function githubRequest(target: GithubTarget): {
  path: string;
  card: (answer: unknown) => RepositoryCard | IssueCard | null;
} {
  const repo = `${target.owner}/${target.repo}`;
  if (target.kind === "repository") {
    return {
      path: `/repos/${repo}`,
      card: (answer) => {
        const r = apiRepository.safeParse(answer).data;
        return r
          ? {
              kind: "repository",
              url: r.html_url,
              fullName: r.full_name,
              description: r.description,
              stars: r.stargazers_count,
              language: r.language,
            }
          : null;
      },
    };
  }
  return {
    path: `/repos/${repo}/${target.kind === "pull" ? "pulls" : "issues"}/${target.number}`,
    card: (answer) => {
      const i = apiIssue.safeParse(answer).data;
      if (!i) return null;
      const state: GithubState = i.merged_at ? "merged" : i.draft && i.state === "open" ? "draft" : i.state;
      return {
        kind: target.kind,
        url: i.html_url,
        repository: repo,
        number: i.number,
        title: i.title,
        state,
        author: i.user?.login ?? null,
      };
    },
  };
}
