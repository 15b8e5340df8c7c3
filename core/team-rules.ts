/** A project's team and its chat: the words members read, shared by the procedures and the pages. */
export const NOT_YOUR_TEAM = "Only the project owner can remove members from its team.";
export const NOT_ON_TEAM = "This member is not on the project's team.";
export const TEAM_CHAT_READ_ONLY = "This project was deleted, so its team chat is read-only.";
export const TEAM_CHAT_FOLLOWS_TEAM =
  "A team chat follows the project's team: members join it when accepted and leave it with the project.";
export const NO_TEAM_CHAT = "This project has no team chat yet: it starts with the first accepted member.";
