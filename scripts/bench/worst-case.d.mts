export declare const BODY_LIMIT: number;
export declare const ARGUMENT_BYTES: number;
export interface WorstCase {
  /** The keyword (and variant) the argument attacks. */
  name: string;
  /** A tool input schema `{ v: … }`. */
  schema: Record<string, unknown>;
  /** The argument `{ v: … }`, its JSON about `bytes` long. */
  argument(bytes: number): Record<string, unknown>;
}
export declare function worstCases(): WorstCase[];
export declare function fastest(work: () => unknown, runs?: number): Promise<number>;
/** `make(budget)` with the budget scaled until its JSON takes at most `bytes`. */
export declare function sized<T>(make: (budget: number) => T, bytes: number): T;
