import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/providers";
import { i18nReady } from "./lib/i18n";
import { registerServiceWorker } from "./lib/service-worker";

// The first paint waits for the reader's language (a few kilobytes), never for the others.
void i18nReady.finally(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
});
