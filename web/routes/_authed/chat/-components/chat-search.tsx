import { useState } from "react";
import { MESSAGE_SEARCH_MAX_LENGTH, MessageSearchResults } from "@web/components/chats/message-search";
import { SearchField } from "@web/components/search-field";
import { Popover, PopoverContent, PopoverTrigger } from "@web/components/ui/popover";
import { ChatSearchButton } from "./chat-header-parts";

/** The header's search: the chat's messages by their words; a result opens at its message, highlighted. */
export default function ChatSearch({ chatId }: { chatId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <ChatSearchButton />
      </PopoverTrigger>
      <PopoverContent className="w-[min(24rem,calc(100vw-1rem))] p-0" aria-label="Search this chat">
        <div className="p-2">
          <SearchField
            value={text}
            maxLength={MESSAGE_SEARCH_MAX_LENGTH}
            onChange={setText}
            label="Search this chat"
            placeholder="Search messages in this chat..."
            autoFocus
          />
        </div>
        <div className="max-h-[60dvh] overflow-y-auto">
          <MessageSearchResults text={text} chatId={chatId} onOpen={() => setOpen(false)} />
        </div>
      </PopoverContent>
    </Popover>
  );
}
