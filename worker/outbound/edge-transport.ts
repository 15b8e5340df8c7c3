/**
 * The guard's transport in the Worker: the platform's fetch, which refuses to connect to private
 * addresses itself (there is no resolver to ask), and never follows a redirect here: the guard
 * decides, hop by hop.
 */
import type { Transport } from "./guard";

export const edgeTransport: Transport = ({ href }, { method, headers, body, signal }) =>
  fetch(href, { method, headers, body, signal, redirect: "manual" });
