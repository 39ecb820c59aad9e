/** The catalog's stylesheet: system fonts, light and dark schemes, readable on a phone. */
export const CATALOG_STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --card: #f6f8fa; --accent: #0550ae; --bar: #218bff;
  --breaking: #a40e26; --compatible: #1a7f37; --cosmetic: #636c76; --warn: #7d4e00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9da7b3; --line: #30363d; --card: #161b22; --accent: #79c0ff; --bar: #388bfd;
    --breaking: #ff7b72; --compatible: #3fb950; --cosmetic: #9da7b3; --warn: #d29922; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
#catalog { max-width: 64rem; margin: 0 auto; padding: 1rem; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, summary:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
h1 { font-size: 1.6rem; margin: 0.5rem 0; }
h2 { font-size: 1.2rem; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
h3 { font-size: 1rem; margin: 0.5rem 0 0.25rem; }
.summary, .title, .note, .no-parameters, .issues-none { color: var(--muted); }
.search { margin: 1rem 0; }
.search label { display: block; font-weight: 600; }
.search input { width: 100%; font: inherit; padding: 0.5rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
#status { margin: 0.25rem 0 0; color: var(--muted); }
.entry { border: 1px solid var(--line); border-radius: 8px; background: var(--card); padding: 0.75rem 1rem; margin: 0 0 1rem; }
.entry[hidden] { display: none; }
.description, td[data-label=description] { white-space: pre-line; }
.badge { display: inline-block; font-size: 0.75rem; font-weight: 600; padding: 0 0.4rem; border: 1px solid currentColor; border-radius: 999px; vertical-align: middle; margin-left: 0.25rem; }
.deprecated { color: var(--warn); }
.change-breaking { color: var(--breaking); }
.change-compatible { color: var(--compatible); }
.change-cosmetic { color: var(--cosmetic); }
.changes { padding-left: 1.25rem; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; margin: 0.5rem 0; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 0.5rem 0; }
caption { text-align: left; font-weight: 600; }
th, td { text-align: left; vertical-align: top; padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line); }
td.number { text-align: right; white-space: nowrap; }
.costs td:last-child { width: 12rem; }
.bar { display: block; height: 0.6rem; width: var(--share); min-width: 2px; background: var(--bar); border-radius: 3px; }
.table-wrap { overflow-x: auto; max-width: 100%; }
.parameters th code { white-space: nowrap; }
.parameters td code { overflow-wrap: break-word; }
details { margin: 0.5rem 0; }
summary { cursor: pointer; font-weight: 600; }
pre { overflow-x: auto; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem; font-size: 0.85rem; }
[role=tablist] { display: flex; flex-wrap: wrap; gap: 0.25rem; margin: 0.5rem 0; }
[role=tab] { font: inherit; font-size: 0.9rem; padding: 0.25rem 0.6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); cursor: pointer; }
[role=tab][aria-selected=true] { border-color: var(--accent); color: var(--accent); font-weight: 600; }
.issue-warning { color: var(--warn); }
.issue-error { color: var(--breaking); }
.diff { border-left: 4px solid var(--accent); padding-left: 0.75rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 40rem) {
  #catalog { padding: 0.5rem; }
  .costs td:last-child { width: 6rem; }
  /* Arguments as stacked cards: one per row, each cell labelled. */
  .parameters thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .parameters, .parameters tbody, .parameters tr, .parameters th, .parameters td { display: block; width: 100%; }
  .parameters tr { border-bottom: 1px solid var(--line); padding: 0.25rem 0; }
  .parameters th, .parameters td { border: 0; padding: 0.1rem 0; }
  .parameters td:empty { display: none; }
  .parameters td::before { content: attr(data-label) ": "; color: var(--muted); }
}
`;
