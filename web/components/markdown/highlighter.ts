import { createLowlight } from "lowlight";

/**
 * highlight.js's core, without a language: each is registered as a block in it first shows
 * (highlight.ts). A module of its own, so it arrives in a chunk of its own.
 */
export const lowlight = createLowlight();
