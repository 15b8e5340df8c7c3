import { Link } from "@tanstack/react-router";
import { createContext, use, type ReactNode } from "react";
import { MENTION_PATTERN } from "@core/mentions";
import { Markdown } from "@web/components/markdown/markdown";

/** Web addresses in a message become links; everything else stays plain text, never HTML. */
const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** `#12` standing on its own (not `a#12`, not `&#12;`): a task of the team's board. */
const TASK_PATTERN = /(?<![\w&#/])#(\d{1,9})\b/g;

/** A team chat's project: its `#12`s open that project's board tasks. Other chats have none. */
export const TaskLinksContext = createContext<string | null>(null);

/**
 * The chat's members by id, for mentions: their current name, or null for someone who is not one.
 * The chat page provides it; without it every mention reads as the name it was written with.
 */
export const MentionNamesContext = createContext<{ myId: string; nameOf: (id: string) => string | null }>({
  myId: "",
  nameOf: () => null,
});

/** A message's text, its Markdown formatted (web/components/markdown/) and its words as `PlainText` shows them. */
export function MessageText({ text }: { text: string }) {
  return <Markdown text={text} Text={PlainText} />;
}

/**
 * Mentions of members of the chat are highlighted with their name as it is now; others read as
 * written. Web addresses are links, except within a link's own words.
 */
function PlainText({ text, inLink = false }: { text: string; inLink?: boolean }) {
  const { myId, nameOf } = use(MentionNamesContext);
  const Words = inLink ? Unlinked : Linked;
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const [token, written, id] = [match[0], match[1]!, match[2]!];
    parts.push(<Words key={from} text={text.slice(from, match.index)} />);
    const name = nameOf(id);
    parts.push(
      name === null ? (
        `@${written}`
      ) : (
        <span
          key={match.index}
          data-mention={id}
          className={
            id === myId
              ? "rounded bg-amber-200 px-0.5 font-semibold text-amber-950"
              : "rounded bg-sky-200 px-0.5 font-semibold text-sky-950"
          }
        >
          @{name}
        </span>
      ),
    );
    from = match.index + token.length;
  }
  parts.push(<Words key={from} text={text.slice(from)} />);
  return <>{parts}</>;
}

const Unlinked = ({ text }: { text: string }) => text;

function Linked({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={part}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all underline underline-offset-2"
          >
            {part}
          </a>
        ) : (
          <TaskRefs key={i} text={part} />
        ),
      )}
    </>
  );
}

function TaskRefs({ text }: { text: string }) {
  const projectId = use(TaskLinksContext);
  if (!projectId) return text;
  const parts = text.split(TASK_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link
            key={i}
            to="/project/$id/board"
            params={{ id: projectId }}
            search={{ task: Number(part) }}
            className="font-medium underline underline-offset-2"
          >
            #{part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}
