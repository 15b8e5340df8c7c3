/**
 * The request as tRPC reads it: its method, URL, headers and body, and a signal.
 *
 * tRPC reads every request's `signal`, to hand each procedure one. On the Node host that one read
 * makes @hono/node-server build a whole fetch Request beside its lightweight one (every header
 * copied into a new Headers, an AbortController and its signal): a seventh of the CPU the host
 * spent on a list page or a session check. No procedure here listens to the signal (there are no
 * subscriptions, and a call runs to its end whether or not the browser still waits), so tRPC gets
 * a signal of its own and everything else from the request itself, read only when tRPC asks.
 */
export function trpcRequest(request: Request): Request {
  const view: Pick<Request, "method" | "url" | "headers" | "signal" | "body" | "json" | "formData"> = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    signal: new AbortController().signal,
    get body() {
      return request.body;
    },
    json: () => request.json(),
    formData: () => request.formData(),
  };
  // All tRPC reads of a Request: every router test (queries, batches, JSON and multipart bodies) comes through here.
  return view as Request;
}
