/**
 * What a reviewer circles on a page, shared by the sweep of every page (sweep.e2e.ts) and the
 * overlays that only exist in a moment (a ringing call, a call in progress: calls.e2e.ts).
 */
import axe from "axe-core";
import type { Page } from "playwright-core";

/**
 * Runs in the page: what a reviewer would circle. Text counts as cut when it is wider than its own
 * box, taller than a box that clips it, or when its box sticks out of the box holding it (a 52 px
 * tab in a 40 px bar); text cut on purpose (an ellipsis, a line clamp) and boxes that scroll are
 * left alone, unless the ellipsis leaves a stub ("B…" for a name). A control past the window's edge
 * is circled too: a fixed bar's overflow does not make the page scroll sideways.
 */
export function findLayoutDefects(): string[] {
  const defects: string[] = [];
  /** Room for about eight letters: less, and an ellipsis leaves a stub of a name. */
  const STUB_EMS = 4;
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth) defects.push(`page scrolls sideways: ${root.scrollWidth}px wide`);

  const label = (el: Element) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
  const ownText = (el: Element) =>
    [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== "");
  const cutOnPurpose = (style: CSSStyleDeclaration) =>
    style.textOverflow === "ellipsis" || (style.webkitLineClamp !== "none" && style.webkitLineClamp !== "");
  const clips = (style: CSSStyleDeclaration) => /hidden|clip/.test(style.overflowX + style.overflowY);
  const scrolls = (style: CSSStyleDeclaration) => /auto|scroll/.test(style.overflowX + style.overflowY);
  const holder = (el: Element) => {
    let box = el.parentElement;
    while (box && ["inline", "contents"].includes(getComputedStyle(box).display)) box = box.parentElement;
    return box;
  };

  for (const el of document.body.querySelectorAll("*")) {
    if (!ownText(el) || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const style = getComputedStyle(el);
    // Screen-reader-only text is clipped to nothing on purpose.
    if (style.clip !== "auto" || style.clipPath !== "none") continue;
    if (cutOnPurpose(style)) {
      // An ellipsis after a letter or two says nothing: the row gave the text too little room.
      const stub = parseFloat(style.fontSize) * STUB_EMS;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth < stub) {
        defects.push(`text cut to a stub: ${label(el)} shows ${el.clientWidth}px of ${el.scrollWidth}px`);
      }
      continue;
    }
    if (el.scrollWidth > el.clientWidth + 1 && style.display !== "inline" && !scrolls(style)) {
      defects.push(`text cut (width): ${label(el)} needs ${el.scrollWidth}px, has ${el.clientWidth}px`);
      continue;
    }
    if (clips(style) && !scrolls(style) && el.scrollHeight > el.clientHeight + 1) {
      defects.push(`text cut (height): ${label(el)} needs ${el.scrollHeight}px, has ${el.clientHeight}px`);
      continue;
    }
    const box = holder(el);
    // A negative margin pulls a ghost button out to line its text up with the text around it.
    const pulledOut = [style.marginTop, style.marginRight, style.marginBottom, style.marginLeft].some(
      (m) => parseFloat(m) < 0,
    );
    if (!box || pulledOut || style.display === "inline" || ["absolute", "fixed"].includes(style.position)) continue;
    const boxStyle = getComputedStyle(box);
    if (scrolls(boxStyle) || cutOnPurpose(boxStyle)) continue;
    const inner = el.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    if (
      inner.top < outer.top - 1 ||
      inner.bottom > outer.bottom + 1 ||
      inner.left < outer.left - 1 ||
      inner.right > outer.right + 1
    ) {
      defects.push(
        `text sticks out: ${label(el)} ${Math.round(inner.width)}×${Math.round(inner.height)} in ${label(box)} ${Math.round(outer.width)}×${Math.round(outer.height)}`,
      );
    }
  }
  for (const control of document.body.querySelectorAll("a[href], button, input, select, textarea, [role=button]")) {
    if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const { left, right, width } = control.getBoundingClientRect();
    if (width === 0 || (left >= -1 && right <= window.innerWidth + 1)) continue;
    // A row that scrolls (or a carousel that clips) shows the control when it is moved along.
    let box = control.parentElement;
    while (box && box !== document.body && !/auto|scroll|hidden|clip/.test(getComputedStyle(box).overflowX)) {
      box = box.parentElement;
    }
    if (box && box !== document.body) continue;
    const name = control.getAttribute("aria-label") ?? label(control);
    defects.push(`control off screen: ${name} spans ${Math.round(left)}–${Math.round(right)}px`);
  }
  // A placeholder longer than its field shows as a word cut in half.
  const canvas = document.createElement("canvas").getContext("2d")!;
  for (const field of document.querySelectorAll<HTMLInputElement>("input[placeholder]")) {
    if (!field.checkVisibility() || field.value !== "") continue;
    const style = getComputedStyle(field);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (canvas.measureText(field.placeholder).width > room + 1) defects.push(`placeholder cut: "${field.placeholder}"`);
  }
  return defects;
}

/**
 * Runs in the page: a box the page keeps at its bottom (it scrolls, and it was scrolled to its very
 * end without anyone touching it: a chat's messages) must stay there when its last row grows, as it
 * does when a reaction, 'Seen', an image or a link's preview lands under the newest message.
 * Says how many such boxes it found and which of them slipped.
 */
export async function pinnedScrollersSlip(): Promise<{ pinned: number; slipped: string[] }> {
  const gapBelow = (el: Element) => el.scrollHeight - el.scrollTop - el.clientHeight;
  const pinned = [...document.body.querySelectorAll("*")].filter(
    (el) => /auto|scroll/.test(getComputedStyle(el).overflowY) && el.scrollTop > 0 && gapBelow(el) < 2,
  );
  const slipped: string[] = [];
  for (const scroller of pinned) {
    // Down to the list of rows (the first box holding more than one), then its last row.
    let rows: Element = scroller;
    while (rows.children.length === 1) rows = rows.children[0]!;
    const growth = document.createElement("div");
    // A screenful: more than any room the list leaves free above its rows.
    growth.style.height = `${scroller.clientHeight}px`;
    (rows.lastElementChild ?? rows).appendChild(growth);
    for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
    const gap = gapBelow(scroller);
    growth.remove();
    if (gap > 2) {
      const name = scroller.getAttribute("aria-label") ?? scroller.getAttribute("data-testid") ?? scroller.className;
      slipped.push(`pinned scroller "${name}" slipped ${Math.round(gap)}px above its bottom when its last row grew`);
    }
  }
  return { pinned: pinned.length, slipped };
}

export async function contrastViolations(page: Page) {
  // Evaluated, not added as a script tag: the app's CSP refuses inline scripts, as it should. Once
  // per document: a page checked in light and then in dark has it already.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { runOnly: { type: "rule", values: ["color-contrast"] } });
    return violations.flatMap((v) =>
      v.nodes.map((node) => `contrast: ${node.target.join(" ")} ${node.failureSummary}`),
    );
  });
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * Fades and slides end before anything is judged: a half-faded text is not a contrast defect. And
 * what lays itself out by watching its size (a ResizeObserver answers in the frame after a resize)
 * has done so: two frames pass first.
 */
export function settleAnimations(page: Page) {
  return page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}
