import { useLocation } from "@tanstack/react-router";
import { useEffect, useState, type FormEvent } from "react";
import { MAX_AGE, MIN_AGE } from "@core/enums";
import { AvatarUpload } from "@web/components/avatar-upload";
import {
  BackgroundFields,
  ChoiceField,
  InterestsField,
  NameAndBioFields,
  SkillsField,
} from "@web/components/profile-fields";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { profileFormValues, useProfileSaved, type OwnProfile } from "@web/lib/profile";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { differs, useConfirmLeave } from "@web/lib/unsaved-changes";
import type { Me } from "@web/lib/types";

const AGES = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => String(MIN_AGE + i));

/**
 * A link to one setting (`/settings#settings-skills`, from the dashboard) or section
 * (`#notifications`, from an e-mail) lands on it: the router scrolls to the address's fragment
 * before the form is there, and the form pushes what is below it down, so the form does it once it is.
 */
function useLinkedField() {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    const target = hash ? document.getElementById(hash) : null;
    // A field comes to the middle, read with what is around it; a section (Settings' list) to the top.
    target?.scrollIntoView({ block: target.matches("input, textarea, select, button") ? "center" : "start" });
    target?.focus({ preventScroll: true });
  }, [hash]);
}

/** The profile's fields; its switches are Settings' own, each saved as it is turned. */
function fieldValues(profile: OwnProfile | null, me: Me) {
  const { openToJoin: _switch, ...fields } = profileFormValues(profile, me);
  return fields;
}
type FieldValues = ReturnType<typeof fieldValues>;

/** Every profile field, saved together with 'Save Changes'. */
export function SettingsForm({ me, profile }: { me: Me; profile: OwnProfile | null }) {
  const saved = useProfileSaved();
  useLinkedField();
  const [values, setValues] = useState(() => fieldValues(profile, me));
  const set = (patch: Partial<FieldValues>) => setValues((current) => ({ ...current, ...patch }));
  const update = trpc.profiles.update.useMutation({
    onSuccess: (profile) => {
      saved(profile);
      // Show what the server kept (trimmed name, cleaned lists).
      setValues(fieldValues(profile, me));
      notify.success("Profile Updated", "Your profile has been saved.");
    },
    onError: (error) => notify.error("Profile Error", errorMessage(error, "Error saving profile. Please try again.")),
  });
  useConfirmLeave(differs(values, fieldValues(profile, me)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      ...values,
      developerType: values.developerType || null,
      experience: values.experience || null,
      specialization: values.specialization || null,
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-6" noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>How other members see you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <AvatarUpload name={values.displayName || me.email} url={profile?.avatarUrl ?? null} />
          <NameAndBioFields idPrefix="settings" values={values} onChange={set} bioRows={4} />
          <div className="sm:max-w-xs">
            <ChoiceField
              id="settings-age"
              label="Age"
              options={AGES}
              value={values.age === null ? "" : String(values.age)}
              onChange={(age) => set({ age: Number(age) })}
              placeholder="Select your age"
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Experience and interests</CardTitle>
          <CardDescription>Helps project owners and teammates find you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-6 sm:grid-cols-2">
            <BackgroundFields idPrefix="settings" values={values} onChange={set} />
          </div>
          <InterestsField
            value={values.interestedProjects}
            onChange={(interestedProjects) => set({ interestedProjects })}
          />
          <SkillsField id="settings-skills" value={values.skills} onChange={(skills) => set({ skills })} />
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
