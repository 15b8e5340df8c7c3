import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { OPEN_TO_JOIN, SHOW_IN_SEARCH } from "@web/components/profile-fields";
import { SettingsSwitch } from "./settings-switch";

/** Settings: whether members looking for teammates find this one. */
export function DiscoveryCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Discovery</CardTitle>
        <CardDescription>Whether members looking for teammates can find you.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SettingsSwitch id="settings-open-to-join" name="openToJoin" meaning={OPEN_TO_JOIN} />
        <SettingsSwitch id="settings-listed-in-search" name="listedInSearch" meaning={SHOW_IN_SEARCH} />
      </CardContent>
    </Card>
  );
}
