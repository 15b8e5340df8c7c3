/**
 * Demo data: `npm run seed -- --members 10000 --projects 50000`. Every demo member signs in with
 * the password `crewboard-demo`. Writes into the same database `npm start` uses.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import {
  BUDGET_RANGES,
  DEVELOPER_TYPES,
  EXPERIENCE_LEVELS,
  INTERESTED_PROJECTS,
  PROJECT_CATEGORIES,
  PROJECT_STATUSES,
  REGIONS,
  SPECIALIZATIONS,
} from "../core/enums";
import { localDataDir, openLocalDb } from "../db/local";
import {
  chatParticipants,
  chats,
  friends,
  messages,
  profiles,
  projectJoinRequests,
  projects,
  users,
  type NewProject,
  type NewProfile,
  type NewUser,
} from "../db/schema";
import { hashPassword } from "../worker/auth/password";
import { followUpAll } from "../worker/chats/send-follow-up";

const { values } = parseArgs({
  options: {
    members: { type: "string", default: "50" },
    projects: { type: "string", default: "200" },
  },
});
const memberCount = Number(values.members);
const projectCount = Number(values.projects);
if (!Number.isInteger(memberCount) || memberCount < 1 || !Number.isInteger(projectCount) || projectCount < 0) {
  throw new Error("usage: npm run seed -- --members N --projects M (N ≥ 1, M ≥ 0)");
}

// A fixed seed keeps demo data the same from run to run, which makes benchmarks comparable.
let state = 20251122;
const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const some = <T>(list: readonly T[], max: number) => [
  ...new Set(Array.from({ length: 1 + Math.floor(random() * max) }, () => pick(list))),
];

const FIRST = [
  "Ada",
  "Alan",
  "Grace",
  "Linus",
  "Margaret",
  "Dennis",
  "Barbara",
  "Ken",
  "Radia",
  "Guido",
  "Yukihiro",
  "Anders",
  "Sophie",
  "Tim",
  "Hedy",
  "Katherine",
  "Brendan",
  "Rasmus",
  "Frances",
  "Bjarne",
  "Aigerim",
  "Timur",
  "Dilnoza",
  "Arman",
  "Priya",
  "Mateo",
  "Chen",
  "Olga",
  "Kwame",
  "Lena",
];
const LAST = [
  "Lovelace",
  "Turing",
  "Hopper",
  "Torvalds",
  "Hamilton",
  "Ritchie",
  "Liskov",
  "Thompson",
  "Perlman",
  "van Rossum",
  "Matsumoto",
  "Hejlsberg",
  "Wilson",
  "Berners-Lee",
  "Lamarr",
  "Johnson",
  "Eich",
  "Lerdorf",
  "Allen",
  "Stroustrup",
  "Nurlanova",
  "Sadykov",
  "Karimova",
  "Bekov",
  "Sharma",
  "García",
  "Wei",
  "Ivanova",
  "Mensah",
  "Fischer",
];
const ADJECTIVES = [
  "Open",
  "Smart",
  "Realtime",
  "Secure",
  "Tiny",
  "Green",
  "Distributed",
  "Offline-first",
  "Collaborative",
  "Fast",
  "Accessible",
  "Serverless",
  "Privacy-friendly",
  "Modular",
  "Community",
];
const NOUNS = [
  "Budget Tracker",
  "Recipe Planner",
  "Chat App",
  "Portfolio Builder",
  "Fitness Coach",
  "Marketplace",
  "Code Review Bot",
  "Weather Dashboard",
  "Learning Platform",
  "Inventory System",
  "Music Visualizer",
  "Travel Journal",
  "Habit Tracker",
  "Game Engine",
  "Job Board",
  "Analytics Suite",
  "Crypto Wallet",
  "Smart Home Hub",
  "Photo Gallery",
  "Note Taker",
];
const TECH = [
  "React",
  "TypeScript",
  "Node.js",
  "Python",
  "Django",
  "Go",
  "Rust",
  "Kotlin",
  "Swift",
  "Flutter",
  "PostgreSQL",
  "SQLite",
  "Redis",
  "Docker",
  "Kubernetes",
  "TensorFlow",
  "PyTorch",
  "Tailwind CSS",
  "GraphQL",
  "Solidity",
  "Unity",
  "Vue",
  "Svelte",
  "Next.js",
  "AWS",
];
/**
 * Members' own skills: a few everyone has, and a long tail few have (Find People's rare skills, and
 * the ones suggestions weigh most). Earlier entries are drawn far more often.
 */
const MEMBER_SKILLS = [
  "React",
  "TypeScript",
  "Python",
  "Node.js",
  "SQL",
  "Docker",
  "Go",
  "Figma",
  "Kotlin",
  "Swift",
  "Rust",
  "Flutter",
  "Kubernetes",
  "GraphQL",
  "TensorFlow",
  "Solidity",
  "Unity",
  "Svelte",
  "Elixir",
  "Haskell",
  "Clojure",
  "OCaml",
  "Zig",
  "Erlang",
  "Julia",
  "Fortran",
  "COBOL",
  "Prolog",
];
const SKILLS = [
  "Frontend",
  "Backend",
  "UI design",
  "Testing",
  "DevOps",
  "Data analysis",
  "Machine learning",
  "Mobile",
  "Technical writing",
  "Product management",
  "Security",
  "Game design",
];
const FEATURES = [
  "Sign-in",
  "Search",
  "Notifications",
  "Dark mode",
  "Export to CSV",
  "Team invites",
  "Payments",
  "Offline mode",
  "Analytics",
  "Comments",
  "File uploads",
  "Mobile layout",
  "Public API",
  "Onboarding tour",
  "Admin panel",
];
const DURATIONS = ["2 weeks", "1 month", "6 weeks", "3 months", "6 months", "Ongoing"];
const PITCHES = [
  "Looking for teammates to help ship the first public version.",
  "A side project that grew up; we need help with performance and design.",
  "Built at a hackathon, now turning it into something people use every day.",
  "Open source and beginner friendly: good first issues are labelled.",
  "We have the backend; the mobile client needs an owner.",
];

/** Earlier items far more often than later ones (a Zipf-like draw). */
const pickSkewed = <T>(list: readonly T[]) => list[Math.floor(list.length * random() ** 3)]!;
const someSkewed = <T>(list: readonly T[], max: number) => [
  ...new Set(Array.from({ length: 1 + Math.floor(random() * max) }, () => pickSkewed(list))),
];

/** Friends per member, on average; teammates on a project with a team, at most. */
const FRIENDS_EACH = 8;
const MAX_TEAMMATES = 4;
/** Projects (open or under way) with an accepted team and its team chat. */
const TEAM_SHARE = 0.2;
/** Team chats that get a short conversation, so the demo's chats are not all empty. */
const TALKATIVE_TEAMS = 200;
const TEAM_TALK = ["Welcome aboard!", "I pushed the first draft, have a look.", "Standup at 10?", "Sounds good 👍"];

const CHUNK = 400;
async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

const db = await openLocalDb(localDataDir(), { migrate: true });

const started = Date.now();
const passwordHash = await hashPassword("crewboard-demo");
const run = randomUUID().slice(0, 6);
const now = Date.now();
const YEAR = 365 * 24 * 60 * 60 * 1000;

const newUsers: NewUser[] = [];
const newProfiles: NewProfile[] = [];
for (let i = 0; i < memberCount; i++) {
  const id = randomUUID();
  const first = pick(FIRST);
  const last = pick(LAST);
  const email = `${first}.${last}.${run}${i}@demo.crewboard.dev`.toLowerCase().replace(/[^a-z0-9.@-]/g, "");
  const createdAt = new Date(now - random() * YEAR);
  newUsers.push({ id, email, passwordHash, emailVerifiedAt: createdAt, createdAt });
  newProfiles.push({
    id,
    email,
    displayName: `${first} ${last}`,
    bio:
      random() < 0.7
        ? `${pick(DEVELOPER_TYPES)} who enjoys ${pick(INTERESTED_PROJECTS).toLowerCase()} projects.`
        : null,
    age: random() < 0.6 ? 18 + Math.floor(random() * 40) : null,
    specialization: pick(SPECIALIZATIONS),
    region: pick(REGIONS),
    skills: someSkewed(MEMBER_SKILLS, 5),
    developerType: pick(DEVELOPER_TYPES),
    interestedProjects: some(INTERESTED_PROJECTS, 3),
    experience: pick(EXPERIENCE_LEVELS),
    openToJoin: random() < 0.7,
    // A few keep out of Find People and suggestions.
    listedInSearch: random() < 0.95,
    createdAt,
    updatedAt: createdAt,
  });
}
await insertInChunks(newUsers, (chunk) => db.insert(users).values(chunk));
await insertInChunks(newProfiles, (chunk) => db.insert(profiles).values(chunk));

const newProjects: NewProject[] = [];
for (let i = 0; i < projectCount; i++) {
  const progress = Math.floor(random() * 101);
  const features = some(FEATURES, 9);
  const done = Math.round((features.length * progress) / 100);
  newProjects.push({
    id: randomUUID(),
    userId: pick(newUsers).id,
    title: `${pick(ADJECTIVES)} ${pick(NOUNS)}`,
    description: `${pick(PITCHES)} ${pick(PITCHES)}`,
    category: pick(PROJECT_CATEGORIES),
    status: pick(PROJECT_STATUSES),
    members: 1 + Math.floor(random() * 12),
    duration: pick(DURATIONS),
    budgetRange: pick(BUDGET_RANGES),
    skillsRequired: some(SKILLS, 4),
    techStack: some(TECH, 6),
    progress,
    completedFeatures: features.slice(0, done),
    pendingFeatures: features.slice(done, done + 2),
    plannedFeatures: features.slice(done + 2),
    githubUrl: random() < 0.6 ? `https://github.com/crewboard-demo/project-${i}` : null,
    demoUrl: random() < 0.3 ? `https://demo.crewboard.dev/${i}` : null,
    createdAt: new Date(now - random() * YEAR),
  });
}
await insertInChunks(newProjects, (chunk) => db.insert(projects).values(chunk));

// Friendships: random pairs, most accepted, some still waiting for an answer.
const pairs = new Set<string>();
const newFriends: (typeof friends.$inferInsert)[] = [];
for (let i = 0; i < (memberCount * FRIENDS_EACH) / 2 && memberCount > 1; i++) {
  const [a, b] = [pick(newUsers).id, pick(newUsers).id];
  const key = [a, b].sort().join(" ");
  if (a === b || pairs.has(key)) continue;
  pairs.add(key);
  newFriends.push({
    id: randomUUID(),
    userId: a,
    friendId: b,
    status: random() < 0.85 ? "accepted" : "pending",
    createdAt: new Date(now - random() * YEAR),
  });
}
await insertInChunks(newFriends, (chunk) => db.insert(friends).values(chunk));

// Teams: some projects under way have accepted members and their team chat, as accepting makes
// them; others have requests waiting.
const newRequests: (typeof projectJoinRequests.$inferInsert)[] = [];
const newChats: (typeof chats.$inferInsert)[] = [];
const newParticipants: (typeof chatParticipants.$inferInsert)[] = [];
const newMessages: (typeof messages.$inferInsert)[] = [];
for (const project of newProjects) {
  if (project.status === "completed" || project.status === "on_hold" || memberCount < 2) continue;
  const teamed = random() < TEAM_SHARE;
  const asking = teamed ? 1 + Math.floor(random() * MAX_TEAMMATES) : random() < 0.1 ? 1 : 0;
  const team = new Set<string>();
  for (let i = 0; i < asking; i++) {
    const member = pick(newUsers).id;
    if (member === project.userId || team.has(member)) continue;
    team.add(member);
    newRequests.push({
      id: randomUUID(),
      projectId: project.id,
      userId: member,
      status: teamed ? "accepted" : "pending",
      seenAt: teamed ? project.createdAt : null,
      createdAt: project.createdAt,
      updatedAt: project.createdAt,
    });
  }
  if (!teamed || team.size === 0) continue;
  const chatId = randomUUID();
  newChats.push({
    id: chatId,
    title: project.title,
    isGroup: true,
    createdBy: project.userId,
    projectId: project.id,
    createdAt: project.createdAt,
    updatedAt: project.createdAt,
  });
  newParticipants.push({ chatId, userId: project.userId, role: "admin" });
  for (const member of team) newParticipants.push({ chatId, userId: member, role: "member" });
  if (newChats.length <= TALKATIVE_TEAMS) {
    const speakers = [project.userId, ...team];
    TEAM_TALK.forEach((content, i) =>
      newMessages.push({
        chatId,
        senderId: speakers[i % speakers.length]!,
        seq: i + 1,
        clientId: randomUUID(),
        content,
        createdAt: new Date(project.createdAt!.getTime() + (i + 1) * 60_000),
      }),
    );
  }
}
await insertInChunks(newRequests, (chunk) => db.insert(projectJoinRequests).values(chunk));
await insertInChunks(newChats, (chunk) => db.insert(chats).values(chunk));
await insertInChunks(newParticipants, (chunk) => db.insert(chatParticipants).values(chunk));
await insertInChunks(newMessages, (chunk) => db.insert(messages).values(chunk));
// Found by search, and counted in digests, as sent messages are.
await followUpAll(db);

console.log(
  `Seeded ${memberCount} members, ${projectCount} projects, ${newFriends.length} friendships and requests, ` +
    `${newRequests.length} join requests and ${newChats.length} team chats in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
    `(password: crewboard-demo; e.g. ${newUsers[0]!.email}).`,
);
