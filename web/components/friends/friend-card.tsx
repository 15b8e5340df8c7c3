import { Link } from "@tanstack/react-router";
import { Ban, MessageCircle, MoreVertical, Phone, UserMinus, Video } from "lucide-react";
import { useState } from "react";
import type { RouterOutputs } from "@web/lib/types";
import { Avatar } from "../avatar";
import { BlockDialog } from "../safety/block-dialog";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { useCallFriend } from "./call-friend";
import { nameOf, specializationLabel } from "./people";
import { RemoveFriendDialog } from "./remove-friend-dialog";

export type Friend = RouterOutputs["friends"]["list"][number];

/** A friend: who they are, a Message button, and a menu with calls, Remove Friend and Block. */
export function FriendCard({ friend, onMessage }: { friend: Friend; onMessage: (friend: Friend) => void }) {
  const [removing, setRemoving] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const callFriend = useCallFriend();
  const name = nameOf(friend);
  return (
    <Card className="flex flex-col gap-4 p-4">
      <div className="flex items-start gap-3">
        <Avatar name={name} url={friend.avatarUrl} className="size-12" />
        <div className="grid min-w-0 flex-1 gap-1">
          <Link
            to="/member/$id"
            params={{ id: friend.id }}
            className="truncate font-semibold hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {name}
          </Link>
          <p className="truncate text-sm text-muted-foreground">{friend.email}</p>
          {friend.specialization && (
            <Badge variant="secondary" className="w-fit max-w-full truncate">
              {specializationLabel(friend.specialization)}
            </Badge>
          )}
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="-mr-2 -mt-2 shrink-0"
              aria-label={`More actions for ${name}`}
            >
              <MoreVertical aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => callFriend(friend, "video")}>
              <Video aria-hidden />
              Video Call
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => callFriend(friend, "voice")}>
              <Phone aria-hidden />
              Voice Call
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={() => setRemoving(true)}>
              <UserMinus aria-hidden />
              Remove Friend
            </DropdownMenuItem>
            <DropdownMenuItem destructive onSelect={() => setBlocking(true)}>
              <Ban aria-hidden />
              Block
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <Button variant="outline" className="w-full" onClick={() => onMessage(friend)}>
        <MessageCircle aria-hidden />
        Message
      </Button>
      <RemoveFriendDialog friend={{ id: friend.id, name }} open={removing} onOpenChange={setRemoving} />
      <BlockDialog member={{ id: friend.id, name }} open={blocking} onOpenChange={setBlocking} />
    </Card>
  );
}
