import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { PROJECT_NOT_FOUND } from "@core/project-rules";
import { projects } from "@db/schema";

export async function findProject(db: Db, id: string) {
  const [project] = await db.select().from(projects).where(eq(projects.id, id));
  if (!project) throw new TRPCError({ code: "NOT_FOUND", message: PROJECT_NOT_FOUND });
  return project;
}

/** The project, when `userId` owns it; otherwise the refusal with the spec's wording for the action. */
export async function ownedProject(db: Db, id: string, userId: string, notOwnerMessage: string) {
  const project = await findProject(db, id);
  if (project.userId !== userId) throw new TRPCError({ code: "FORBIDDEN", message: notOwnerMessage });
  return project;
}
