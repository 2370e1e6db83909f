import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = process.env.VRF_API_TARGET ?? "http://localhost:8080";

export default defineConfig({
  root: webRoot,
  base: "./",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change rarely: one long-cached chunk. Ant Design is left to the
          // bundler so components used by a single page stay in that page's chunk.
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/account": { target: apiTarget, changeOrigin: true },
      "/hmt-web": { target: apiTarget, changeOrigin: true },
      "/server": { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
