import type { RouterOutputs } from "../../lib/types";

export type ProjectSummary = RouterOutputs["projects"]["list"]["items"][number];
export type ProjectDetail = RouterOutputs["projects"]["byId"];
