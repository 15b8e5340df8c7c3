/**
 * A message's picture full size, with a link to download it. Its own chunk: a chat's first screen
 * shows thumbnails, and the dialog's code (Radix's focus trap, scroll lock and layers, about 14 KB)
 * loads with the first one opened.
 */
import { Download } from "lucide-react";
import type { RefObject } from "react";
import { attachmentUrl, fileSize } from "@core/attachment-rules";
import type { WireAttachment } from "@party/protocol";
import { Dialog, DialogContent, DialogTitle } from "@web/components/ui/dialog";

export default function PictureViewer({
  file,
  onClose,
  thumbnail,
}: {
  file: WireAttachment;
  onClose: () => void;
  /** Where focus goes back to once the viewer has closed. */
  thumbnail: RefObject<HTMLButtonElement | null>;
}) {
  const url = attachmentUrl(file.id);
  // As wide as a phone's screen allows: sized to its content there, the picture came out narrower
  // than its own thumbnail.
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        bare
        className="flex w-[calc(100vw-2rem)] max-w-[calc(100vw-2rem)] flex-col gap-3 p-3 sm:w-auto sm:p-4"
        returnFocus={thumbnail}
      >
        <DialogTitle className="truncate pr-8 text-sm">{file.name}</DialogTitle>
        <img
          src={url}
          alt={file.name}
          className="max-h-[calc(100dvh-9rem)] max-w-full self-center object-contain"
          data-full-size
        />
        <a
          href={url}
          download={file.name}
          className="inline-flex items-center gap-1 self-end text-sm underline underline-offset-2"
        >
          <Download className="size-4" aria-hidden />
          Download ({fileSize(file.size)})
        </a>
      </DialogContent>
    </Dialog>
  );
}
