/**
 * Sentences of compiled route tables (`Router.Compile`, `Router.Infer(D,
 * { compiled })`, the CLI and the build plugins), written once; tests
 * import them. Each is an export of its own, so a browser bundle (whose
 * `Router.Infer` checks a table) keeps the two it can print, not the build
 * tools' sentences.
 *
 * @example
 * ```ts
 * compileMessages.staleTable //=> "Router.Infer: the compiled route table was made from another declaration: …"
 * ```
 */
// The two a router checking a table prints are the routing core's (src/router/table-messages.ts).
import { badTable, staleTable } from "../table-messages.js"

export { badTable, staleTable }

export const compileNotInferred =
  "Router.Compile takes a router made by Router.Infer on a union; a composed router (Shift, Sum, Map, Embed) routes through its parts, so compile each declaration it is made of (npx sitelets compile endpoints.js#Api -o api.compiled.js) and give each table to its own Router.Infer or Sitelet.Infer as { compiled }"
/** A TypeScript declaration module imported where nothing compiles TypeScript. */
export const typeScriptModule = (file: string) =>
  `${file} is TypeScript, which this Node does not import by itself: run the command under a loader (NODE_OPTIONS="--import tsx" npx sitelets compile …), give it the built .js, or compile in the bundler's build (CompileRoutes.Vite and .Esbuild load it through the bundler, .Rollup with the TypeScript plugin given to it)`
/** A module whose import started something that keeps running. */
export const startsWork = (file: string, started: string) =>
  `importing ${file} started ${started}: a declaration module should only declare, since compiling imports it; move the union (and its routers) into a module that starts nothing, and compile that one`
/** An export that is none of what compiles. */
export const notCompilable = (file: string, name: string) =>
  `${file}#${name} is not a union declaration, a router of Router.Infer or a sitelet of Sitelet.Infer`
export const missingExport = (file: string, name: string) => `${file} exports no '${name}'`

/** Every sentence above, as one object (tests and `sitelets/compile` read them so). */
export const compileMessages = {
  compileNotInferred,
  staleTable,
  badTable,
  typeScriptModule,
  startsWork,
  notCompilable,
  missingExport,
} as const
