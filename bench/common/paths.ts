/**
 * Where the repository is. The benchmarks run from an esbuild bundle in
 * node_modules/.cache, so paths come from the root bench/run.ts passes
 * (`SITELETS_BENCH_ROOT`), never from `import.meta.url`.
 *
 * @example
 * ```ts
 * repoPath("BENCHMARKS.md") //=> "/work/main/BENCHMARKS.md"
 * ```
 */
export function repoPath(relative: string): string {
  const root = (process.env.SITELETS_BENCH_ROOT ?? process.cwd()).replace(/\/$/, "")
  return `${root}/${relative}`
}
