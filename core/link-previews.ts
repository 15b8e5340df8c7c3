/**
 * Link previews: the card the server makes of the first web address in a message (worker/previews/),
 * as the chat page shows it under the message.
 */

/** A web page's own description of itself (its title, Open Graph and Twitter meta tags). */
export interface PageCard {
  kind: "page";
  url: string;
  siteName: string | null;
  title: string;
  description: string | null;
  /** The page's picture, as the page named it; the server hands pages our own address for it. */
  image: string | null;
}

/** A GitHub repository, from GitHub's API. */
export interface RepositoryCard {
  kind: "repository";
  url: string;
  fullName: string;
  description: string | null;
  stars: number;
  language: string | null;
}

export const GITHUB_STATES = ["open", "closed", "merged", "draft"] as const;
export type GithubState = (typeof GITHUB_STATES)[number];

/** A GitHub issue or pull request, from GitHub's API. */
export interface IssueCard {
  kind: "issue" | "pull";
  url: string;
  repository: string;
  number: number;
  title: string;
  state: GithubState;
  author: string | null;
}

export type LinkPreview = PageCard | RepositoryCard | IssueCard;

/** The longest address a preview is made for: longer ones are not worth a request. */
export const MAX_PREVIEW_URL_LENGTH = 2048;

/** A web address as the chat makes links of them, without the punctuation that ends a sentence. */
const WEB_ADDRESS = /https?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]]/i;
/** Code, fenced or inline, is quoted text: its addresses are not the message's links. */
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/** The first web address in a message's text, outside code; null when it has none worth previewing. */
export function firstWebAddress(text: string): string | null {
  const found = WEB_ADDRESS.exec(text.replace(CODE, " "))?.[0];
  return found && found.length <= MAX_PREVIEW_URL_LENGTH && URL.canParse(found) ? found : null;
}

export const REMOVE_PREVIEW = "Remove preview";
export const ONLY_AUTHOR_REMOVES_PREVIEW = "Only the author can remove a message's preview.";
