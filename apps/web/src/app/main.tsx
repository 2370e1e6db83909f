import { reportClientError, startClientErrorReporting } from "../lib/client-error-reporter.ts";
import { startLanguage } from "../lib/i18n.ts";
import { startRootFontScale } from "../lib/root-font-scale.ts";
import "./global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./providers.tsx";
import { router } from "./router.tsx";

// First, so an error while the app starts is reported too.
startClientErrorReporting();
startRootFontScale();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The page's language pack (texts, antd's locale) comes first, so nothing renders untranslated.
// Waited for with `then`, not a top-level await: the bundler turns its chunk optimisations off for
// a graph holding a top-level await, and a language pack importing antd's locale modules from the
// entry's chunk would wait for the entry while the entry waited for it.
void startLanguage().then(() => {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        {/* Errors a route's error boundary caught (the page shows its fallback) go to the error log too. */}
        <RouterProvider router={router} onError={(error) => reportClientError("boundary", error)} />
      </Providers>
    </StrictMode>,
  );
});
