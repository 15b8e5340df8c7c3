import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page";
import { pageHead } from "../../lib/head";

export const Route = createFileRoute("/_authed/chat/$chatId")({
  head: pageHead("Chat"),
  component: () => <PageHeader title="Chat" description="Messages in this chat." />,
});
