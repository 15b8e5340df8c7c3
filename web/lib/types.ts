import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@worker/routers";

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type Me = NonNullable<RouterOutputs["auth"]["me"]>;
