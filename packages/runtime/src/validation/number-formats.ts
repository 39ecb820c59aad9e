/**
 * The number formats the validator checks on numbers, as ajv-formats does (`NUMBER_FORMATS`
 * names them all; `float` and `double` pass any number): each one's test, and what it asks for
 * in the words a model reads.
 */
export const NUMBER_FORMAT_CHECKS: Readonly<Record<string, { test: (x: number) => boolean; expected: string }>> = {
  int32: { test: (x) => Number.isInteger(x) && x >= -2147483648 && x <= 2147483647, expected: "an integer from -2147483648 to 2147483647 (int32)" },
  int64: { test: Number.isInteger, expected: "an integer (int64)" },
};
