import { createFileRoute } from "@tanstack/react-router";
import { SearchX, SlidersHorizontal, UsersRound } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { DEVELOPER_TYPES, EXPERIENCE_LEVELS, REGIONS, SPECIALIZATIONS } from "@core/enums";
import { EmptyState } from "@web/components/empty-state";
import { SearchField } from "@web/components/search-field";
import { PageHeader, type PageHeading } from "@web/components/page";
import { PersonCard, PersonCardSkeleton } from "@web/components/people/person-card";
import { ChoiceField } from "@web/components/profile-fields";
import { Button } from "@web/components/ui/button";
import { LoadMore } from "@web/components/load-more";
import { Checkbox } from "@web/components/ui/checkbox";
import { Label } from "@web/components/ui/label";
import { pageHead } from "@web/lib/head";
import { usePhone } from "@web/lib/use-media";
import { trpc } from "@web/lib/trpc";
import { useUrlSearch } from "@web/lib/use-url-search";
import { peopleQuery, readPeopleSearch } from "./-components/people-search";

const heading: PageHeading = {
  title: "Find People",
  description: "Look for teammates by name or skill, and narrow them down by what they do and where.",
};

export const Route = createFileRoute("/_authed/_shell/people")({
  head: pageHead(heading.title),
  staticData: { heading },
  validateSearch: readPeopleSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.people.search.prefetchInfinite(peopleQuery(deps)),
  component: People,
});

const ANY = "any";

/** One dropdown filter: 'Any …' or one value of its list. */
function Filter<T extends string>({
  id,
  label,
  any,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  any: string;
  options: readonly T[];
  value?: T;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <ChoiceField
      id={id}
      label={label}
      hideLabel
      options={[ANY, ...options] as const}
      optionLabel={(choice) => (choice === ANY ? any : choice)}
      value={value ?? ANY}
      onChange={(choice) => onChange(choice === ANY ? undefined : choice)}
    />
  );
}

function People() {
  const filters = Route.useSearch();
  const { text, setText, setFilters, clear } = useUrlSearch(filters, Route.useNavigate());

  const people = trpc.people.search.useInfiniteQuery(peopleQuery(filters), {
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: (previous) => previous,
  });
  const data = useDeferredValue(people.data);
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);
  // On a phone the filters fold behind a button, so the results start above the fold.
  const phone = usePhone();
  const [unfolded, setUnfolded] = useState(false);
  const showFilters = !phone || unfolded;
  const active = (["specialization", "experience", "developerType", "region", "open"] as const).filter(
    (key) => filters[key] !== undefined,
  ).length;

  return (
    <>
      <PageHeader {...heading} />
      <div className="mb-6 grid gap-3">
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">
            <SearchField
              value={text}
              onChange={setText}
              placeholder="Search by name or skill..."
              label="Search people by name or skill"
            />
          </div>
          {phone && (
            <Button
              variant="outline"
              aria-expanded={unfolded}
              aria-controls="people-filters"
              onClick={() => setUnfolded(!unfolded)}
            >
              <SlidersHorizontal aria-hidden />
              {active ? `Filters (${active})` : "Filters"}
            </Button>
          )}
        </div>
        <div id="people-filters" hidden={!showFilters} className="grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Filter
              id="people-specialization"
              label="Specialization"
              any="Any specialization"
              options={SPECIALIZATIONS}
              value={filters.specialization}
              onChange={(specialization) => setFilters({ specialization })}
            />
            <Filter
              id="people-experience"
              label="Experience level"
              any="Any experience"
              options={EXPERIENCE_LEVELS}
              value={filters.experience}
              onChange={(experience) => setFilters({ experience })}
            />
            <Filter
              id="people-developer-type"
              label="Developer type"
              any="Any developer type"
              options={DEVELOPER_TYPES}
              value={filters.developerType}
              onChange={(developerType) => setFilters({ developerType })}
            />
            <Filter
              id="people-region"
              label="Region"
              any="Any region"
              options={REGIONS}
              value={filters.region}
              onChange={(region) => setFilters({ region })}
            />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="people-open"
              checked={filters.open === true}
              onCheckedChange={(checked) => setFilters({ open: checked === true || undefined })}
            />
            <Label htmlFor="people-open" weight="normal" className="cursor-pointer">
              Open to join projects
            </Label>
          </div>
        </div>
      </div>

      {people.isPending || (!data && !people.isError) ? (
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading people">
          {Array.from({ length: 6 }, (_, i) => (
            <PersonCardSkeleton key={i} />
          ))}
        </div>
      ) : people.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
          <p className="font-medium">Failed to load people</p>
          <Button variant="outline" onClick={() => void people.refetch()}>
            Try Again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={filtered ? <SearchX /> : <UsersRound />}
          title={filtered ? "No one matches" : "No one here yet"}
          description={
            filtered
              ? "No member matches these words and filters. Try other words or clear the filters."
              : "When other members join Crewboard, they show here."
          }
          action={
            filtered && (
              <Button variant="outline" onClick={clear}>
                Clear filters
              </Button>
            )
          }
        />
      ) : (
        <div className="grid gap-6">
          <p role="status" className="-mt-2 text-sm text-muted-foreground">
            {people.hasNextPage
              ? `Showing the first ${items.length} people`
              : `${items.length} ${items.length === 1 ? "person" : "people"}`}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label="People">
            {items.map((person) => (
              <li key={person.id} className="grid">
                <PersonCard person={person} />
              </li>
            ))}
          </ul>
          <LoadMore pages={people} className="mx-auto" />
        </div>
      )}
    </>
  );
}
