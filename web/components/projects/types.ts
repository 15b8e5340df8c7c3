import type { RouterOutputs } from "@web/lib/types";

export type ProjectSummary = RouterOutputs["projects"]["list"]["items"][number];
export type ProjectDetail = RouterOutputs["projects"]["byId"];
