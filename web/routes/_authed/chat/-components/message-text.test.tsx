/**
 * A message's text as the chat renders it (message-text.tsx over web/components/markdown/): every
 * Markdown form the chat reads, the forms it leaves as typed, and hostile texts that stay text.
 * Rendered by React's static renderer, which waits for the parser and the highlighter to arrive.
 */
import { parseHTML } from "linkedom";
import { prerender } from "react-dom/static";
import { describe, expect, test } from "vitest";
import { MentionNamesContext, MessageText } from "./message-text";

const MEMBERS: Record<string, string> = { bob1: "Bob Now", me1: "Me" };
const mentions = { myId: "me1", nameOf: (id: string) => MEMBERS[id] ?? null };

async function render(text: string) {
  const { prelude } = await prerender(
    <MentionNamesContext value={mentions}>
      <MessageText text={text} />
    </MentionNamesContext>,
  );
  const html = await new Response(prelude).text();
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.body;
}

const tags = (body: Element, selector: string) => [...body.querySelectorAll(selector)].map((e) => e.textContent);

describe("Markdown forms", () => {
  test("a text without marks reads as plain text, its address a link", async () => {
    const body = await render("see https://example.com/docs, then\n\n# not a heading");
    expect(body.querySelector("[data-formatted]")).toBeNull();
    expect(body.textContent).toBe("see https://example.com/docs, then\n\n# not a heading");
    expect(body.querySelector("a")?.getAttribute("href")).toBe("https://example.com/docs");
  });

  test("bold, italic, strikethrough and inline code", async () => {
    const body = await render("**bold** __strong__ *it* _em_ ~~gone~~ `a **b** <i>`");
    expect(tags(body, "strong")).toEqual(["bold", "strong"]);
    expect(tags(body, "em")).toEqual(["it", "em"]);
    expect(tags(body, "del")).toEqual(["gone"]);
    expect(tags(body, "code")).toEqual(["a **b** <i>"]);
    expect(body.textContent).toBe("bold strong it em gone a **b** <i>");
  });

  test("marks nest, and words in snake_case stay whole", async () => {
    const body = await render("***both*** and **bold _italic_** my_var_name");
    expect(body.querySelector("strong em, em strong")?.textContent).toBe("both");
    expect(body.querySelector("strong em")?.textContent).toBe("italic");
    expect(body.textContent).toContain("my_var_name");
  });

  test("a fenced block with a language: highlighted, its language named, with a Copy button", async () => {
    const body = await render("Look:\n```ts\nconst answer: number = 42;\n```");
    const block = body.querySelector("[data-code-block]")!;
    expect(block.querySelector("pre code")?.textContent).toBe("const answer: number = 42;");
    expect(tags(block, ".hljs-keyword")).toContain("const");
    expect(tags(block, ".hljs-number")).toEqual(["42"]);
    expect(block.textContent).toContain("ts");
    expect(block.querySelector("button")?.getAttribute("aria-label")).toBe("Copy code");
    expect(body.querySelector("p")?.textContent).toBe("Look:");
  });

  test("a block with no language, or one without a grammar, is monochrome code", async () => {
    for (const fence of ["```", "```brainfuck", "~~~"]) {
      const body = await render(`${fence}\nconst x = 1;\n${fence.slice(0, 3)}`);
      expect(body.querySelector("pre code")?.textContent, fence).toBe("const x = 1;");
      expect(body.querySelector("pre code span"), fence).toBeNull();
    }
  });

  test("languages are known by their usual names", async () => {
    const body = await render('```py\ndef f(): pass\n```\n```JSON\n{"a": true}\n```');
    expect(tags(body, ".hljs-keyword")).toContain("def");
    expect(tags(body, ".hljs-literal")).toContain("true");
  });

  test("block quotes, lists (nested, ordered from their number) and line breaks", async () => {
    const body = await render(
      "> quoted *words*\n> second line\n\n- one\n- two\n  - two and a half\n\n3. three\n4. four\n\nline\nbreak",
    );
    const quote = body.querySelector("blockquote")!;
    expect(quote.textContent).toBe("quoted wordssecond line");
    expect(quote.querySelectorAll("br").length).toBe(1);
    expect([...body.querySelector("ul")!.children].map((li) => li.firstElementChild?.textContent)).toEqual([
      "one",
      "two",
    ]);
    expect(tags(body, "ul ul li")).toEqual(["two and a half"]);
    expect(body.querySelector("ol")?.getAttribute("start")).toBe("3");
    expect(tags(body, "ol li")).toEqual(["three", "four"]);
    expect(body.querySelector("[data-formatted]")?.lastElementChild?.outerHTML).toBe("<p>line<br>break</p>");
  });

  test("links open apart, and web addresses link within formatted text", async () => {
    const body = await render(
      "[the docs](https://example.com/docs) **https://example.com/bold** [mail](mailto:a@example.com)",
    );
    const links = [...body.querySelectorAll("a")];
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["the docs", "https://example.com/docs"],
      ["https://example.com/bold", "https://example.com/bold"],
      ["mail", "mailto:a@example.com"],
    ]);
    for (const a of links.slice(0, 2)) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  test("mentions show members' names inside formatted text", async () => {
    const body = await render("**hi @[Bob Then](bob1)** and _@[Me](me1)_");
    expect(body.querySelector("strong [data-mention='bob1']")?.textContent).toBe("@Bob Now");
    expect(body.querySelector("em [data-mention='me1']")?.textContent).toBe("@Me");
    expect(body.querySelectorAll("a").length).toBe(0);
  });

  test("what the chat does not format reads as typed", async () => {
    const typed = [
      "# Not a heading *but this is em*",
      "Setext\n===",
      "---",
      "| a | b |\n|---|---|\n| 1 | 2 |",
      "    indented, not code",
      "[ref]: https://example.com\n[ref]",
      "- [ ] a task\n- [x] done",
    ];
    const body = await render(typed.join("\n\n"));
    const text = body.textContent ?? "";
    for (const line of ["# Not a heading but this is em", "Setext===", "---", "| a | b |", "indented, not code"]) {
      expect(text).toContain(line);
    }
    expect(text).toContain("[ref]: https://example.com[ref]");
    expect(tags(body, "li")).toEqual(["[ ] a task", "[x] done"]);
    expect(body.querySelectorAll("h1, h2, hr, table, input").length).toBe(0);
    expect(body.querySelector("em")?.textContent).toBe("but this is em");
  });
});

/**
 * Texts a member might send to run script or plant markup: each renders as text. `shows` is what the
 * reader sees of it.
 */
const HOSTILE: { text: string; shows: string }[] = [
  { text: "<script>alert(1)</script> *x*", shows: "<script>alert(1)</script> x" },
  { text: "<img src=x onerror=alert(1)> *x*", shows: "<img src=x onerror=alert(1)> x" },
  { text: '<a href="javascript:alert(1)">x</a> *x*', shows: '<a href="javascript:alert(1)">x</a> x' },
  { text: "<iframe src=https://evil.example></iframe>\n\n*x*", shows: "<iframe src=https://evil.example></iframe>" },
  { text: "<style>*{display:none}</style>", shows: "<style>*{display:none}</style>" },
  { text: "[x](javascript:alert(1))", shows: "[x](javascript:alert(1))" },
  { text: "[x](JaVaScRiPt:alert(1))", shows: "[x](JaVaScRiPt:alert(1))" },
  { text: "[x](java\tscript:alert(1))", shows: "[x](java\tscript:alert(1))" },
  { text: "[x](&#106;avascript:alert(1))", shows: "[x](&#106;avascript:alert(1))" },
  { text: "[x](<javascript:alert(1)>)", shows: "[x](<javascript:alert(1)>)" },
  { text: "[x](data:text/html;base64,PHNjcmlwdD4=)", shows: "[x](data:text/html;base64,PHNjcmlwdD4=)" },
  { text: "[x](vbscript:msgbox(1))", shows: "[x](vbscript:msgbox(1))" },
  { text: "[x](/relative/path)", shows: "[x](/relative/path)" },
  { text: "<javascript:alert(1)>", shows: "<javascript:alert(1)>" },
  { text: "![pixel](https://evil.example/p.png)", shows: "![pixel](https://evil.example/p.png)" },
  {
    text: '[x](https://ok.example "t" onmouseover=alert(1))',
    shows: '[x](https://ok.example "t" onmouseover=alert(1))',
  },
  { text: "`<b>bold?</b>`", shows: "<b>bold?</b>" },
  { text: "```html\n<script>alert(1)</script>\n```", shows: "<script>alert(1)</script>" },
  { text: "`@[Bob](bob1)` is a token", shows: "@[Bob](bob1) is a token" },
  { text: "```\n@[Bob](bob1) https://example.com\n```", shows: "@[Bob](bob1) https://example.com" },
  { text: "`https://example.com` *x*", shows: "https://example.com x" },
  { text: "[https://a.example](https://b.example)", shows: "https://a.example" },
  { text: "[@[Bob](bob1)](javascript:alert(1))", shows: "[@Bob Now](javascript:alert(1))" },
  { text: "&lt;b&gt; &amp; *x*", shows: "&lt;b&gt; &amp; x" },
];

describe("hostile texts render as text", () => {
  test.each(HOSTILE)("$text", async ({ text, shows }) => {
    const body = await render(text);
    expect(body.textContent).toContain(shows);
    const elements = [...body.querySelectorAll("*")];
    expect(
      elements.filter((e) => /^(script|style|img|iframe|object|embed|form|input|b|h\d)$/i.test(e.tagName)),
    ).toEqual([]);
    for (const element of elements) {
      expect(element.getAttributeNames().filter((name) => name.startsWith("on"))).toEqual([]);
    }
    for (const a of body.querySelectorAll("a")) expect(a.getAttribute("href")).toMatch(/^(https?|mailto):/);
    expect(body.querySelectorAll("a a").length).toBe(0);
  });

  test("mentions and addresses inside code stay as typed", async () => {
    for (const text of ["`@[Bob](bob1)`", "```\n@[Bob](bob1) https://example.com\n```"]) {
      const body = await render(text);
      expect(body.querySelector("[data-mention]"), text).toBeNull();
      expect(body.querySelector("a"), text).toBeNull();
    }
  });
});
