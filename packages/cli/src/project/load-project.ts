import { Project, ts } from "ts-morph";
import { readProjectInfo, type ProjectInfo } from "@toolgen/transformer/project";

export type { ProjectInfo } from "@toolgen/transformer/project";

/** Finds the tsconfig, its package and configuration. Throws `ConfigError` with a clear message. */
export function loadProjectInfo(tsconfigOption: string | undefined, cwd = process.cwd()): ProjectInfo {
  return readProjectInfo(ts as unknown as Parameters<typeof readProjectInfo>[0], tsconfigOption, cwd);
}

/** Creates the TypeScript program through ts-morph. */
export function createProgram(info: ProjectInfo): ts.Program {
  const project = new Project({ tsConfigFilePath: info.tsconfigPath });
  return project.getProgram().compilerObject;
}
