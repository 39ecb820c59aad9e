/**
 * Where `@alias` renames an entry's properties, as the generated registry module writes it:
 * at each level, TypeScript name → the name the model sees, and the trees below, by TypeScript
 * property name (`*`: any array item or record value; `0`, `1`, …: tuple elements). It mirrors
 * the entry's `rename` conversions, which the runtime applies the other way after validation.
 */
export type RenameTree = readonly [renames: { readonly [tsName: string]: string }, below: { readonly [key: string]: RenameTree }];

/**
 * `T` with its properties renamed as `R` says, at every level: the arguments `registry.call`
 * takes for a tool whose parameter types carry `@alias` (the generated `ToolInputs` writes it
 * only for those). Optional and readonly properties stay so; unions, arrays and tuples are
 * renamed member by member and element by element.
 */
export type AliasedArguments<T, R extends RenameTree> = [keyof R[0] | keyof R[1]] extends [never]
  ? T
  : T extends Date
    ? T
    : T extends readonly unknown[]
      ? { [I in keyof T]: AliasedArguments<T[I], Below<R, I>> }
      : T extends object
        ? { [K in keyof T as K extends keyof R[0] ? R[0][K] & PropertyKey : K]: AliasedArguments<T[K], Below<R, K>> }
        : T;

/** The tree for the property `K`: its own, else the one for every key (`*`), else none. */
type Below<R extends RenameTree, K> = K extends keyof R[1] ? R[1][K] : "*" extends keyof R[1] ? R[1]["*"] : NoRenames;

type NoRenames = readonly [renames: Record<never, string>, below: Record<never, RenameTree>];

/**
 * `T` with the properties `K` optional: the arguments `registry.call` takes for a request
 * whose schema gives those properties defaults (the runtime fills them in). A union is
 * taken member by member.
 */
export type WithDefaults<T, K extends PropertyKey> = T extends object ? Omit<T, K & keyof T> & { [P in K & keyof T]?: T[P] } : T;
