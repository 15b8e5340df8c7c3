/**
 * What link previews reach in tests, on this machine: a web site whose pages carry Open Graph tags
 * (and some that misbehave: slow, huge, redirecting inward), and GitHub's REST API for a few
 * repositories, issues and pull requests. One server answers both; it records every path it was
 * asked for, so a test sees what the server never asked.
 */
import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";

/** A picture of 32 by 32 pixels, a blue gradient: enough to see it came through. */
export const STAND_IN_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAHf0lEQVR42g3NocqrYACA4XM5fzKZTCaTySQLhiEGg4jBIGPBMMbCF4YsGGQsGEQMBhGDQWS8fGHIgsnklZw9N/D8+zugHFAPaAf0A8YB84B1wD7gHHAP+AfCA/GB04H0wPWAOJAdyA88D5QH6gPtgf7AeGA+IA8sB9YD24H9wL8/B8VBddAcdAfDwXSwHGwHx8F18B1Ch9jh5JA6XB2EQ+aQOzwdSofaoXXoHUaH2UE6LA6rw+awO7/giHJEPaId0Y8YR8wj1hH7iHPEPeIfCY/ER05H0iPXI+JIdiQ/8jxSHqmPtEf6I+OR+Yg8shxZj2xH9uMv8FA8VA/NQ/cwPEwPy8P2cDxcD98j9Ig9Th6px9VDeGQeucfTo/SoPVqP3mP0mD2kx+Kxemweu/cLfBQf1Ufz0X0MH9PH8rF9HB/Xx/cJfWKfk0/qc/URPplP7vP0KX1qn9an9xl9Zh/ps/isPpvP7v+CACVADdAC9AAjwAywAuwAJ8AN8APCgDjgFJAGXANEQBaQBzwDyoA6oA3oA8aAOUAGLAFrwBawB78gQolQI7QIPcKIMCOsCDvCiXAj/IgwIo44RaQR1wgRkUXkEc+IMqKOaCP6iDFijpARS8QasUXs0S+IUWLUGC1GjzFizBgrxo5xYtwYPyaMiWNOMWnMNUbEZDF5zDOmjKlj2pg+ZoyZY2TMErPGbDF7/AsSlAQ1QUvQE4wEM8FKsBOcBDfBTwgT4oRTQppwTRAJWUKe8EwoE+qENqFPGBPmBJmwJKwJW8Ke/IIzyhn1jHZGP2OcMc9YZ+wzzhn3jH8mPBOfOZ1Jz1zPiDPZmfzM80x5pj7TnunPjGfmM/LMcmY9s53Zz78gRUlRU7QUPcVIMVOsFDvFSXFT/JQwJU45paQp1xSRkqXkKc+UMqVOaVP6lDFlTpEpS8qasqXs6S+4oFxQL2gX9AvGBfOCdcG+4FxwL/gXwgvxhdOF9ML1griQXcgvPC+UF+oL7YX+wnhhviAvLBfWC9uF/fILbig31BvaDf2GccO8Yd2wbzg33Bv+jfBGfON0I71xvSFuZDfyG88b5Y36RnujvzHemG/IG8uN9cZ2Y7/9AoEiUAWaQBcYAlNgCWyBI3AFviAUxIKTIBVcBUKQCXLBU1AKakEr6AWjYBZIwSJYBZtgF7/gjnJHvaPd0e8Yd8w71h37jnPHvePfCe/Ed0530jvXO+JOdie/87xT3qnvtHf6O+Od+Y68s9xZ72x39vsveKA8UB9oD/QHxgPzgfXAfuA8cB/4D8IH8YPTg/TB9YF4kD3IHzwflA/qB+2D/sH4YH4gHywP1gfbg/3xC3KUHDVHy9FzjBwzx8qxc5wcN8fPCXPinFNOmnPNETlZTp7zzClz6pw2p88Zc+YcmbPkrDlbzp7/ggKlQC3QCvQCo8AssArsAqfALfALwoK44FSQFlwLREFWkBc8C8qCuqAt6AvGgrlAFiwFa8FWsBe/4IXyQn2hvdBfGC/MF9YL+4Xzwn3hvwhfxC9OL9IX1xfiRfYif/F8Ub6oX7Qv+hfji/mFfLG8WF9sL/bXLyhRStQSrUQvMUrMEqvELnFK3BK/JCyJS04lacm1RJRkJXnJs6QsqUvakr5kLJlLZMlSspZsJXv5CyqUCrVCq9ArjAqzwqqwK5wKt8KvCCviilNFWnGtEBVZRV7xrCgr6oq2oq8YK+YKWbFUrBVbxV79ggalQW3QGvQGo8FssBrsBqfBbfAbwoa44dSQNlwbREPWkDc8G8qGuqFt6BvGhrlBNiwNa8PWsDe/oEVpUVu0Fr3FaDFbrBa7xWlxW/yWsCVuObWkLdcW0ZK15C3PlrKlbmlb+paxZW6RLUvL2rK17O0v6FA61A6tQ+8wOswOq8PucDrcDr8j7Ig7Th1px7VDdGQdecezo+yoO9qOvmPsmDtkx9Kxdmwde/cLBpQBdUAb0AeMAXPAGrAHnAF3wB8IB+KB00A6cB0QA9lAPvAcKAfqgXagHxgH5gE5sAysA9vAPvyCEWVEHdFG9BFjxByxRuwRZ8Qd8UfCkXjkNJKOXEfESDaSjzxHypF6pB3pR8aReUSOLCPryDayj79gQplQJ7QJfcKYMCesCXvCmXAn/IlwIp44TaQT1wkxkU3kE8+JcqKeaCf6iXFinpATy8Q6sU3s0y94o7xR32hv9DfGG/ON9cZ+47xx3/hvwjfxm9Ob9M31jXiTvcnfPN+Ub+o37Zv+zfhmfiPfLG/WN9ub/f0LJIpElWgSXWJITIklsSWOxJX4klASS06SVHKVCEkmySVPSSmpJa2kl4ySWSIli2SVbJJd/oIPygf1g/ZB/2B8MD9YH+wPzgf3g/8h/BB/OH1IP1w/iA/Zh/zD80P5of7Qfug/jB/mD/LD8mH9sH3YP7/gi/JF/aJ90b8YX8wv1hf7i/PF/eJ/Cb/EX05f0i/XL+JL9iX/8vxSfqm/tF/6L+OX+Yv8snxZv2xf9u8vWFFW1BVtRV8xVswVa8VecVbcFX8lXIlXTivpynVFrGQr+cpzpVypV9qVfmVcmVfkyrKyrmwr+8p/A6qUai/Wq9YAAAAASUVORK5CYII=",
  "base64",
);

export const STAND_IN_PAGE = {
  title: "Orbit Planner & Friends",
  description: "Plans orbits for hobby satellites, and tells the team when a pass is coming.",
  siteName: "Orbit Weekly",
};

const page = (head: string) => `<!doctype html><html><head>${head}</head><body><h1>Hello</h1></body></html>`;

const PAGES: Record<string, string> = {
  "/page": page(`<meta charset="utf-8"><title>Ignored when og:title is there</title>
    <meta property="og:title" content="Orbit Planner &amp; Friends">
    <meta property="og:description" content="Plans orbits for hobby satellites, and tells the team when a pass is coming.">
    <meta property="og:site_name" content='Orbit Weekly'>
    <meta property="og:image" content="/picture.png">`),
  "/plain": page(`<title>A page with a title &#8212; and no more</title>
    <meta name="description" content="Only &lt;b&gt;text&lt;/b&gt;, never markup.">`),
  "/svg-picture": page(
    `<meta property="og:title" content="A vector picture"><meta property="og:image" content="/picture.svg">`,
  ),
  "/inward-picture": page(`<meta property="og:title" content="A picture inside">
    <meta property="og:image" content="http://127.0.0.1:9/secret.png">`),
};

const REPOSITORY = {
  full_name: "crewboard/crewboard",
  html_url: "https://github.com/crewboard/crewboard",
  description: "Where developers find projects and teammates",
  stargazers_count: 1234,
  language: "TypeScript",
};

const ISSUES: Record<string, object> = {
  "/repos/crewboard/crewboard/pulls/42": {
    number: 42,
    title: "Chat that reads like a developers' tool",
    html_url: "https://github.com/crewboard/crewboard/pull/42",
    state: "open",
    draft: false,
    merged_at: null,
    user: { login: "grace-hopper" },
  },
  "/repos/crewboard/crewboard/pulls/7": {
    number: 7,
    title: "Markdown in messages",
    html_url: "https://github.com/crewboard/crewboard/pull/7",
    state: "closed",
    draft: false,
    merged_at: "2026-11-01T10:00:00Z",
    user: { login: "linus" },
  },
  "/repos/crewboard/crewboard/issues/3": {
    number: 3,
    title: "Toolbar covers the message above",
    html_url: "https://github.com/crewboard/crewboard/issues/3",
    state: "closed",
    user: { login: "ada" },
  },
};

/** The stand-in's answer to `path` (with its query), or false when it is left hanging. */
function answer(path: string, res: ServerResponse, origin: string) {
  const url = new URL(path, origin);
  const html = PAGES[url.pathname];
  if (html) return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  if (url.pathname === "/repos/crewboard/crewboard") return res.writeHead(200, json).end(JSON.stringify(REPOSITORY));
  const issue = ISSUES[url.pathname];
  if (issue) return res.writeHead(200, json).end(JSON.stringify(issue));
  if (url.pathname.startsWith("/repos/")) return res.writeHead(404, json).end('{"message":"Not Found"}');
  if (url.pathname === "/picture.png") return res.writeHead(200, { "content-type": "image/png" }).end(STAND_IN_PNG);
  if (url.pathname === "/picture.svg") {
    return res.writeHead(200, { "content-type": "image/svg+xml" }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  if (url.pathname === "/redirect") return res.writeHead(302, { location: url.searchParams.get("to")! }).end();
  if (url.pathname === "/huge") {
    res.writeHead(200, { "content-type": "text/html" });
    res.write(page(`<title>Huge</title>`));
    return res.end(`<p>${"x".repeat(2 * 1024 * 1024)}</p>`);
  }
  // Never answers: past any time limit.
  if (url.pathname === "/slow") return false;
  return res.writeHead(200, { "content-type": "text/plain" }).end(`inside: ${url.pathname}`);
}

const json = { "content-type": "application/json; charset=utf-8" };

export async function startPreviewStandIn() {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url!);
    answer(req.url!, res, "http://stand-in");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return {
    port,
    /** Its address as this machine reaches it. */
    url: `http://127.0.0.1:${port}`,
    /** Every path (with its query) it was asked for, in order. */
    asked,
    /** What a host needs to reach it: as the operator's own preview host, and as GitHub's API. */
    env: { LINK_PREVIEW_HOSTS: "127.0.0.1", GITHUB_API_URL: `http://127.0.0.1:${port}` },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
