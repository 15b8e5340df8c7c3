import { router } from "../trpc";
import { authRouter } from "./auth";
import { contactRouter } from "./contact";
import { profilesRouter } from "./profiles";

export const appRouter = router({
  auth: authRouter,
  contact: contactRouter,
  profiles: profilesRouter,
});

export type AppRouter = typeof appRouter;
