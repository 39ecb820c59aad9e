import type { EntryHead } from "../registry/entry-definition.js";
import { compileUriTemplate, isUriTemplate, type UriTemplate } from "./uri-template.js";

/** A resource found for a URI: the entry's name and the arguments its template bound. */
export interface ResourceMatch {
  name: string;
  args: Record<string, string>;
}

/**
 * Every resource URI of a registry. A static URI matches exactly and wins over templates;
 * among templates the most specific (most literal characters) wins, then the first
 * registered. The same static URI on two resources is an error naming both.
 */
export class ResourceIndex {
  private readonly statics = new Map<string, string>();
  private templates: Array<{ name: string; template: UriTemplate; order: number }> = [];

  add(entry: Pick<EntryHead, "name" | "uris">): void {
    for (const uri of entry.uris ?? []) {
      if (!isUriTemplate(uri)) {
        const other = this.statics.get(uri);
        if (other !== undefined) throw new Error(`toolgen: the URI '${uri}' is served by both '${other}' and '${entry.name}'.`);
        this.statics.set(uri, entry.name);
        continue;
      }
      const template = compileUriTemplate(uri);
      if (!template) throw new Error(`toolgen: the resource '${entry.name}' has the URI template '${uri}', which is no RFC 6570 level-1 template naming each variable once.`);
      this.templates.push({ name: entry.name, template, order: this.templates.length });
      this.templates.sort((a, b) => b.template.literalLength - a.template.literalLength || a.order - b.order);
    }
  }

  find(uri: string): ResourceMatch | undefined {
    const name = this.statics.get(uri);
    if (name !== undefined) return { name, args: {} };
    for (const { name: templateName, template } of this.templates) {
      const args = template.match(uri);
      if (args) return { name: templateName, args };
    }
    return undefined;
  }

  /** Every URI and template with its resource's name, for suggestions. */
  all(): Array<[uri: string, name: string]> {
    return [...this.statics, ...this.templates.map((t): [string, string] => [t.template.template, t.name])];
  }
}
