-- A chat's state moves inside the very statement that changes what it follows, so a message is
-- sent in one statement and the state is exact whatever writes run at once, on every host.
ALTER TABLE `chats` ADD `members_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A new message moves its chat's newest sequence number and last activity, and for the sender's
-- own words, the sender's read mark: they have seen everything up to what they wrote.
CREATE TRIGGER `messages_after_insert` AFTER INSERT ON `messages` BEGIN
	UPDATE chats SET last_seq = new.seq, updated_at = unixepoch('subsec') * 1000
		WHERE id = new.chat_id AND last_seq < new.seq;
	UPDATE chat_participants SET last_read_seq = new.seq
		WHERE new.message_type = 'text' AND chat_id = new.chat_id AND user_id = new.sender_id AND last_read_seq < new.seq;
END;
--> statement-breakpoint
-- Who is in the chat changed: recipients read before now are stale (foreign-key cascades included).
CREATE TRIGGER `chat_participants_after_insert` AFTER INSERT ON `chat_participants` BEGIN
	UPDATE chats SET members_version = members_version + 1 WHERE id = new.chat_id;
END;
--> statement-breakpoint
CREATE TRIGGER `chat_participants_after_leave` AFTER UPDATE OF left_at ON `chat_participants` BEGIN
	UPDATE chats SET members_version = members_version + 1 WHERE id = new.chat_id;
END;
--> statement-breakpoint
CREATE TRIGGER `chat_participants_after_delete` AFTER DELETE ON `chat_participants` BEGIN
	UPDATE chats SET members_version = members_version + 1 WHERE id = old.chat_id;
END;
