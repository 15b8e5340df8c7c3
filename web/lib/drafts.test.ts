import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearDraft, forgetDrafts, readDraft, writeDraft } from "./drafts";

/** The browser's localStorage, as far as drafts use it. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe("drafts", () => {
  beforeEach(() => vi.stubGlobal("localStorage", memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it("keeps each member's drafts apart: another account in the same browser never reads them", () => {
    writeDraft("ada", "chat:c1", "Half a thought");
    writeDraft("ada", "chat:c2", "Something else");
    expect(readDraft("ada", "chat:c1")).toBe("Half a thought");
    expect(readDraft("ada", "chat:c2")).toBe("Something else");
    expect(readDraft("bob", "chat:c1")).toBeNull();
  });

  it("forgets a draft written empty, or cleared", () => {
    writeDraft("ada", "chat:c1", "Half a thought");
    writeDraft("ada", "chat:c1", "");
    expect(readDraft("ada", "chat:c1")).toBeNull();
    expect(localStorage.length).toBe(0);
    writeDraft("ada", "onboarding", "{}");
    clearDraft("ada", "onboarding");
    expect(readDraft("ada", "onboarding")).toBeNull();
  });

  it("forgets every draft of the member signing out, and only theirs", () => {
    writeDraft("ada", "chat:c1", "one");
    writeDraft("ada", "onboarding", "{}");
    writeDraft("adam", "chat:c1", "a member whose id begins alike");
    writeDraft("bob", "chat:c1", "Bob's");
    localStorage.setItem("theme", "dark");
    forgetDrafts("ada");
    expect(readDraft("ada", "chat:c1")).toBeNull();
    expect(readDraft("ada", "onboarding")).toBeNull();
    expect(readDraft("adam", "chat:c1")).toBe("a member whose id begins alike");
    expect(readDraft("bob", "chat:c1")).toBe("Bob's");
    expect(localStorage.getItem("theme")).toBe("dark");
  });

  it("works on without storage (refused, as in some private modes)", () => {
    vi.stubGlobal("localStorage", {
      ...memoryStorage(),
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    });
    expect(() => writeDraft("ada", "chat:c1", "x")).not.toThrow();
    expect(readDraft("ada", "chat:c1")).toBeNull();
  });
});
