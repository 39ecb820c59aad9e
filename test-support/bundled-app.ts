import { execFileSync } from "node:child_process";
import { afterEach } from "vitest";
import { copyFixture } from "./temp-project.js";

/**
 * The bundler plugin's tests: a fresh copy of fixtures/bundled-app per test (removed after it),
 * a way to run what a bundler made, and what the app prints when its tool call works.
 */
export function useBundledApp(): { app: () => string; run: (file: string) => string; GREETED: string } {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());
  return {
    app() {
      const fixture = copyFixture("bundled-app");
      cleanup = fixture.cleanup;
      return fixture.dir;
    },
    run: (file) => execFileSync(process.execPath, [file], { encoding: "utf8" }).trim(),
    GREETED: JSON.stringify({ status: "ok", text: "Hello, bundler!" }),
  };
}
