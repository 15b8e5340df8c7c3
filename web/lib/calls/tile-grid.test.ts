import { describe, expect, it } from "vitest";
import { fitTiles } from "./tile-grid";

const desktop = { width: 1248, height: 600 };
const phone = { width: 351, height: 560 };

describe("video tiles sized to the number of people", () => {
  it("gives one person the whole width the height allows, at 16:9", () => {
    expect(fitTiles(1, desktop, 8)).toEqual({ columns: 1, width: 1066 });
    expect(fitTiles(1, phone, 8)).toEqual({ columns: 1, width: 351 });
  });

  it("puts two side by side on a wide screen and stacks them on a phone", () => {
    expect(fitTiles(2, desktop, 8)).toEqual({ columns: 2, width: 620 });
    expect(fitTiles(2, phone, 8).columns).toBe(1);
  });

  it("lays three or four out as a 2×2 grid on a wide screen", () => {
    for (const count of [3, 4]) expect(fitTiles(count, desktop, 8)).toEqual({ columns: 2, width: 526 });
  });

  it("never makes tiles that overflow the space, whatever the count", () => {
    for (const space of [desktop, phone, { width: 200, height: 90 }]) {
      for (let count = 1; count <= 5; count++) {
        const { columns, width } = fitTiles(count, space, 8);
        const rows = Math.ceil(count / columns);
        expect(columns * width + (columns - 1) * 8).toBeLessThanOrEqual(space.width);
        expect(rows * (width / (16 / 9)) + (rows - 1) * 8).toBeLessThanOrEqual(space.height + 0.001);
      }
    }
  });
});
