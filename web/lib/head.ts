const DEFAULT_DESCRIPTION =
  "Crewboard helps developers and project teams publish projects, find teammates and collaborate in real time.";

/** The document title and meta description of a route. */
export const pageHead = (title: string, description = DEFAULT_DESCRIPTION) => () => ({
  meta: [{ title: `${title} · Crewboard` }, { name: "description", content: description }],
});
