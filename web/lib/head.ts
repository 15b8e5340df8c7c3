export const DEFAULT_DESCRIPTION =
  "Crewboard helps developers and project teams publish projects, find teammates and collaborate in real time.";

/** What a route without its own `head` shows; a route's own title and description replace these. */
export const defaultHead = () => ({
  meta: [
    { title: "Crewboard · Elevate Your Project Collaboration" },
    { name: "description", content: DEFAULT_DESCRIPTION },
  ],
});

/** The document title of a page with this heading. */
export const pageTitle = (title: string) => `${title} · Crewboard`;

/** The document title and meta description of a route. */
export const pageHead =
  (title: string, description = DEFAULT_DESCRIPTION) =>
  () => ({
    meta: [{ title: pageTitle(title) }, { name: "description", content: description }],
  });

/** What a chat's tab is called: the chat route's head, and the outline every chat's address is served. */
export const CHAT_TITLE = "Chat";
