/**
 * Pages of projects, newest first, without ever reading the whole table: every page is one
 * index range, and the cursor is a position in that order, so projects created between two
 * pages can neither push a row onto the next page again nor hide one.
 */
import { and, desc, eq, inArray, SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "@db/client";
import { jsonObject } from "@db/json-object";
import { PROJECT_STATUSES, type ProjectCategory, type ProjectStatus } from "@core/enums";
import { CARD_DESCRIPTION_LENGTH } from "@core/project-rules";
import { projectJoinRequests, projects, type Project } from "@db/schema";
import { notSuspended } from "../safety/suspension";
import { searchWords } from "@core/search-words";
import { groupsOf, pageOf } from "../search/postings";

/** The projects' words (migration 0020): a document is the project's rowid. */
const projectWords = { postings: "project_postings", words: "project_search_words" };

export interface ListFilter {
  search?: string;
  category?: ProjectCategory;
  status?: ProjectStatus;
  ownerId?: string;
  /** Projects whose owner accepted this member onto the team. */
  joinedBy?: string;
}

/**
 * What a project card shows, and no more: a list page is read, encoded and sent on every visit,
 * and the full rows (every feature list, the whole description) would triple its cost. Editing
 * loads the whole project by id.
 */
const cardFields: Record<keyof ProjectCard, SQLWrapper> = {
  id: projects.id,
  title: projects.title,
  description: sql`substr(${projects.description}, 1, ${CARD_DESCRIPTION_LENGTH})`,
  category: projects.category,
  status: projects.status,
  members: projects.members,
  /** The owner and the members they accepted: the team as it is, beside the size they asked for. */
  // Named in full: drizzle writes a lone table's columns unqualified, which the subquery would read as its own.
  currentTeam: sql`1 + (SELECT count(*) FROM project_join_requests r
    WHERE r.project_id = "projects"."id" AND r.status = 'accepted')`,
  duration: projects.duration,
  budgetRange: projects.budgetRange,
  techStack: sql`json(${projects.techStack})`,
  progress: projects.progress,
  completedFeatureCount: sql`json_array_length(${projects.completedFeatures})`,
  githubUrl: projects.githubUrl,
  demoUrl: projects.demoUrl,
};

/**
 * A card as one JSON value that SQLite builds: a page of 24 cards comes back as 24 driver values
 * instead of 336, which the driver and drizzle's row mapping hand over one by one (the newest page,
 * read in process on the 50K bench table, took 0.29 ms as columns and takes 0.25 ms as JSON).
 */
export const cardColumn = jsonObject<ProjectCard>(cardFields).mapWith(
  (json: string) => JSON.parse(json) as ProjectCard,
);

export type ProjectCard = Pick<
  Project,
  | "id"
  | "title"
  | "description"
  | "category"
  | "status"
  | "members"
  | "duration"
  | "budgetRange"
  | "techStack"
  | "progress"
  | "githubUrl"
  | "demoUrl"
> & { completedFeatureCount: number; currentTeam: number };

export interface ProjectPage {
  items: ProjectCard[];
  nextCursor: string | null;
}

export class InvalidCursorError extends Error {}

/*
 * Two orders, two cursor shapes. Lists follow (created_at, id), which their indexes serve. A
 * search walks the FTS index by rowid, newest insert first: the index hands rowids out in that
 * order, so a page stops after its rows instead of sorting every match (a common word matches
 * a third of the table).
 */
const byDate = (createdAtMs: number, id: string) => `d${createdAtMs}.${id}`;
const byRowid = (rowid: number) => `r${rowid}`;

function dateCursor(cursor: string) {
  const match = /^d(\d{1,15})\.([\w-]{1,64})$/.exec(cursor);
  if (!match) throw new InvalidCursorError();
  return { createdAt: Number(match[1]), id: match[2]! };
}

function rowidCursor(cursor: string) {
  const match = /^r(\d{1,15})$/.exec(cursor);
  if (!match) throw new InvalidCursorError();
  return Number(match[1]);
}

/** Which parts of a filter a request uses: each combination is one statement, prepared once. */
interface Shape {
  category: boolean;
  status: boolean;
  owner: boolean;
  joined: boolean;
  cursor: boolean;
}

const shapeOf = (filter: ListFilter, cursor: unknown): Shape => ({
  category: Boolean(filter.category),
  status: Boolean(filter.status),
  owner: Boolean(filter.ownerId),
  joined: Boolean(filter.joinedBy),
  cursor: cursor !== null,
});
const shapeKey = (shape: Shape) => Object.values(shape).map(Number).join("");

/**
 * The projects a member joined: a handful of rows found through the member's requests
 * (project_join_requests_user_idx), each project then read by its key.
 */
export const joinedProjectIds = (db: Db, memberId: string | SQLWrapper) =>
  db
    .select({ id: projectJoinRequests.projectId })
    .from(projectJoinRequests)
    .where(and(eq(projectJoinRequests.userId, memberId), eq(projectJoinRequests.status, "accepted")));

/** Projects of members an administrator suspended leave every list. */
export const ownerNotSuspended = notSuspended(projects.userId);

/** A filter's value: a placeholder in a statement prepared once, or the value itself. */
type FilterValue = (name: keyof ReturnType<typeof filterValues>) => SQLWrapper;
const placeholder: FilterValue = (name) => sql.placeholder(name);

function filterConditions(db: Db, shape: Shape, value: FilterValue = placeholder): SQL[] {
  return [
    ownerNotSuspended,
    shape.category ? eq(projects.category, value("category")) : undefined,
    shape.status
      ? eq(projects.status, value("status"))
      : // Naming every status lets a category alone use the (category, status, newest) index
        // one status at a time, instead of reading and sorting all of the category's rows.
        shape.category && inArray(projects.status, [...PROJECT_STATUSES]),
    shape.owner ? eq(projects.userId, value("ownerId")) : undefined,
    shape.joined ? inArray(projects.id, joinedProjectIds(db, value("joinedBy"))) : undefined,
  ].filter((c): c is SQL => c instanceof SQL);
}

/**
 * Each list is asked on most page views: its SQL is built once per database and shape, not per
 * request, which cost more than running it.
 */
function cached<Q>(prepare: (db: Db, shape: Shape) => Q) {
  const byDb = new WeakMap<Db, Map<string, Q>>();
  return (db: Db, shape: Shape) => {
    let byShape = byDb.get(db);
    if (!byShape) byDb.set(db, (byShape = new Map<string, Q>()));
    const key = shapeKey(shape);
    let query = byShape.get(key);
    if (!query) byShape.set(key, (query = prepare(db, shape)));
    return query;
  };
}

const pageQuery = cached((db, shape) =>
  db
    .select({ card: cardColumn, createdAt: projects.createdAt })
    .from(projects)
    .where(
      and(
        ...filterConditions(db, shape),
        // A row-value comparison is one index seek; the equivalent OR scans from the newest row.
        shape.cursor
          ? sql`(${projects.createdAt}, ${projects.id}) < (${sql.placeholder("afterCreatedAt")}, ${sql.placeholder("afterId")})`
          : undefined,
      ),
    )
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

const filterValues = (filter: ListFilter) => ({
  category: filter.category,
  status: filter.status,
  ownerId: filter.ownerId,
  joinedBy: filter.joinedBy,
});

export async function listProjects(db: Db, filter: ListFilter, limit: number, cursor?: string): Promise<ProjectPage> {
  const search = filter.search?.trim();
  if (search) return searchProjects(db, filter, search, limit, cursor);

  const after = cursor ? dateCursor(cursor) : null;
  const rows = await pageQuery(db, shapeOf(filter, after)).all({
    ...filterValues(filter),
    afterCreatedAt: after?.createdAt,
    afterId: after?.id,
    limit: limit + 1,
  });
  const last = rows.length > limit ? rows[limit - 1]! : null;
  // The time only goes into the cursor: cards do not show it.
  return {
    items: rows.slice(0, limit).map((row) => row.card),
    nextCursor: last ? byDate(last.createdAt.getTime(), last.card.id) : null,
  };
}

async function searchProjects(
  db: Db,
  filter: ListFilter,
  search: string,
  limit: number,
  cursor?: string,
): Promise<ProjectPage> {
  const before = cursor ? rowidCursor(cursor) : null;
  const words = searchWords(search);
  const groups = words.length ? await groupsOf(db, projectWords, words, []) : null;
  if (!groups) return { items: [], nextCursor: null };
  const values = filterValues(filter);
  const page = pageOf({
    index: projectWords,
    groups,
    before,
    join: sql`JOIN ${projects} ON ${projects}.rowid = p.doc`,
    where: filterConditions(db, shapeOf(filter, before), (name) => sql`${values[name]}`),
    limit: limit + 1,
  });
  const rows = await db
    .select({ card: cardColumn, rowid: sql<number>`found.doc` })
    .from(sql`(${page}) found`)
    .innerJoin(projects, sql`${projects}.rowid = found.doc`)
    .orderBy(sql`found.doc DESC`);
  return {
    items: rows.slice(0, limit).map((row) => row.card),
    nextCursor: rows.length > limit ? byRowid(rows[limit - 1]!.rowid) : null,
  };
}
