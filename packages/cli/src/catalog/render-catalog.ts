import type { CatalogData } from "./catalog-data.js";
import { CATALOG_STYLE } from "./catalog-style.js";

/**
 * The catalog as one HTML file: the stylesheet, the data as JSON and the page's script, all
 * inline — it opens from `file://`, needs no server and fetches nothing. Same data, same bytes.
 */
export function renderCatalog(data: CatalogData, pageScript: string): string {
  const title = `${data.package.name} — tools, prompts and resources`;
  // Inside <script>, "</" could end the element: JSON says it as "\u003c/".
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="toolgen docs">
<title>${escapeHtml(title)}</title>
<style>${CATALOG_STYLE}</style>
</head>
<body>
<div id="catalog"><noscript><p>This catalog needs JavaScript to show its entries.</p></noscript></div>
<script type="application/json" id="catalog-data">${json}</script>
<script>${pageScript.replace(/<\/script/gi, "<\\/script")}</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}
