import { router } from "../trpc";
import { accountRouter } from "./account";
import { authRouter } from "./auth";
import { chatsRouter } from "./chats";
import { billingRouter } from "./billing";
import { callsRouter } from "./calls";
import { joinRequestsRouter } from "./join-requests";
import { projectsRouter } from "./projects";
import { contactRouter } from "./contact";
import { credentialsRouter } from "./credentials";
import { friendsRouter } from "./friends";
import { profilesRouter } from "./profiles";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  chats: chatsRouter,
  joinRequests: joinRequestsRouter,
  projects: projectsRouter,
  contact: contactRouter,
  profiles: profilesRouter,
  billing: billingRouter,
  friends: friendsRouter,
  credentials: credentialsRouter,
  calls: callsRouter,
});

export type AppRouter = typeof appRouter;
