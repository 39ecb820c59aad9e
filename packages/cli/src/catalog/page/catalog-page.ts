/// <reference lib="dom" />
// The catalog page's script (bundled with the provider projections into one classic script,
// so the page works from file://, with no server and no network).
import type { ManifestEntry } from "@toolgen/runtime";
import { projectTools, type ProviderId } from "@toolgen/runtime/providers";
import type { CatalogData, CatalogEntry } from "../catalog-data.js";

type Schema = { [keyword: string]: unknown };
type Child = Node | string | null | undefined | false;

const data = JSON.parse(document.getElementById("catalog-data")!.textContent!) as CatalogData;
const severityRank = { breaking: 3, compatible: 2, cosmetic: 1 } as const;

/** An element with attributes (`class`, `aria-*`, …) and children; `on*` functions become listeners. */
function el(tag: string, attributes: Record<string, string | boolean | ((event: Event) => void) | undefined> = {}, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else if (typeof value === "string") node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(typeof child === "string" ? showingBidiControls(child) : child);
  return node;
}

/**
 * Text with its bidirectional controls written as `\u{…}` escapes, as `toolgen list` writes
 * them: a page for reviewing what the model gets must not show a description's text reversed,
 * nor one description's override reordering what follows it.
 */
function showingBidiControls(text: string): string {
  return text.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

function render(): void {
  const root = document.getElementById("catalog")!;
  const entries = data.entries;
  const tools = entries.filter((e) => e.entry.kind === "tool");
  const count = (kind: string) => {
    const n = entries.filter((e) => e.entry.kind === kind).length;
    return `${n} ${kind}${n === 1 ? "" : "s"}`;
  };
  const status = el("p", { id: "status", role: "status", "aria-live": "polite" }, `${entries.length} entries`);
  const search = el("input", { id: "search", type: "search", autocomplete: "off", spellcheck: "false", "aria-describedby": "status" }) as HTMLInputElement;
  root.append(
    el(
      "header",
      {},
      el("h1", {}, `${data.package.name}${data.package.version ? ` ${data.package.version}` : ""}`),
      el("p", { class: "summary" }, `${count("tool")}, ${count("prompt")}, ${count("resource")} of this package: what the model sees of them (a dependency's are in its own catalog).`),
      totals(tools),
      data.diff ? diffSummary(data.diff) : null,
      el("div", { class: "search" }, el("label", { for: "search" }, "Filter by name, description, tag or URI"), search, status),
    ),
  );
  const list = el("main", { id: "entries" });
  root.append(list);
  // What the search matches, for every entry (rendered or not yet).
  const texts = entries.map((e) => `${e.entry.name} ${e.entry.title ?? ""} ${e.entry.description} ${(e.entry.tags ?? []).join(" ")} ${(e.entry.uris ?? []).join(" ")} ${e.entry.mimeType ?? ""}`.toLowerCase());
  const articles: HTMLElement[] = [];
  let words: string[] = [];
  const matches = (i: number) => words.every((w) => texts[i]!.includes(w));
  search.addEventListener("input", () => {
    words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    articles.forEach((article, i) => (article.hidden = !matches(i)));
    const shown = texts.filter((_, i) => matches(i)).length;
    status.textContent = words.length ? `${shown} of ${entries.length} entries match` : `${entries.length} entries`;
  });
  // The first screen at once, the rest in batches that leave the page responsive.
  const renderBatch = (from: number, count: number) => {
    for (let i = from; i < Math.min(entries.length, from + count); i++) {
      const article = section(entries[i]!);
      article.hidden = !matches(i);
      articles.push(article);
      list.append(article);
    }
  };
  // A link to an entry not rendered yet (`index.html#entry-name`): render up to it and go there,
  // as the browser does for one that is.
  const reveal = () => {
    const index = entries.findIndex((e) => `#entry-${encodeURIComponent(e.entry.name)}` === location.hash);
    if (index < articles.length) return;
    renderBatch(articles.length, index + 1 - articles.length);
    articles[index]!.scrollIntoView();
  };
  renderBatch(0, FIRST_SCREEN);
  reveal();
  window.addEventListener("hashchange", reveal);
  document.body.dataset.ready = "true";
  // When the first screen was there: what `npm run bench` reports.
  document.body.dataset.readyAt = String(Math.round(performance.now()));
  const next = () => {
    if (articles.length >= entries.length) {
      document.body.dataset.complete = "true";
      return;
    }
    renderBatch(articles.length, BATCH);
    setTimeout(next, 0);
  };
  next();
}

/** Entries rendered before the page counts as shown, then per batch. */
const FIRST_SCREEN = 20;
const BATCH = 50;

/** The tool definitions' tokens per provider, with a bar each. */
function totals(tools: readonly CatalogEntry[]): HTMLElement {
  const sums = data.providers.map((p) => [p, tools.reduce((sum, t) => sum + (t.costs?.[p] ?? 0), 0)] as const);
  const max = Math.max(1, ...sums.map(([, n]) => n));
  return el(
    "table",
    { class: "costs" },
    el("caption", {}, "Tokens of all tool definitions, per provider (about 4 characters a token)"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "provider"), el("th", { scope: "col" }, "tokens"), el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, "share")))),
    el("tbody", {}, ...sums.map(([p, n]) => el("tr", {}, el("th", { scope: "row" }, p), el("td", { class: "number" }, `~${n}`), el("td", {}, bar(n / max))))),
  );
}

function bar(fraction: number): HTMLElement {
  const span = el("span", { class: "bar", "aria-hidden": "true" });
  // Through the CSSOM: the page's Content-Security-Policy allows no style attribute.
  span.style.setProperty("--share", `${Math.round(fraction * 1000) / 10}%`);
  return span;
}

function diffSummary(diff: NonNullable<CatalogData["diff"]>): HTMLElement {
  const count = (s: string) => diff.changes.filter((c) => c.severity === s).length;
  const present = new Set(data.entries.map((e) => e.entry.name));
  const removed = [...new Set(diff.changes.filter((c) => c.code === "entry-removed").map((c) => c.entry))].filter((n) => !present.has(n));
  return el(
    "section",
    { class: "diff", "aria-labelledby": "diff-title" },
    el("h2", { id: "diff-title" }, `Changes against ${diff.against}`),
    el("p", {}, `${count("breaking")} breaking, ${count("compatible")} compatible, ${count("cosmetic")} cosmetic: a ${diff.bump === "none" ? "release without changes" : `${diff.bump} release`}.`),
    removed.length ? el("p", {}, `Removed: ${removed.join(", ")}.`) : null,
  );
}

/** One entry: what it is, what it costs, its parameters, examples, schemas and each provider's definition. */
function section(item: CatalogEntry): HTMLElement {
  const { entry } = item;
  // Its parts' ids add `:`, which no entry name holds: `get-user`'s are never `get-user-name`'s.
  const id = `entry-${entry.name}`;
  const changes = data.diff?.changes.filter((c) => c.entry === entry.name && c.code !== "entry-removed") ?? [];
  const worst = changes.reduce<keyof typeof severityRank | undefined>((w, c) => (!w || severityRank[c.severity] > severityRank[w] ? c.severity : w), undefined);
  return el(
    "article",
    { id, class: "entry", "aria-labelledby": `${id}:name` },
    el(
      "h2",
      { id: `${id}:name` },
      el("a", { href: `#${id}` }, entry.name),
      " ",
      el("span", { class: `badge kind-${entry.kind}` }, entry.kind),
      entry.deprecated ? el("span", { class: "badge deprecated" }, "deprecated") : null,
      worst ? el("span", { class: `badge change-${worst}` }, worst) : null,
    ),
    entry.title ? el("p", { class: "title" }, entry.title) : null,
    el("p", { class: "description" }, entry.description || "(no description)"),
    typeof entry.deprecated === "string" ? el("p", { class: "note" }, `Deprecated: ${entry.deprecated}`) : null,
    facts(entry),
    item.costs ? entryCosts(item.costs) : null,
    changes.length ? el("ul", { class: "changes", "aria-label": "Changes" }, ...changes.map((c) => el("li", { class: `change-${c.severity}` }, el("strong", {}, c.severity), ` ${c.path || "(entry)"} ${c.code}: ${c.message}`))) : null,
    parameters(entry),
    examples(entry),
    schemas(entry),
    entry.kind === "tool" ? providers(item) : null,
  );
}

function facts(entry: ManifestEntry): HTMLElement | null {
  const rows: Array<[string, string]> = [];
  if (entry.tags?.length) rows.push(["tags", entry.tags.join(", ")]);
  if (entry.supportedFor?.length) rows.push(["hosts", entry.supportedFor.join(", ")]);
  if (entry.excludedFor?.length) rows.push(["not for hosts", entry.excludedFor.join(", ")]);
  if (entry.scopes?.length) rows.push(["scopes", entry.scopes.join(" ")]);
  const hints = Object.entries(entry.annotations ?? {}).map(([k, v]) => `${k.replace(/Hint$/, "").replace(/([A-Z])/g, " $1").toLowerCase()}${v ? "" : ": no"}`);
  if (hints.length) rows.push(["annotations", hints.join(", ")]);
  if (entry.external) rows.push(["runs", "in the host application (external)"]);
  if (entry.uris?.length) rows.push(["URIs", entry.uris.join(" ")]);
  if (entry.mimeType) rows.push(["MIME type", entry.mimeType]);
  if (entry.role && entry.kind === "prompt") rows.push(["role", entry.role]);
  if (entry.content) rows.push(["returns", "content blocks (images, audio, resources, text)"]);
  if (rows.length === 0) return null;
  return el("dl", { class: "facts" }, ...rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
}

function entryCosts(costs: Record<string, number | null>): HTMLElement {
  const max = Math.max(1, ...Object.values(costs).map((n) => n ?? 0));
  return el(
    "details",
    { class: "entry-costs" },
    el("summary", {}, `Tokens: ~${Math.max(...Object.values(costs).map((n) => n ?? 0))} at most, per provider`),
    el("table", { class: "costs" }, el("tbody", {}, ...data.providers.map((p) => el("tr", {}, el("th", { scope: "row" }, p), el("td", { class: "number" }, costs[p] === null ? "left out" : `~${costs[p]}`), el("td", {}, bar((costs[p] ?? 0) / max)))))),
  );
}

function parameters(entry: ManifestEntry): HTMLElement {
  const schema = entry.inputSchema as Schema;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  if (names.length === 0) return el("p", { class: "no-parameters" }, "No arguments.");
  return el(
    "div",
    { class: "table-wrap", role: "region", tabindex: "0", "aria-label": `Arguments of ${entry.name}` },
    el(
      "table",
      { class: "parameters" },
      el("caption", {}, "Arguments"),
      el("thead", {}, el("tr", {}, ...["name", "type", "required", "default", "constraints", "description"].map((h) => el("th", { scope: "col" }, h)))),
      el(
        "tbody",
        {},
        ...names.map((name) => {
          const p = resolve(properties[name]!, schema);
          return el(
            "tr",
            {},
            el("th", { scope: "row" }, el("code", {}, name)),
            el("td", { "data-label": "type" }, el("code", {}, typeWords(p, schema, 0))),
            el("td", { "data-label": "required" }, required.has(name) ? "yes" : "no"),
            el("td", { "data-label": "default" }, p.default === undefined ? "" : el("code", {}, JSON.stringify(p.default))),
            el("td", { "data-label": "constraints" }, constraints(p)),
            el("td", { "data-label": "description" }, typeof p.description === "string" ? p.description : ""),
          );
        }),
      ),
    ),
  );
}

/** A schema in TypeScript-like words: `"a" | "b"`, `Item[]`, `{ x: number }`. */
function typeWords(schema: Schema | boolean, root: Schema, depth: number): string {
  if (typeof schema === "boolean") return schema ? "any" : "never";
  // Inside a type, a definition by its name (the TypeScript type's): a recursive one ends there.
  const defined = depth > 0 ? definitionOf(schema, root) : undefined;
  if (defined) return defined.name;
  const s = resolve(schema, root);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in s) return JSON.stringify(s.const);
  const members = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (members) return members.map((m) => typeWords(m, root, depth + 1)).join(" | ");
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  if (types.length === 0) return "any";
  return types
    .map((t) => {
      if (t === "integer") return "number (integer)";
      if (t === "array") {
        if (Array.isArray(s.prefixItems)) return tupleWords(s, root, depth);
        return `${grouped(typeWords((s.items as Schema | undefined) ?? true, root, depth + 1))}[]`;
      }
      if (t === "object") {
        const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
        if (props.length === 0) return s.additionalProperties && typeof s.additionalProperties === "object" ? `Record<string, ${typeWords(s.additionalProperties as Schema, root, depth + 1)}>` : "object";
        if (depth > 1) return "{ … }";
        const req = new Set((s.required as string[] | undefined) ?? []);
        // A key that is no identifier is quoted, as TypeScript writes it.
        return `{ ${props.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}${req.has(k) ? "" : "?"}: ${typeWords(v, root, depth + 1)}`).join("; ")} }`;
      }
      return t;
    })
    .join(" | ");
}

/** Words in parentheses where `[]` or `?` after them would bind to less than all of them: a union at their top level, `number (integer)`. */
function grouped(words: string): string {
  let depth = 0;
  for (let i = 0; i < words.length; i++) {
    if ("{[(".includes(words[i]!)) depth++;
    else if ("}])".includes(words[i]!)) depth--;
    else if (depth === 0 && words.startsWith(" | ", i)) return `(${words})`;
  }
  return words.endsWith(")") ? `(${words})` : words;
}

/** A tuple as TypeScript writes it: `[string, number?, ...boolean[]]` (items past `minItems` optional, `items` the rest). */
function tupleWords(s: Schema, root: Schema, depth: number): string {
  const required = typeof s.minItems === "number" ? s.minItems : 0;
  const words = (s.prefixItems as Schema[]).map((item, i) => {
    const word = typeWords(item, root, depth + 1);
    return i < required ? word : `${grouped(word)}?`;
  });
  if (s.items !== undefined && s.items !== false) words.push(`...${grouped(typeWords(s.items as Schema | boolean, root, depth + 1))}[]`);
  return `[${words.join(", ")}]`;
}

/** The root's definition a `$ref` names, and that name. */
function definitionOf(schema: Schema, root: Schema): { name: string; target: Schema } | undefined {
  const name = typeof schema.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  return name !== undefined && Object.hasOwn(defs, name) ? { name, target: defs[name]! } : undefined;
}

function resolve(schema: Schema, root: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 16; i++) {
    const defined = definitionOf(s, root);
    if (!defined) break;
    s = { ...defined.target, ...(s.description ? { description: s.description } : {}) };
  }
  return s;
}

const CONSTRAINTS: Array<[string, string]> = [
  ["minimum", "≥"], ["exclusiveMinimum", ">"], ["maximum", "≤"], ["exclusiveMaximum", "<"], ["multipleOf", "multiple of"],
  ["minLength", "length ≥"], ["maxLength", "length ≤"], ["pattern", "matches"], ["format", "format"],
  ["minItems", "items ≥"], ["maxItems", "items ≤"], ["uniqueItems", "unique items"],
];

function constraints(s: Schema): string {
  return CONSTRAINTS.filter(([k]) => s[k] !== undefined && s[k] !== false).map(([k, words]) => (s[k] === true ? words : `${words} ${String(s[k])}`)).join(", ");
}

/**
 * An example call: the `@examples` of the arguments, else their defaults. Only a whole one: a
 * required argument with neither leaves no call to show, rather than one that is refused.
 */
function examples(entry: ManifestEntry): HTMLElement | null {
  const schema = entry.inputSchema as Schema;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const call: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(properties)) {
    if (Array.isArray(p.examples) && p.examples.length) call[name] = p.examples[0];
    else if (p.default !== undefined) call[name] = p.default;
  }
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  if (Object.keys(call).length === 0 || required.some((name) => !Object.hasOwn(call, name))) return null;
  return el("details", { class: "examples" }, el("summary", {}, "Example call"), codeBlock({ name: entry.name, arguments: call }));
}

/** JSON in a block that scrolls sideways: focusable, so that a keyboard can scroll it too. */
function codeBlock(value: unknown): HTMLElement {
  return el("pre", { tabindex: "0" }, el("code", {}, JSON.stringify(value, null, 2)));
}

function schemas(entry: ManifestEntry): HTMLElement {
  return el(
    "details",
    { class: "schemas" },
    el("summary", {}, entry.outputSchema ? "Input and output schemas" : "Input schema"),
    el("h3", {}, "Input"),
    codeBlock(entry.inputSchema),
    entry.outputSchema ? el("h3", {}, "Output") : null,
    entry.outputSchema ? codeBlock(entry.outputSchema) : null,
  );
}

/** A tab per provider with exactly what `toolgen list --provider` gives for this tool (with `--host` for a `@supportedFor` one), projected when shown. */
function providers(item: CatalogEntry): HTMLElement {
  const id = `entry-${item.entry.name}`;
  // Not focusable itself: the block it holds is.
  const panel = el("div", { id: `${id}:panel`, role: "tabpanel" });
  const tabs = data.providers.map((provider, i) =>
    el("button", { id: `${id}:tab:${provider}`, type: "button", role: "tab", "aria-selected": i === 0 ? "true" : "false", "aria-controls": `${id}:panel`, tabindex: i === 0 ? "0" : "-1", "data-provider": provider }, provider),
  );
  const show = (tab: HTMLElement) => {
    for (const t of tabs) {
      t.setAttribute("aria-selected", t === tab ? "true" : "false");
      t.tabIndex = t === tab ? 0 : -1;
    }
    panel.setAttribute("aria-labelledby", tab.id);
    const provider = tab.dataset.provider as ProviderId;
    const issues = item.issues?.[provider] ?? [];
    const projection = projectTools(provider, [item.entry]);
    // `list --provider` gives such a tool only to an application that declares one of its hosts.
    const hosts = item.entry.supportedFor;
    const excluded = item.entry.excludedFor;
    // Left out without an issue: an MCP server does not offer an @external tool.
    const offered = issues.length > 0 || projection.definitions.length > 0;
    panel.replaceChildren(
      ...(hosts?.length ? [el("p", { class: "note" }, `Sent only by an application that declares one of its hosts (${hosts.join(", ")}): toolgen list --provider ${provider} --host ${hosts[0]}.`)] : []),
      ...(excluded?.length ? [el("p", { class: "note" }, `Not sent by an application that declares one of the hosts it excludes (${excluded.join(", ")}).`)] : []),
      issues.length
        ? el("ul", { class: "issues", "aria-label": `What ${provider} gets differently` }, ...issues.map((i) => el("li", { class: `issue-${i.severity}` }, `${i.severity}${i.path ? ` at ${i.path}` : ""}: ${i.message}`)))
        : offered
          ? el("p", { class: "issues-none" }, `${provider} loses nothing of the schema: below is how it receives it.`)
          : el("p", { class: "issues-none" }, item.entry.external ? `${provider} is not offered this tool: it is @external, and an MCP server's client could not run it.` : `${provider} is not offered this tool.`),
      codeBlock(projection.tools),
    );
  };
  const list = el("div", { role: "tablist", "aria-label": `What each provider receives for ${item.entry.name}` }, ...tabs);
  list.addEventListener("click", (event) => {
    const tab = (event.target as HTMLElement).closest("[role=tab]") as HTMLElement | null;
    if (tab) show(tab);
  });
  list.addEventListener("keydown", (event) => {
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next = event.key === "ArrowRight" ? (at + 1) % tabs.length : event.key === "ArrowLeft" ? (at - 1 + tabs.length) % tabs.length : event.key === "Home" ? 0 : event.key === "End" ? tabs.length - 1 : -1;
    if (next < 0) return;
    event.preventDefault();
    tabs[next]!.focus();
    show(tabs[next]!);
  });
  const details = el("details", { class: "providers" }, el("summary", {}, "What each provider receives"), list, panel);
  details.addEventListener("toggle", () => {
    if ((details as HTMLDetailsElement).open && !panel.hasChildNodes()) show(tabs.find((t) => t.getAttribute("aria-selected") === "true")!);
  });
  return details;
}

render();
