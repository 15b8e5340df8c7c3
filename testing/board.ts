import type { TestMember } from "./harness";

type ProjectFields = Omit<Parameters<TestMember["trpc"]["projects"]["create"]["mutate"]>[0], "title" | "category">;

/** A project whose owner accepted each of `members` onto its team, with its board's three columns. */
export async function teamBoard(owner: TestMember, members: TestMember[], fields: ProjectFields = {}) {
  const { id: projectId } = await owner.trpc.projects.create.mutate({
    title: "Trail Mapper",
    category: "Mobile Apps",
    ...fields,
  });
  for (const m of members) {
    const { id } = await m.trpc.joinRequests.request.mutate({ projectId });
    await owner.trpc.joinRequests.accept.mutate({ requestId: id });
  }
  const board = await owner.trpc.board.get.query({ projectId });
  const [todo, doing, done] = board.columns.map((c) => c.id);
  return { projectId, todo: todo!, doing: doing!, done: done! };
}
