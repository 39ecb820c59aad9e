import { describe, expect, it } from "vitest";
import { SessionAnswers } from "./session-answers.js";

describe("SessionAnswers.pending: what a shutdown waits for", () => {
  it("counts a request running on a stream not known yet (no priming event before 2025-11-25), until it is answered", () => {
    const answers = new SessionAnswers();
    answers.started([7]);
    expect(answers.pending()).toBe(1);
    answers.stored("s1", { jsonrpc: "2.0", id: 7, result: {} }, "s1_1");
    expect(answers.pending()).toBe(0);
  });

  it("counts a cancelled request no more", () => {
    const answers = new SessionAnswers();
    answers.started([1, 2]);
    answers.cancel(1);
    expect(answers.pending()).toBe(1);
    answers.refused([2]);
    expect(answers.pending()).toBe(0);
  });
});
