/**
 * The type model: what the checker's `ts.Type`s become before any schema is written.
 * Readers (`read-*.ts`) build it and collect diagnostics; writers (`../schema/format-*.ts`)
 * turn it into JSON Schema. It is plain data (never mutated once built), so it can be
 * printed, compared and shared.
 */

/** JSON Schema keywords carried from JSDoc (descriptions, constraint tags). */
export interface Annotations {
  description?: string;
  title?: string;
  /** `@deprecated`, with its text when it has one. */
  deprecated?: boolean | string;
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
  | ObjectModel
  | { kind: "union"; members: TypeModel[]; annotations?: Annotations }
  /** A named type that refers to itself: written once under `$defs`, used through `$ref`. */
  | { kind: "ref"; name: string; annotations?: Annotations }
  /** Any JSON value (`unknown`/`any` where allowed, or after a diagnostic). */
  | { kind: "any"; annotations?: Annotations };

export interface ObjectModel {
  kind: "object";
  properties: PropertyModel[];
  /** A string (or number) index signature: the schema of every other key's value. */
  additional?: TypeModel;
  /** Keys a number index signature allows (`propertyNames`), when it is the only one. */
  numericKeys?: boolean;
  /** Template-literal index signatures: key pattern → value. */
  patterns?: { pattern: string; type: TypeModel }[];
  annotations?: Annotations;
}

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

/** A named, recursive type, written once under `$defs`. */
export interface Definition {
  name: string;
  type: TypeModel;
}

export type ModelKind = TypeModel["kind"];
