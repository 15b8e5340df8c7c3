import type { LabelColor } from "@core/board-rules";
import type { BoardData } from "./board-order";

type Label = BoardData["labels"][number];

/** The palette's dots, light and dark alike: the name beside each says what it is. */
export const LABEL_DOTS: Record<LabelColor, string> = {
  gray: "bg-gray-500",
  red: "bg-red-500",
  orange: "bg-orange-500",
  yellow: "bg-yellow-400",
  green: "bg-green-500",
  teal: "bg-teal-500",
  blue: "bg-blue-500",
  purple: "bg-purple-500",
  pink: "bg-pink-500",
};

/** A label as cards and the task dialog show it: its name beside a dot of its colour. */
export function LabelChip({ label }: { label: Label }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium">
      <span className={`size-2 rounded-full ${LABEL_DOTS[label.color]}`} aria-hidden />
      {label.name}
    </span>
  );
}
