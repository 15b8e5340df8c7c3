import { router } from "../trpc";
import { accountRouter } from "./account";
import { attachmentsRouter } from "./attachments";
import { authRouter } from "./auth";
import { chatsRouter } from "./chats";
import { billingRouter } from "./billing";
import { joinRequestsRouter } from "./join-requests";
import { projectsRouter } from "./projects";
import { contactRouter } from "./contact";
import { credentialsRouter } from "./credentials";
import { friendsRouter } from "./friends";
import { messagesRouter } from "./messages";
import { profilesRouter } from "./profiles";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  chats: chatsRouter,
  messages: messagesRouter,
  attachments: attachmentsRouter,
  joinRequests: joinRequestsRouter,
  projects: projectsRouter,
  contact: contactRouter,
  profiles: profilesRouter,
  billing: billingRouter,
  friends: friendsRouter,
  credentials: credentialsRouter,
});

export type AppRouter = typeof appRouter;
