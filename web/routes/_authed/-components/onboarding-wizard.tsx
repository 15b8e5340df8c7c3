import { useNavigate } from "@tanstack/react-router";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { AvatarUpload } from "@web/components/avatar-upload";
import {
  BackgroundFields,
  InterestsField,
  NameAndBioFields,
  OPEN_TO_JOIN,
  SkillsField,
  SwitchField,
} from "@web/components/profile-fields";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Progress } from "@web/components/ui/progress";
import {
  profileFormValues,
  useOwnProfile,
  useProfileSaved,
  type OwnProfile,
  type ProfileFormValues,
} from "@web/lib/profile";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { clearDraft, readDraft, writeDraft } from "@web/lib/onboarding-draft";
import type { Me } from "@web/lib/types";

const STEPS = 4;
const TITLES = ["Tell us about yourself", "Your experience", "Your interests", "Review your profile"] as const;
/** How long 'Profile Complete!' shows before the dashboard opens (the button goes at once). */
const COMPLETE_PAUSE_MS = 1500;

/**
 * Spec §5 gating: what a step still needs before Next, in the words the page shows beside the
 * disabled button; null once it has everything (step 4 needs everything before it).
 */
function stepNeeds(step: number, values: ProfileFormValues): string | null {
  const about = values.displayName.trim() === "" ? "Enter your display name to continue." : null;
  const missing = [
    values.developerType === "" && "your developer type",
    values.experience === "" && "your experience level",
  ].filter(Boolean);
  const experience = missing.length ? `Choose ${missing.join(" and ")} to continue.` : null;
  const interests = values.interestedProjects.length === 0 ? "Pick at least one interest to continue." : null;
  return [about, experience, interests, about ?? experience ?? interests][step - 1] ?? null;
}

const stepIsValid = (step: number, values: ProfileFormValues) => stepNeeds(step, values) === null;

/** `next`: where the new member was going when they signed up; the dashboard otherwise. */
export function OnboardingWizard({ me, profile, next }: { me: Me; profile: OwnProfile | null; next?: string }) {
  const navigate = useNavigate();
  const saved = useProfileSaved();
  const avatarUrl = useOwnProfile().data?.avatarUrl ?? profile?.avatarUrl ?? null;
  const [initial] = useState(() => profileFormValues(profile, me));
  // A draft of this member's, kept in the browser, resumes where they were.
  const [draft] = useState(() => readDraft(me.id, initial, STEPS));
  const [step, setStep] = useState(() => {
    let resumed = draft?.step ?? 1;
    while (resumed > 1 && !stepIsValid(resumed - 1, draft!.values)) resumed--;
    return resumed;
  });
  const [values, setValues] = useState(draft?.values ?? initial);
  const set = (patch: Partial<ProfileFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const destination = next ?? "/dashboard";

  const complete = trpc.profiles.completeOnboarding.useMutation({
    onSuccess: (profile) => {
      clearDraft(me.id);
      saved(profile);
      notify.success("Profile Setup Complete!", "Welcome to Crewboard.");
    },
    onError: (error) =>
      notify.error("Setup Error", errorMessage(error, "Error saving profile data. Please try again.")),
  });
  const done = complete.isSuccess;
  const saving = complete.isPending || done;
  const needs = stepNeeds(step, values);
  // Steps done, not the step shown: the bar fills as each is passed, and reaches 100% once saved.
  const completed = done ? STEPS : step - 1;
  const valid = needs === null;

  useEffect(() => {
    if (!done) writeDraft(me.id, { step, values });
  }, [me.id, step, values, done]);

  // Each step is a new screen: keyboard and screen-reader users start at its title.
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
  }, [step, done]);

  // The saved profile is confirmed for a moment, then the dashboard (or where they were going) opens.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ href: destination }), COMPLETE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [done, destination, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    if (step < STEPS) return setStep(step + 1);
    const {
      displayName,
      bio,
      developerType,
      experience,
      specialization,
      region,
      interestedProjects,
      skills,
      openToJoin,
    } = values;
    if (!developerType || !experience) return;
    complete.mutate({
      displayName,
      bio,
      developerType,
      experience,
      specialization: specialization || null,
      region,
      interestedProjects,
      skills,
      openToJoin,
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-6" noValidate>
      <div className="grid gap-2">
        <div className="flex justify-between text-sm text-muted-foreground">
          <span>
            Step {step} of {STEPS}
          </span>
          <span>{Math.round((completed / STEPS) * 100)}%</span>
        </div>
        <Progress value={completed} max={STEPS} aria-label="Onboarding progress" />
      </div>

      <section className="grid gap-5" aria-labelledby="onboarding-step-title">
        <h2 id="onboarding-step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {done ? "Profile Complete!" : TITLES[step - 1]}
        </h2>

        {step === 1 && (
          <>
            <AvatarUpload name={values.displayName || me.email} url={avatarUrl} />
            <NameAndBioFields idPrefix="onboarding" values={values} onChange={set} bioRows={3} />
          </>
        )}

        {step === 2 && (
          <div className="grid gap-5 sm:grid-cols-2">
            <BackgroundFields idPrefix="onboarding" values={values} onChange={set} />
          </div>
        )}

        {step === 3 && (
          <>
            <InterestsField
              value={values.interestedProjects}
              onChange={(interestedProjects) => set({ interestedProjects })}
            />
            <SkillsField
              id="onboarding-skills"
              value={values.skills}
              onChange={(skills) => set({ skills })}
              hint="Optional. Press Enter after each one: projects that need them and people who share them are suggested to you."
            />
            <SwitchField
              id="onboarding-open-to-join"
              {...OPEN_TO_JOIN}
              checked={values.openToJoin}
              onChange={(openToJoin) => set({ openToJoin })}
            />
          </>
        )}

        {step === 4 && (
          <div className="grid justify-items-center gap-4 py-4 text-center">
            {done ? (
              <>
                <CheckCircle2 className="size-14 text-green-600 dark:text-green-400" aria-hidden />
                <p className="max-w-md text-muted-foreground" role="status">
                  Thanks, {values.displayName.trim()}! Your profile is saved.
                </p>
              </>
            ) : (
              <p className="max-w-md text-muted-foreground">
                Check your answers, then press Get Started to save your profile.
              </p>
            )}
            <dl className="grid w-full max-w-md gap-2 rounded-lg border bg-muted/40 p-4 text-left text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Developer Type</dt>
                <dd className="text-right font-medium">{values.developerType}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Experience</dt>
                <dd className="text-right font-medium">{values.experience}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Region</dt>
                <dd className="text-right font-medium">{values.region}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{OPEN_TO_JOIN.label}</dt>
                <dd className="text-right font-medium">{values.openToJoin ? "Yes" : "No"}</dd>
              </div>
              {values.skills.length > 0 && (
                <div className="grid gap-2">
                  <dt className="text-muted-foreground">Skills</dt>
                  <dd className="flex flex-wrap gap-1.5">
                    {values.skills.map((skill) => (
                      <Badge key={skill} variant="outline">
                        {skill}
                      </Badge>
                    ))}
                  </dd>
                </div>
              )}
              <div className="grid gap-2">
                <dt className="text-muted-foreground">Interests</dt>
                <dd className="flex flex-wrap gap-1.5">
                  {values.interestedProjects.map((item) => (
                    <Badge key={item} variant="secondary">
                      {item}
                    </Badge>
                  ))}
                </dd>
              </div>
            </dl>
          </div>
        )}
      </section>

      <div className="flex justify-between gap-3 border-t pt-5">
        {done ? (
          <Button type="button" className="ml-auto" onClick={() => void navigate({ href: destination })}>
            {next ? "Continue" : "Go to Dashboard"}
          </Button>
        ) : (
          <>
            <Button type="button" variant="outline" onClick={() => setStep(step - 1)} disabled={step === 1 || saving}>
              Back
            </Button>
            <div className="flex items-center gap-3">
              {needs && (
                <p id="onboarding-needs" className="text-right text-sm text-muted-foreground">
                  {needs}
                </p>
              )}
              <Button
                type="submit"
                disabled={!valid || saving}
                aria-describedby={needs ? "onboarding-needs" : undefined}
              >
                {saving ? "Saving..." : step === STEPS ? "Get Started" : "Next"}
              </Button>
            </div>
          </>
        )}
      </div>
    </form>
  );
}
