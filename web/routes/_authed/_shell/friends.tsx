import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page";
import { pageHead } from "../../../lib/head";

export const Route = createFileRoute("/_authed/_shell/friends")({
  head: pageHead("Friends & Chats"),
  component: () => <PageHeader title="Friends & Chats" description="Your friends, chats and groups." />,
});
