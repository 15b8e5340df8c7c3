import type { ReactNode } from "react";
import { useOwnProfile, type OwnProfile } from "../lib/profile";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";

export const PROFILE_LOAD_ERROR = "Error loading profile data";

/**
 * The member's own profile, loaded: 'Loading your profile...' first, the error with 'Try Again' if
 * it fails, else `children` with it (null when missing). No form without the stored values: saving
 * blanks over them would lose what the member wrote.
 */
export function OwnProfileLoaded({ children }: { children: (profile: OwnProfile | null) => ReactNode }) {
  const profile = useOwnProfile();
  if (profile.isPending) {
    return (
      <p role="status" className="py-12 text-center text-muted-foreground">
        Loading your profile...
      </p>
    );
  }
  if (profile.isError) {
    return (
      <div className="grid justify-items-start gap-4">
        <Alert>{PROFILE_LOAD_ERROR}</Alert>
        <Button variant="outline" onClick={() => void profile.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return children(profile.data);
}
