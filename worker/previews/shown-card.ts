import type { LinkPreview } from "@core/link-previews";

/** Where pages ask for a preview's picture: our origin, never the site's (worker/http/preview-images.ts). */
export const PREVIEW_IMAGE_PATH = "/api/previews/image";

/** The card as pages get it: a page's picture through our origin, so no member's browser asks the site. */
export const shownCard = (card: LinkPreview): LinkPreview =>
  card.kind === "page" && card.image
    ? { ...card, image: `${PREVIEW_IMAGE_PATH}?url=${encodeURIComponent(card.url)}` }
    : card;
