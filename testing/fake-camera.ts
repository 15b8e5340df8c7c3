/**
 * The camera the browser tests and the call benchmark give Chromium: a small moving picture in a
 * Y4M file at 16:9, as the app asks of a camera, which Chromium plays in a loop. Its own fake camera sends 640×360 at 24 frames a second
 * to every page; four pages encoding and decoding that on two cores starve every other test.
 */
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const WIDTH = 192;
const HEIGHT = 108;
const FPS = 12;
/** Two seconds of a bar sweeping across, so every frame differs from the one before. */
const FRAMES = 2 * FPS;

function frame(index: number): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 60);
  const barLeft = Math.floor((index / FRAMES) * WIDTH);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = barLeft; x < Math.min(barLeft + 16, WIDTH); x++) luma[y * WIDTH + x] = 220;
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  return Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
}

/** The file's path, written on first use; written aside and renamed, as test workers may race to it. */
export function fakeCameraFile(): string {
  const path = join(tmpdir(), `crewboard-camera-${WIDTH}x${HEIGHT}-${FPS}.y4m`);
  if (existsSync(path)) return path;
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const frames = Array.from({ length: FRAMES }, (_, index) => frame(index));
  const aside = `${path}.${process.pid}`;
  writeFileSync(aside, Buffer.concat([header, ...frames]));
  renameSync(aside, path);
  return path;
}
