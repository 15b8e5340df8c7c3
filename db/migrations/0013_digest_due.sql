-- The e-mail digest (worker/notifications/digest.ts) finds the members it owes a digest through
-- notification_digests.due_at alone, which these triggers keep in the statement that writes what a
-- digest tells of: a notification, or a private message. A member is due once it has waited
-- DIGEST_DELAY_MS (10 minutes), and never sooner than DIGEST_INTERVAL_MS (an hour) after their last
-- digest (core/notification-rules.ts; the digest's tests hold the two to these numbers). A due time
-- already set stays when it is sooner, unwritten (a busy chat's messages write nothing more): the
-- digest sets the next one from what is left when it runs.
CREATE INDEX `notifications_digest_member_idx` ON `notifications` (`recipient_id`,`kind`,`created_at`) WHERE read_at IS NULL AND emailed_at IS NULL;
--> statement-breakpoint
CREATE TRIGGER `notifications_digest_due` AFTER INSERT ON `notifications` BEGIN
	INSERT INTO notification_digests (member_id, due_at) VALUES (new.recipient_id, new.created_at + 600000)
		ON CONFLICT (member_id) DO UPDATE SET due_at = max(excluded.due_at, coalesce(last_sent_at + 3600000, 0))
			WHERE due_at IS NULL OR due_at > max(excluded.due_at, coalesce(last_sent_at + 3600000, 0));
END;
--> statement-breakpoint
-- A member's words in a private chat make the other member due, unless they muted it or left.
-- chat_participants has no foreign key to users (history outlives accounts): the join keeps a
-- deleted member's row from failing the message's insert.
CREATE TRIGGER `messages_digest_due` AFTER INSERT ON `messages`
WHEN new.message_type = 'text' AND (SELECT NOT is_group FROM chats WHERE id = new.chat_id) BEGIN
	INSERT INTO notification_digests (member_id, due_at)
		SELECT users.id, new.created_at + 600000 FROM chat_participants JOIN users ON users.id = chat_participants.user_id
		WHERE chat_participants.chat_id = new.chat_id AND chat_participants.user_id <> new.sender_id
			AND chat_participants.left_at IS NULL AND NOT chat_participants.muted
		ON CONFLICT (member_id) DO UPDATE SET due_at = max(excluded.due_at, coalesce(last_sent_at + 3600000, 0))
			WHERE due_at IS NULL OR due_at > max(excluded.due_at, coalesce(last_sent_at + 3600000, 0));
END;
