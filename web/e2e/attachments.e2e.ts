/**
 * Files in messages, between two members in separate browsers, live through the chat's room: a
 * picture pasted into the composer reaches the friend as a thumbnail that opens full size; a file
 * attached by the paperclip (after a failed upload and Retry) reaches them as a card that downloads,
 * and one dropped on the composer goes the same way.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { friendsInChat } from "./people";
import { axeScanner, messageList } from "./ui";

const tray = (page: Page) => page.getByRole("list", { name: "Attached files" });

/** Pastes a 640×480 picture drawn in the page into the message box, as a screenshot is pasted. */
async function pastePicture(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Message" }).evaluate(async (box, fileName) => {
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [640, 480];
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#3b82f6";
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = "#f59e0b";
    context.fillRect(200, 140, 240, 200);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    const data = new DataTransfer();
    data.items.add(new File([blob], fileName, { type: "image/png" }));
    box.focus();
    box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, name);
}

/** The image's own size once it has loaded: 0 × 0 while it has not, or when the server refused it. */
const loadedSize = (image: ReturnType<Page["locator"]>) =>
  image.evaluate(async (img: HTMLImageElement) => {
    if (!img.complete) await new Promise((resolve) => img.addEventListener("load", resolve, { once: true }));
    return { width: img.naturalWidth, height: img.naturalHeight };
  });

test("Ada pastes a picture; Bob sees its thumbnail live and opens it full size", async ({ newPage }) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Paste", "Bob Paste");
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  await bob.page.getByRole("main").getByText("No messages yet").waitFor();

  await pastePicture(ada.page, "screenshot.png");
  const pending = tray(ada.page).getByRole("listitem").filter({ hasText: "screenshot.png" });
  await pending.waitFor();
  await expect.poll(() => pending.getAttribute("data-upload-state")).toBe("done");
  const box = ada.page.getByRole("textbox", { name: "Message" });
  await box.fill("Have a look");
  await box.press("Enter");
  await tray(ada.page).waitFor({ state: "detached" });

  // Bob's page receives it through the room, without reloading.
  const message = messageList(bob.page).getByRole("listitem").filter({ hasText: "Have a look" });
  const thumbnail = message.getByRole("button", { name: "Open screenshot.png full size" });
  await thumbnail.waitFor();
  expect(await loadedSize(thumbnail.locator("img"))).toEqual({ width: 640, height: 480 });
  const shown = await thumbnail.locator("img").boundingBox();
  expect(shown!.width).toBeLessThan(640);

  // The viewer's code comes with the pointer, before the click that opens it.
  const viewerCode = bob.page.waitForResponse((response) => /\/picture-viewer-[a-z0-9]+\.js$/.test(response.url()));
  await thumbnail.hover();
  await viewerCode;
  await thumbnail.click();
  const viewer = bob.page.getByRole("dialog", { name: "screenshot.png" });
  const full = viewer.locator("img[data-full-size]");
  await full.waitFor();
  expect(await loadedSize(full)).toEqual({ width: 640, height: 480 });
  expect((await full.boundingBox())!.width).toBeGreaterThan(shown!.width);
  const { found, scan } = axeScanner(bob.page);
  await scan("the picture opened full size");
  expect(found).toEqual([]);
  await bob.page.keyboard.press("Escape");
  await viewer.waitFor({ state: "detached" });
  // The dialog hands focus back once it has gone, a task after it leaves the page.
  await expect.poll(() => thumbnail.evaluate((el) => el === document.activeElement)).toBe(true);

  // On a phone too, full size is bigger than the thumbnail.
  await bob.page.setViewportSize({ width: 375, height: 800 });
  const onPhone = (await thumbnail.locator("img").boundingBox())!.width;
  await thumbnail.click();
  await full.waitFor();
  expect((await full.boundingBox())!.width).toBeGreaterThan(onPhone);
  await bob.page.keyboard.press("Escape");
  await viewer.waitFor({ state: "detached" });
});

test("a file attached by the paperclip uploads again after Retry and reaches Bob as a card that downloads; one dropped goes back", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Button", "Bob Button");
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);

  // The first upload fails on the way; the tray says so and offers Retry.
  let failures = 1;
  await ada.page.route("**/api/trpc/attachments.upload**", (route) =>
    failures-- > 0 ? route.abort("connectionreset") : route.continue(),
  );
  const chooser = ada.page.waitForEvent("filechooser");
  await ada.page.getByRole("button", { name: "Attach files" }).click();
  const page = "<!doctype html><script>document.title = 'ran'</script><p>Notes</p>";
  await (await chooser).setFiles({ name: "notes.html", mimeType: "text/html", buffer: Buffer.from(page) });
  const pending = tray(ada.page).getByRole("listitem").filter({ hasText: "notes.html" });
  await pending
    .getByRole("alert")
    .filter({ hasText: "Upload failed." })
    .getByRole("button", { name: "Retry" })
    .waitFor();
  const send = ada.page.getByRole("button", { name: "Send" });
  expect(await send.isDisabled()).toBe(true);

  await pending.getByRole("button", { name: "Retry" }).click();
  await expect.poll(() => pending.getAttribute("data-upload-state")).toBe("done");
  expect(await send.isDisabled()).toBe(false);
  await send.click();

  const card = messageList(bob.page).getByRole("link", { name: `Download notes.html, ${page.length} B` });
  await card.waitFor();
  const href = (await card.getAttribute("href"))!;
  // What opening it gives Bob: a download of a type no browser renders, never the page.
  const served = await bob.page.evaluate(async (url) => {
    const response = await fetch(url);
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      disposition: response.headers.get("content-disposition"),
      nosniff: response.headers.get("x-content-type-options"),
    };
  }, href);
  expect(served).toEqual({
    status: 200,
    type: "application/octet-stream",
    disposition: `attachment; filename="notes.html"; filename*=UTF-8''notes.html`,
    nosniff: "nosniff",
  });
  const [download] = await Promise.all([bob.page.waitForEvent("download"), card.click()]);
  expect(download.suggestedFilename()).toBe("notes.html");
  expect(await bob.page.title()).not.toBe("ran");

  // Bob answers by dropping a file on his composer; it goes without words.
  const composer = bob.page.locator("form").filter({ has: bob.page.getByRole("textbox", { name: "Message" }) });
  const dropped = await bob.page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(["%PDF-1.7\nminutes"], "minutes.pdf", { type: "application/pdf" }));
    return data;
  });
  await composer.dispatchEvent("dragover", { dataTransfer: dropped });
  await bob.page.getByText("Drop files to attach").waitFor();
  await composer.dispatchEvent("drop", { dataTransfer: dropped });
  const minutes = tray(bob.page).getByRole("listitem").filter({ hasText: "minutes.pdf" });
  await expect.poll(() => minutes.getAttribute("data-upload-state")).toBe("done");
  await bob.page.getByRole("button", { name: "Send" }).click();
  await messageList(ada.page).getByRole("link", { name: "Download minutes.pdf, 16 B" }).waitFor();
});

/** A 1×1 PNG, whole, to paste in the same task as a key. */
const DOT_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

test("a picture pasted before a sent message's bubble shows stays in the tray for the next message", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Tray", "Bob Tray");
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  await pastePicture(ada.page, "first.png");
  const inTray = (name: string) => tray(ada.page).getByRole("listitem").filter({ hasText: name });
  await expect.poll(() => inTray("first.png").getAttribute("data-upload-state")).toBe("done");
  const box = ada.page.getByRole("textbox", { name: "Message" });
  await box.fill("With the first");
  // Enter, and the next picture pasted in the same task, as a busy phone hands over queued input.
  await box.evaluate((textarea, png) => {
    textarea.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    const data = new DataTransfer();
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    data.items.add(new File([bytes], "second.png", { type: "image/png" }));
    textarea.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, DOT_PNG);
  const sent = (page: Page, text: string) => messageList(page).getByRole("listitem").filter({ hasText: text });
  await sent(bob.page, "With the first").getByRole("button", { name: "Open first.png full size" }).waitFor();
  await expect.poll(() => inTray("second.png").getAttribute("data-upload-state")).toBe("done");
  expect(await inTray("first.png").count()).toBe(0);

  await box.fill("With the second");
  await box.press("Enter");
  await sent(bob.page, "With the second").getByRole("button", { name: "Open second.png full size" }).waitFor();
  await tray(ada.page).waitFor({ state: "detached" });
});
