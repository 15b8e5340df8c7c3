import { httpRooms } from "../worker/rooms/http-rooms";
import { createTestApp, type TestApp } from "./harness";
import { roomsProcess, type RoomsProcess } from "./rooms-process";

/**
 * What a test of the app with real rooms starts with: the rooms as `npm start` runs them, and the
 * app on a fresh database telling them over HTTP, the two sharing one secret. The caller stops the
 * rooms when its tests are done.
 */
export async function liveRooms(secret: string): Promise<{ rooms: RoomsProcess; t: TestApp }> {
  const rooms = await roomsProcess({ secret });
  const t = await createTestApp(
    { PARTY_SECRET: secret, RATE_LIMIT_SIGNUP_PER_IP: "10000" },
    { rooms: httpRooms(rooms.origin, secret) },
  );
  return { rooms, t };
}
