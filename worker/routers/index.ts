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
import { emailsRouter } from "./emails";
import { friendsRouter } from "./friends";
import { messagesRouter } from "./messages";
import { notificationsRouter } from "./notifications";
import { profilesRouter } from "./profiles";
import { pushRouter } from "./push";

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
  emails: emailsRouter,
  notifications: notificationsRouter,
  push: pushRouter,
});

export type AppRouter = typeof appRouter;
