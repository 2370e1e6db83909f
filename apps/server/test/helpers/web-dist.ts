import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

/**
 * A small stand-in for apps/web/dist laid out as the Vite build writes it: index.html at the
 * top, content-hashed files under assets/, and a `.br` and `.gz` next to each compressible
 * file (what apps/web/build/precompress.ts adds). The compressed siblings are made here with
 * zlib, so a test can tell which variant was sent by decoding it.
 */
export async function createWebDist() {
  const root = await mkdtemp(join(tmpdir(), "vrf-web-dist-"));
  await mkdir(join(root, "assets"));
  // Large enough that compression is worth it, repetitive enough to compress well.
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(",")}];\n`;
  const files: Record<string, string> = {
    "index.html": `<!doctype html><html><head><script type="module" src="./assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${" ".repeat(2048)}</body></html>\n`,
    "assets/index-Ab12Cd34.js": script,
    "assets/index-Zx98Yw76.css": `body{margin:0}${".a{color:red}".repeat(200)}\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    const body = Buffer.from(text);
    await writeFile(join(root, name), body);
    await writeFile(join(root, `${name}.br`), brotliCompressSync(body));
    await writeFile(join(root, `${name}.gz`), gzipSync(body));
  }
  // An image is not compressible: served as it is, no siblings.
  await writeFile(join(root, "assets/logo-Qw12Er34.png"), Buffer.from("89504e470d0a1a0a", "hex"));
  return {
    root,
    script,
    indexHtml: files["index.html"] as string,
    scriptPath: "/assets/index-Ab12Cd34.js",
    cssPath: "/assets/index-Zx98Yw76.css",
    imagePath: "/assets/logo-Qw12Er34.png",
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export type WebDist = Awaited<ReturnType<typeof createWebDist>>;
