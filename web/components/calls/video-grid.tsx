import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { fitTiles, type TileGrid } from "@web/lib/calls/tile-grid";

/** The gap between tiles, in px (Tailwind's gap-2). */
const GAP = 8;

/**
 * A video call's tiles, each 16:9 and as large as the space allows for their number (`fitTiles`),
 * centred. The space is measured as it changes (a window resized, the chat panel opened); the
 * tiles read their width from `--tile-width`.
 */
export function VideoGrid({ count, children }: { count: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [grid, setGrid] = useState<TileGrid | null>(null);
  useLayoutEffect(() => {
    const element = box.current!;
    const measure = () => setGrid(fitTiles(count, { width: element.clientWidth, height: element.clientHeight }, GAP));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [count]);
  return (
    <div ref={box} className="flex min-h-0 min-w-0 flex-1 items-center justify-center overflow-hidden">
      {grid && (
        <div
          className="flex flex-wrap content-center justify-center gap-2"
          style={{
            width: grid.columns * grid.width + (grid.columns - 1) * GAP,
            ["--tile-width" as string]: `${grid.width}px`,
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
