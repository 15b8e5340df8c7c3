import { Download, FileText, Loader2, RotateCw, X } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { attachmentUrl, fileSize, shownInline } from "@core/attachment-rules";
import type { WireAttachment } from "@party/protocol";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import type { Upload } from "./use-uploads";

const loadViewer = () => import("./picture-viewer");
const PictureViewer = lazy(loadViewer);
/**
 * Fetched ahead as a pointer comes near or focus arrives, so the first click opens it at once; the
 * click asks again if this failed.
 */
const fetchViewer = () => void loadViewer().catch(() => undefined);

/** A picture in a message: a fixed-size thumbnail (no jump as it loads) that opens full size. */
function Thumbnail({ file }: { file: WireAttachment }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="block overflow-hidden rounded-lg bg-background/40 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Open ${file.name} full size`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={fetchViewer}
        onFocus={fetchViewer}
      >
        <img
          src={attachmentUrl(file.id)}
          alt={file.name}
          loading="lazy"
          className="h-40 w-56 max-w-full object-cover"
          data-thumbnail
        />
      </button>
      {open && (
        <Suspense fallback={null}>
          <PictureViewer file={file} onClose={() => setOpen(false)} thumbnail={button} />
        </Suspense>
      )}
    </>
  );
}

/** Any other file: its name and size; opening it downloads it (the server never shows it inline). */
function FileCard({ file, own }: { file: WireAttachment; own: boolean }) {
  return (
    <a
      href={attachmentUrl(file.id)}
      download={file.name}
      className={cn(
        "flex w-60 max-w-full items-center gap-3 rounded-lg border px-3 py-2 text-left no-underline outline-none focus-visible:ring-2 focus-visible:ring-ring",
        own ? "border-primary-foreground/30 bg-primary-foreground/10" : "border-border bg-background/60",
      )}
      aria-label={`Download ${file.name}, ${fileSize(file.size)}`}
    >
      <FileText className="size-8 shrink-0 opacity-80" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{file.name}</span>
        <span className="block text-xs opacity-80">{fileSize(file.size)}</span>
      </span>
      <Download className="size-4 shrink-0 opacity-80" aria-hidden />
    </a>
  );
}

/** The files a message carries, pictures first as thumbnails, then the others as cards. */
export function MessageAttachments({ files, own }: { files: WireAttachment[]; own: boolean }) {
  if (!files.length) return null;
  const pictures = files.filter((f) => shownInline(f.contentType));
  const others = files.filter((f) => !shownInline(f.contentType));
  return (
    <span className="mb-1 flex flex-col gap-1.5 whitespace-normal" data-attachments>
      {pictures.length > 0 && (
        <span className="flex flex-wrap gap-1.5">
          {pictures.map((file) => (
            <Thumbnail key={file.id} file={file} />
          ))}
        </span>
      )}
      {others.map((file) => (
        <FileCard key={file.id} file={file} own={own} />
      ))}
    </span>
  );
}

/** Above the composer: the files on their way into the next message, each with its state. */
export function AttachmentTray({
  uploads,
  onRemove,
  onRetry,
}: {
  uploads: Upload[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  if (!uploads.length) return null;
  return (
    <ul className="mx-auto mb-2 flex max-w-3xl flex-wrap gap-2" aria-label="Attached files">
      {uploads.map((upload) => (
        <li
          key={upload.key}
          className={cn(
            "flex w-56 max-w-full items-center gap-2 rounded-md border bg-muted/50 p-1.5 text-xs",
            upload.state === "failed" && "border-destructive",
          )}
          data-upload-state={upload.state}
        >
          {upload.preview ? (
            <img src={upload.preview} alt="" className="size-10 shrink-0 rounded object-cover" />
          ) : (
            <FileText className="size-10 shrink-0 p-1.5 text-muted-foreground" aria-hidden />
          )}
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{upload.file.name}</span>
            {upload.state === "failed" ? (
              <span className="flex flex-wrap items-center gap-x-2 text-destructive" role="alert">
                {upload.error}
                {upload.retryable && (
                  <Button
                    type="button"
                    variant="link"
                    size="inline"
                    className="text-xs"
                    onClick={() => onRetry(upload.key)}
                  >
                    <RotateCw aria-hidden />
                    Retry
                  </Button>
                )}
              </span>
            ) : (
              <span className="flex items-center gap-1 text-muted-foreground">
                {upload.state === "uploading" && <Loader2 className="size-3 animate-spin" aria-hidden />}
                {upload.state === "uploading" ? "Uploading…" : fileSize(upload.file.size)}
              </span>
            )}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7 shrink-0 md:size-7"
            aria-label={`Remove ${upload.file.name}`}
            onClick={() => onRemove(upload.key)}
          >
            <X aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}
