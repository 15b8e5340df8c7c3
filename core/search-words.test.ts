import { describe, expect, it } from "vitest";
import { matchedRuns } from "./search-words";

const marked = (text: string, query: string) =>
  matchedRuns(text, query)
    .map((run) => (run.matched ? `[${run.text}]` : run.text))
    .join("");

describe("the words a search matched", () => {
  it("marks whole words for all but the last word, which may begin a longer one, case and accents aside", () => {
    expect(marked("The blue Whale met a whaler at dawn", "whal")).toBe("The blue [Whale] met a [whaler] at dawn");
    expect(marked("Café au lait, café noir", "CAFE noi")).toBe("[Café] au lait, [café] [noir]");
    expect(marked("caffeine and cafe", "caf e")).toBe("caffeine and cafe");
    expect(marked("blue bluebird", "blu bird")).toBe("blue bluebird");
    expect(marked("blue bluebird", "blue bird")).toBe("[blue] bluebird");
  });

  it("marks nothing for a query of no words", () => {
    expect(marked("Anything at all", ' "* - ')).toBe("Anything at all");
  });
});
