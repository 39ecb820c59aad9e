/** The longest delay a timer takes (about 24.8 days): Node.js and browsers run a longer one at once. */
export const MAX_DELAY_MS = 2 ** 31 - 1;
