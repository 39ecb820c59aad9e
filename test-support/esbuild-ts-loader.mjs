// A webpack loader that compiles TypeScript with esbuild: the bundler tests' stand-in for
// ts-loader or esbuild-loader (type-checking is not what they test).
import { transformSync } from "esbuild";

export default function esbuildTsLoader(source) {
  return transformSync(source, { loader: "ts", format: "esm", target: "es2022", sourcefile: this.resourcePath }).code;
}
