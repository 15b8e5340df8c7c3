/**
 * How a video call's tiles share the space they have: every tile keeps the 16:9 of a camera, and
 * the tiles take the number of columns that makes them largest. A wide window puts two people side
 * by side and three or four in a 2×2 grid; a phone held upright stacks them.
 */
export const TILE_ASPECT = 16 / 9;

export interface TileGrid {
  columns: number;
  /** Each tile's width in px; its height follows from the aspect. */
  width: number;
}

export function fitTiles(count: number, space: { width: number; height: number }, gap: number): TileGrid {
  let best: TileGrid = { columns: 1, width: 0 };
  for (let columns = 1; columns <= Math.max(1, count); columns++) {
    const rows = Math.ceil(count / columns);
    const byWidth = (space.width - (columns - 1) * gap) / columns;
    const byHeight = ((space.height - (rows - 1) * gap) / rows) * TILE_ASPECT;
    // Whole pixels, rounded down: a fraction over would wrap the last tile of a row.
    const width = Math.max(0, Math.floor(Math.min(byWidth, byHeight)));
    if (width > best.width) best = { columns, width };
  }
  return best;
}
