import { useNavigate } from "@tanstack/react-router";
import { Command } from "cmdk";
import { FolderKanban, MessageCircle, Search, Users } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Avatar } from "@web/components/avatar";
import { useMessageFriend } from "@web/components/friends/message-friend";
import { nameOf } from "@web/components/friends/people";
import { Dialog, DialogContent, DialogTitle } from "@web/components/ui/dialog";
import { trpc } from "@web/lib/trpc";
import { usePaused } from "@web/lib/use-paused";

/** Projects found by their words once the member has typed this much. */
const SEARCH_FROM_LENGTH = 2;
const FOUND_PROJECTS = 8;
const OWN_PROJECTS = 50;

/**
 * Names match where a word of theirs begins, best at the very start, else anywhere in them: 'bab'
 * finds 'Bob Babbage', and the letters typed never match scattered through an unrelated name.
 */
function match(_value: string, search: string, keywords: string[] = []) {
  const needle = search.trim().toLowerCase();
  if (!needle) return 1;
  const name = keywords.join(" ").toLowerCase();
  if (name.startsWith(needle)) return 1;
  if (name.split(/\s+/).some((word) => word.startsWith(needle))) return 0.8;
  return name.includes(needle) ? 0.5 : 0;
}

const nextCursor = <Cursor,>(page: { nextCursor: Cursor }) => page.nextCursor;

/**
 * The Ctrl/⌘K switcher: the member's recent chats and groups, their friends (opening, or starting,
 * the private chat with one) and their projects, own and joined, plus projects found by the words
 * typed. Type to filter, arrows to move, Enter to open. Each list is read afresh as it opens.
 */
export default function Switcher({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [text, setText] = useState("");
  const navigate = useNavigate();
  const messageFriend = useMessageFriend();
  const query = usePaused(text);
  const asked = { enabled: open };
  // The chat lists' own first pages (chat-list.tsx), the member's most recent chats.
  const chats = trpc.chats.list.useInfiniteQuery({ kind: "chats" }, { getNextPageParam: nextCursor, ...asked });
  const groups = trpc.chats.list.useInfiniteQuery({ kind: "groups" }, { getNextPageParam: nextCursor, ...asked });
  const friends = trpc.friends.list.useQuery(undefined, asked);
  const mine = trpc.projects.list.useQuery({ mine: true, limit: OWN_PROJECTS }, asked);
  const joined = trpc.projects.list.useQuery({ joined: true, limit: OWN_PROJECTS }, asked);
  const found = trpc.projects.list.useQuery(
    { search: query, limit: FOUND_PROJECTS },
    { enabled: open && query.length >= SEARCH_FROM_LENGTH },
  );

  const close = (next: boolean) => {
    if (!next) setText("");
    onOpenChange(next);
  };
  const go = (then: () => void) => () => {
    close(false);
    then();
  };
  const toChat = (chatId: string) => go(() => void navigate({ to: "/chat/$chatId", params: { chatId } }));
  const toProject = (id: string) => go(() => void navigate({ to: "/project/$id", params: { id } }));

  const privateChats = chats.data?.pages[0]?.items ?? [];
  const withChat = new Set(privateChats.map((chat) => chat.other?.id));
  const loose = (friends.data ?? []).filter((friend) => !withChat.has(friend.id));
  const own = [
    ...(mine.data?.items.map((project) => ({ project, detail: "Your project" })) ?? []),
    ...(joined.data?.items.map((project) => ({ project, detail: "Joined" })) ?? []),
  ];
  const ownIds = new Set(own.map(({ project }) => project.id));
  const elsewhere = (query.length >= SEARCH_FROM_LENGTH ? (found.data?.items ?? []) : []).filter(
    (project) => !ownIds.has(project.id),
  );
  const loading = [chats, groups, friends, mine, joined].some((q) => q.isPending);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent bare className="top-[12dvh] max-w-lg translate-y-0 overflow-hidden" aria-describedby={undefined}>
        <DialogTitle className="sr-only">Go to a chat, friend or project</DialogTitle>
        <Command label="Go to a chat, friend or project" filter={match} loop>
          <div className="flex items-center gap-2 border-b pr-10 pl-3">
            <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <Command.Input
              value={text}
              onValueChange={setText}
              placeholder="Search chats, friends and projects…"
              className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
            />
          </div>
          <Command.List className="max-h-[min(24rem,60dvh)] overflow-y-auto p-1">
            {loading ? (
              <Command.Loading>
                <p className="px-3 py-4 text-sm text-muted-foreground">Loading…</p>
              </Command.Loading>
            ) : (
              <Command.Empty className="px-3 py-4 text-sm text-muted-foreground">Nothing matches</Command.Empty>
            )}
            <Section heading="Chats">
              {privateChats.map((chat) => {
                const name = chat.other?.name || "Chat";
                return (
                  <Entry
                    key={chat.id}
                    value={`chat ${chat.id}`}
                    name={name}
                    icon={<Avatar name={name} url={chat.other?.avatarUrl ?? null} className="size-6 text-xs" />}
                    onSelect={toChat(chat.id)}
                  />
                );
              })}
              {(groups.data?.pages[0]?.items ?? []).map((group) => (
                <Entry
                  key={group.id}
                  value={`chat ${group.id}`}
                  name={group.title ?? "Group"}
                  detail={`${group.memberCount} ${group.memberCount === 1 ? "member" : "members"}`}
                  icon={<Users className="size-4" aria-hidden />}
                  onSelect={toChat(group.id)}
                />
              ))}
            </Section>
            <Section heading="Friends">
              {loose.map((friend) => (
                <Entry
                  key={friend.id}
                  value={`friend ${friend.id}`}
                  name={nameOf(friend)}
                  detail="Message"
                  icon={<Avatar name={nameOf(friend)} url={friend.avatarUrl} className="size-6 text-xs" />}
                  onSelect={go(() => messageFriend(friend))}
                />
              ))}
            </Section>
            <Section heading="Projects">
              {own.map(({ project, detail }) => (
                <Entry
                  key={project.id}
                  value={`project ${project.id}`}
                  name={project.title}
                  detail={detail}
                  icon={<FolderKanban className="size-4" aria-hidden />}
                  onSelect={toProject(project.id)}
                />
              ))}
              {elsewhere.map((project) => (
                // Found by the server from any of its words, so shown whatever its title says.
                <Entry
                  key={project.id}
                  value={`project ${project.id}`}
                  name={project.title}
                  detail={project.category}
                  icon={<FolderKanban className="size-4" aria-hidden />}
                  onSelect={toProject(project.id)}
                  forceMount
                />
              ))}
            </Section>
          </Command.List>
          <p className="hidden border-t px-3 py-2 text-xs text-muted-foreground sm:block">
            ↑↓ to move · Enter to open · Esc to close · ? for all shortcuts
          </p>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

/** A heading and its entries; a heading with none under it (no friends yet) is left out. */
function Section({ heading, children }: { heading: string; children: ReactNode[] }) {
  if (children.flat().length === 0) return null;
  return (
    <Command.Group
      heading={heading}
      className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
    >
      {children}
    </Command.Group>
  );
}

function Entry({
  value,
  name,
  detail,
  icon = <MessageCircle className="size-4" aria-hidden />,
  onSelect,
  forceMount,
}: {
  value: string;
  name: string;
  detail?: string;
  icon?: ReactNode;
  onSelect: () => void;
  forceMount?: boolean;
}) {
  return (
    <Command.Item
      value={value}
      keywords={[name]}
      onSelect={onSelect}
      forceMount={forceMount}
      className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm text-foreground data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
    >
      <span className="flex size-6 shrink-0 items-center justify-center text-muted-foreground">{icon}</span>
      <span className="min-w-0 flex-1 truncate">{name}</span>
      {detail && <span className="shrink-0 text-xs text-muted-foreground">{detail}</span>}
    </Command.Item>
  );
}
