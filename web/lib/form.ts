/** A submitted form's text fields by name (a missing field reads as ""). */
export function formFields(form: HTMLFormElement): Partial<Record<string, string>> {
  return Object.fromEntries(
    [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
