import { useEffect } from "react";
import { DataProvider } from "../lib/data-provider";
import { useMe } from "../lib/session";
import type { Me } from "../lib/types";

function Watch({ onChange }: { onChange: (me: Me | null | undefined) => void }) {
  const me = useMe();
  useEffect(() => onChange(me), [me, onChange]);
  return null;
}

/**
 * Who is signed in, for the public pages' top bar: it brings the query cache with it, so the top
 * bar loads it only after the page has painted. Kept live: signing out or editing the profile shows.
 */
export default function SessionWatcher({ onChange }: { onChange: (me: Me | null | undefined) => void }) {
  return (
    <DataProvider>
      <Watch onChange={onChange} />
    </DataProvider>
  );
}
