/** A project's GitHub and demo links: the rule the projects router applies and the project form checks. */
import { MAX_URL_LENGTH } from "./project-rules";
import { optionalText } from "./fields";

export const webLink = (label: string) =>
  optionalText(MAX_URL_LENGTH, `${label} must be at most ${MAX_URL_LENGTH} characters.`).refine(
    (value) => value === null || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
    `${label} must be a link starting with http:// or https://.`,
  );

export const githubUrl = webLink("GitHub URL");
export const demoUrl = webLink("Demo URL");
