/** The compiled table of `UsersApi`, written by bench/run.ts before the benchmarks are bundled (an esbuild alias). */
declare module "sitelets-bench-users-table" {
  export const hash: string
  export function match(method: string, target: string): object | null | undefined
}
