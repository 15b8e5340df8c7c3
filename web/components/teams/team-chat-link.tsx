import { Link } from "@tanstack/react-router";
import { MessagesSquare } from "lucide-react";
import { buttonVariants } from "../ui/button";

/** 'Team chat': opens the project team's group chat (the project page, My Projects). */
export function TeamChatLink({ chatId, size }: { chatId: string; size?: "sm" | "default" }) {
  return (
    <Link to="/chat/$chatId" params={{ chatId }} className={buttonVariants({ variant: "outline", size })}>
      <MessagesSquare aria-hidden />
      Team chat
    </Link>
  );
}
