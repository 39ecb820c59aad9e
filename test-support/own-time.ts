import { PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";

/**
 * The fastest of `runs` calls of `work`, in milliseconds: as the clock says (`wall`), and less
 * the collector's pauses in each (`own`), the time the code itself takes, for growth tests. Wall time is not linear in an argument's
 * size even when the code is: a copy that outgrows the collector's young generation pays for
 * promotion and for marking every live object, the argument included, which an eighth of it
 * never does (the depth-guard case took 30× an eighth's wall time, 8× its own). A test's
 * ceiling on the wall time bounds what the collector adds.
 */
export async function fastestTimes(work: () => unknown, runs = 3): Promise<{ wall: number; own: number }> {
  const pauses: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => pauses.push(...list.getEntries()));
  observer.observe({ entryTypes: ["gc"] });
  const best = { wall: Infinity, own: Infinity };
  try {
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await work();
      const end = performance.now();
      // The observer is told of a pause after a turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 1));
      const collecting = pauses.filter((p) => p.startTime >= start && p.startTime < end).reduce((sum, p) => sum + p.duration, 0);
      pauses.length = 0;
      best.wall = Math.min(best.wall, end - start);
      best.own = Math.min(best.own, end - start - collecting);
    }
  } finally {
    observer.disconnect();
  }
  return best;
}
