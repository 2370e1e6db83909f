import { startLanguage } from "../lib/i18n.ts";
import "./global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./providers.tsx";
import { router } from "./router.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The page's language pack (texts, antd and dayjs locales) comes first, so nothing renders untranslated.
await startLanguage();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
