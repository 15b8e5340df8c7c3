import { Upload } from "lucide-react";
import { useRef } from "react";
import { AVATAR_ACCEPT, AVATAR_REQUIRED, AVATAR_TOO_LARGE, MAX_AVATAR_BYTES } from "@core/rules";
import { useProfileSaved } from "../lib/profile";
import { notify } from "../lib/toast";
import { errorMessage, trpc } from "../lib/trpc";
import { Avatar } from "./avatar";
import { Button } from "./ui/button";

/** The member's picture with a button that uploads a new one and saves it to the profile at once. */
export function AvatarUpload({ name, url }: { name: string; url: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const saved = useProfileSaved();
  const upload = trpc.profiles.uploadAvatar.useMutation({
    onSuccess: (profile) => {
      saved(profile);
      notify.success("Avatar Uploaded", "Your new avatar is saved.");
    },
    onError: (error) => notify.error("Profile Error", errorMessage(error, "Error saving profile. Please try again.")),
  });

  const onFile = (file: File | undefined) => {
    if (!file) return notify.error("Profile Error", AVATAR_REQUIRED);
    // The server decides; this only spares a long upload it would refuse anyway.
    if (file.size > MAX_AVATAR_BYTES) return notify.error("Profile Error", AVATAR_TOO_LARGE);
    const form = new FormData();
    form.append("file", file);
    upload.mutate(form);
  };

  return (
    <div className="flex items-center gap-4">
      <Avatar name={name} url={url} className="size-20" initialClassName="text-2xl" />
      <div className="grid gap-1">
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Avatar image"
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            // Choosing the same file again must still upload it.
            event.target.value = "";
          }}
        />
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Upload aria-hidden />
          {upload.isPending ? "Uploading..." : "Upload Avatar"}
        </Button>
        <p className="text-xs text-muted-foreground">PNG, JPEG, WebP or GIF, up to 2 MB.</p>
      </div>
    </div>
  );
}
