import { router } from "../trpc";
import { accountRouter } from "./account";
import { attachmentsRouter } from "./attachments";
import { adminRouter } from "./admin";
import { authRouter } from "./auth";
import { chatsRouter } from "./chats";
import { billingRouter } from "./billing";
import { boardRouter } from "./board";
import { callsRouter } from "./calls";
import { joinRequestsRouter } from "./join-requests";
import { projectsRouter } from "./projects";
import { contactRouter } from "./contact";
import { credentialsRouter } from "./credentials";
import { emailsRouter } from "./emails";
import { friendsRouter } from "./friends";
import { messagesRouter } from "./messages";
import { notificationsRouter } from "./notifications";
import { profilesRouter } from "./profiles";
import { peopleRouter } from "./people";
import { previewsRouter } from "./previews";
import { pushRouter } from "./push";
import { safetyRouter } from "./safety";
import { suggestionsRouter } from "./suggestions";
import { teamsRouter } from "./teams";

const memberRouters = {
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
  previews: previewsRouter,
  calls: callsRouter,
  people: peopleRouter,
  suggestions: suggestionsRouter,
  teams: teamsRouter,
  board: boardRouter,
  safety: safetyRouter,
};

export const appRouter = router({ ...memberRouters, admin: adminRouter });

/**
 * What the app serves everyone but an administrator: the same procedures without the desk's, so
 * tRPC itself answers an admin path as any path that does not exist, whatever the method or batch.
 */
export const memberRouter = router(memberRouters);

export type AppRouter = typeof appRouter;
