/** What a card takes from a page's head, and what it never takes: anything but text. */
import { describe, expect, it } from "vitest";
import { pageMeta } from "./page-meta";

const page = new URL("https://news.example.com/articles/1");

describe("pageMeta", () => {
  it("prefers Open Graph, then Twitter, then the title and the description", () => {
    const html = `<html><head><title>Plain title</title>
      <meta name="twitter:title" content="Twitter title"><meta name=description content=Described>
      <META PROPERTY="og:image" CONTENT="../pictures/a.png"><meta property="og:site_name" content="News"></head>`;
    expect(pageMeta(html, page)).toEqual({
      title: "Twitter title",
      description: "Described",
      siteName: "News",
      image: "https://news.example.com/pictures/a.png",
    });
  });

  it("reads the head only, never what scripts, comments or the body say", () => {
    const html = `<head><script>document.write('<meta property="og:title" content="From a script">')</script>
      <!-- <meta property="og:title" content="From a comment"> --><title>The head's</title></head>
      <body><meta property="og:description" content="From the body"></body>`;
    expect(pageMeta(html, page)).toMatchObject({ title: "The head's", description: null });
  });

  it("decodes entities into text, markup and control characters included as text", () => {
    const html = `<title>Tom &amp; Jerry &#x2014; &lt;script&gt;alert(1)&lt;/script&gt;\u0007 &bogus; &#0;</title>`;
    expect(pageMeta(html, page).title).toBe("Tom & Jerry — <script>alert(1)</script> &bogus; &#0;");
  });

  it("drops a picture that is not http(s), and cuts long text", () => {
    const html = `<meta property="og:image" content="javascript:alert(1)"><title>${"a".repeat(500)}</title>`;
    const meta = pageMeta(html, page);
    expect(meta.image).toBeNull();
    expect(meta.title).toHaveLength(200);
    expect(meta.title!.endsWith("…")).toBe(true);
  });
});
