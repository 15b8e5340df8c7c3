import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

/** Hands the browser a file to save, without a round trip through a URL of ours. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/** Settings: everything the member wrote or owns, as a JSON file made when they ask. */
export function AccountExport() {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const exportData = async () => {
    setBusy(true);
    try {
      // Made fresh each time: a copy cached earlier would leave out what changed since.
      const data = await utils.account.export.fetch(undefined, { staleTime: 0, gcTime: 0 });
      download(`crewboard-data-${new Date().toISOString().slice(0, 10)}.json`, JSON.stringify(data, null, 2));
    } catch (error) {
      notify.error("Export Error", errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export your data</CardTitle>
        <CardDescription>
          A JSON file with your profile, projects, join requests, friends, the chats you are in with your own messages,
          and your payments.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" disabled={busy} onClick={() => void exportData()}>
          <Download aria-hidden />
          {busy ? "Preparing..." : "Download my data"}
        </Button>
      </CardContent>
    </Card>
  );
}
