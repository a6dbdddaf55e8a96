/**
 * The first screen's script (decision 064), inlined by the server into the driver's home document
 * (src/server/modules/loads/driver-home.service.ts) and built apart from the app by
 * scripts/build-first-screen.ts: it runs the moment the document has arrived, long before the app's
 * code on a weak signal. It
 *  - greets the driver by the phone's part of the day;
 *  - makes the card's buttons work: a check-in, accepting or starting the load goes through the same
 *    outbox as the app's (lib/outbox: stored on the phone with its client id and tap time, then sent
 *    in order after anything already waiting), so nothing is lost offline and a replay never doubles;
 *  - hands a tap that needs a dialog (decline with a reason, delivery with its proof, a refusal the app
 *    explains) to the app: the app replays it on its own button once it has taken over
 *    (lib/first-screen.ts reads `window.__lmsFirst`).
 */
import type { FirstAction, FirstScreenData } from "@shared/loads/first-screen";
import { nextSeq, type OutboxEntry } from "../lib/outbox/outbox-core";
import { idbOutboxStore } from "../lib/outbox/outbox-idb";
import { replayStoredOutbox } from "../lib/outbox/outbox-replay";
import { sendEntry } from "../lib/outbox/outbox-send";
import type { FirstScreenState } from "./first-screen-state";

const screen = document.getElementById("first-screen");
const dataElement = document.getElementById("first-screen-data");
const state: FirstScreenState = { acted: false, tap: null };
window.__lmsFirst = state;

if (screen && dataElement) {
  const data = JSON.parse(dataElement.textContent ?? "{}") as FirstScreenData;
  const hour = new Date().getHours();
  const greeting = screen.querySelector("[data-first-greeting]");
  if (greeting)
    greeting.textContent = data.words.greeting[hour < 12 ? "morning" : hour < 18 ? "afternoon" : "evening"];
  const status = screen.querySelector("[data-first-status]");
  const buttons = () => [...screen.querySelectorAll<HTMLButtonElement>("button[data-first-action]")];
  const say = (text: string) => {
    if (status) status.textContent = text;
  };

  /** Hands the tap to the app: its own button opens what this screen cannot (a dialog, a message). */
  const handOff = (action: FirstAction) => {
    state.tap = action.testId;
    for (const b of buttons()) b.disabled = true;
    say(data.words.opening);
  };

  /** One tap, through the phone's outbox, as the app's own button sends it. */
  const act = async (button: HTMLButtonElement, action: FirstAction) => {
    state.acted = true;
    for (const b of buttons()) b.disabled = true;
    say(data.words.sending);
    let waiting: OutboxEntry[] = [];
    try {
      waiting = await idbOutboxStore.list(data.userId);
    } catch {
      // IndexedDB refused (a private window): sent at once below, with its key and time all the same.
    }
    const entry: OutboxEntry = {
      id: crypto.randomUUID(),
      userId: data.userId,
      seq: nextSeq(Math.max(0, ...waiting.map((e) => e.seq))),
      kind: action.kind,
      url: action.url,
      method: "POST",
      json: action.json,
      occurredAt: new Date().toISOString(),
      attempts: 0,
      state: "waiting",
      subject: action.subject,
      invalidate: [["loads"]], // loadKeys.all (lib/query-keys.ts): every load screen refreshes
    };
    let outcome: "sent" | "queued" | "refused";
    try {
      await idbOutboxStore.put(entry);
      const report = await replayStoredOutbox(data.userId);
      outcome = report.sent.some((s) => s.entry.id === entry.id)
        ? "sent"
        : report.refused.some((e) => e.id === entry.id)
          ? "refused"
          : "queued";
      if (outcome === "refused") await idbOutboxStore.remove(entry.id);
    } catch {
      // Not stored (IndexedDB refused): sent once now; if that fails too, nothing keeps it here, and
      // the app (which says so) takes the tap.
      const result = await sendEntry(entry);
      outcome = result.outcome === "sent" ? "sent" : "refused";
    }
    if (outcome === "refused") return handOff(action);
    button.textContent = `✓ ${action.done}`;
    say(outcome === "sent" ? "" : data.words.waiting);
  };

  screen.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-first-action]");
    if (!button || button.disabled) return;
    const action = JSON.parse(button.dataset.firstAction ?? "{}") as FirstAction;
    if (action.direct) void act(button, action);
    else handOff(action);
  });
}
