import { SwitchField, type SwitchMeaning } from "@web/components/profile-fields";
import { useOwnProfile, useProfileSaved } from "@web/lib/profile";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { RouterInputs } from "@web/lib/types";

type SwitchName = RouterInputs["profiles"]["setSwitch"]["name"];

/**
 * One of Settings' switches: saved the moment it is turned and said in a toast, as every switch and
 * box on the page is (only the profile's fields wait for 'Save Changes'). While it saves it shows
 * the state asked for; a refusal puts it back and says why.
 */
export function SettingsSwitch({
  id,
  name,
  meaning,
  onSaved,
}: {
  id: string;
  name: SwitchName;
  meaning: SwitchMeaning;
  onSaved?: () => void;
}) {
  const profile = useOwnProfile();
  const saved = useProfileSaved();
  const save = trpc.profiles.setSwitch.useMutation({
    onSuccess: (profile) => {
      saved(profile);
      onSaved?.();
      const on = profile[name];
      notify.success(on ? meaning.turned.on : meaning.turned.off, on ? meaning.hint.on : meaning.hint.off);
    },
    onError: (error) =>
      notify.error("Settings Error", errorMessage(error, "Your choice could not be saved. Please try again.")),
  });
  const on = save.isPending ? save.variables.on : (profile.data?.[name] ?? true);
  return (
    <SwitchField
      id={id}
      label={meaning.label}
      hint={meaning.hint}
      checked={on}
      disabled={profile.isPending || save.isPending}
      onChange={(on) => save.mutate({ name, on })}
    />
  );
}
