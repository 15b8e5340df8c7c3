import { UserPlus } from "lucide-react";
import { Avatar } from "@web/components/avatar";
import { nameOf } from "@web/components/friends/people";
import { Button } from "@web/components/ui/button";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

/** A group admin adds friends who are not in the group yet (spec: members come from friends). */
export function AddGroupMembers({ chatId, memberIds }: { chatId: string; memberIds: string[] }) {
  const utils = trpc.useUtils();
  const friends = trpc.friends.list.useQuery();
  const add = trpc.chats.addMember.useMutation({
    onSuccess: () => {
      void utils.chats.byId.invalidate({ chatId });
      void utils.chats.list.invalidate();
    },
    onError: (error) => notify.error("Chat Error", errorMessage(error)),
  });
  const candidates = (friends.data ?? []).filter((friend) => !memberIds.includes(friend.id));

  return (
    <section aria-label="Add friends" className="grid gap-3 border-t pt-4">
      <h3 className="text-sm font-semibold">Add friends</h3>
      {friends.isPending ? (
        <p className="text-sm text-muted-foreground">Loading friends...</p>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-muted-foreground">Every friend of yours is in this group.</p>
      ) : (
        <ul className="grid gap-3">
          {candidates.map((friend) => (
            <li key={friend.id} className="flex items-center gap-3">
              <Avatar name={nameOf(friend)} url={friend.avatarUrl} className="size-9" />
              <p className="min-w-0 flex-1 truncate text-sm font-medium">{nameOf(friend)}</p>
              <Button
                size="sm"
                variant="outline"
                disabled={add.isPending}
                onClick={() => add.mutate({ chatId, userId: friend.id })}
                aria-label={`Add ${nameOf(friend)}`}
              >
                <UserPlus aria-hidden />
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
