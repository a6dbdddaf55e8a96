// First: the first screen's answers start downloading with its code (early-requests.ts).
import "./early-requests";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/providers";
import { i18nReady } from "./lib/i18n";

// The first paint waits for the reader's language (a few kilobytes), never for the others.
void i18nReady.finally(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The worker's registration is code after the first paint too (decision 059).
  void import("./lib/service-worker").then((worker) => worker.registerServiceWorker());
});
