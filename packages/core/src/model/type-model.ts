/**
 * The type model: what the checker's `ts.Type`s become before any schema is written.
 * Readers (`read-*.ts`) build it and collect diagnostics; writers (`../schema/format-*.ts`)
 * turn it into JSON Schema. It is plain data, so it can be printed and compared in tests.
 */

/** JSON Schema keywords carried from JSDoc (descriptions, constraint tags). */
export interface Annotations {
  description?: string;
  title?: string;
  deprecated?: boolean;
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

export type TypeModel =
  | { kind: "string"; annotations?: Annotations }
  | { kind: "number"; integer: boolean; annotations?: Annotations }
  | { kind: "boolean"; annotations?: Annotations }
  | { kind: "null"; annotations?: Annotations }
  | { kind: "literal"; value: string | number | boolean; annotations?: Annotations }
  /** A string shaped by a template literal type, as a regular expression. */
  | { kind: "template"; pattern: string; annotations?: Annotations }
  /** `Date`: a date-time string on the wire, a `Date` in the tool. */
  | { kind: "date"; annotations?: Annotations }
  | { kind: "array"; items: TypeModel; annotations?: Annotations }
  | { kind: "tuple"; elements: TupleElement[]; rest?: TypeModel; annotations?: Annotations }
  | { kind: "object"; properties: PropertyModel[]; additional?: TypeModel; annotations?: Annotations }
  | { kind: "union"; members: TypeModel[]; annotations?: Annotations }
  /** A named type reached again while it is being read: becomes `$ref` into `$defs`. */
  | { kind: "ref"; name: string; annotations?: Annotations }
  /** Any JSON value (`unknown`/`any` where allowed). */
  | { kind: "any"; annotations?: Annotations };

export interface TupleElement {
  type: TypeModel;
  optional: boolean;
}

export interface PropertyModel {
  /** The name the model sees (after `@alias`). */
  name: string;
  /** The TypeScript name, when `@alias` changed it. */
  tsName?: string;
  type: TypeModel;
  optional: boolean;
}

/** A named, possibly recursive type, written once under `$defs`. */
export interface Definition {
  name: string;
  type: TypeModel;
}
