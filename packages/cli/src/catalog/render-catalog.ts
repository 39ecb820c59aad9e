import { createHash } from "node:crypto";
import type { CatalogData } from "./catalog-data.js";
import { CATALOG_STYLE } from "./catalog-style.js";

/** The line that marks a catalog as toolgen's: `docs` overwrites no other file. */
export const CATALOG_MARK = `<meta name="generator" content="toolgen docs">`;

/**
 * The catalog as one HTML file: the stylesheet, the data as JSON and the page's script, all
 * inline — it opens from `file://`, needs no server and fetches nothing. Same data, same bytes.
 */
export function renderCatalog(data: CatalogData, pageScript: string): string {
  const title = `${data.package.name} — tools, prompts and resources`;
  // Inside <script>, "</" could end the element: JSON says it as "\u003c/".
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const script = pageScript.replace(/<\/script/gi, "<\\/script");
  // Only the page's own script and stylesheet run, by their hashes: were a description ever to
  // get past the page's escaping, no script or style of its own would run, nor anything load.
  const policy = `default-src 'none'; script-src '${sha256(script)}'; style-src '${sha256(CATALOG_STYLE)}'; base-uri 'none'; form-action 'none'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
${CATALOG_MARK}
<title>${escapeHtml(title)}</title>
<style>${CATALOG_STYLE}</style>
</head>
<body>
<div id="catalog"><noscript><p>This catalog needs JavaScript to show its entries.</p></noscript></div>
<script type="application/json" id="catalog-data">${json}</script>
<script>${script}</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

function sha256(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}
