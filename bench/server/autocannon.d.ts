/** The part of autocannon's programmatic API the server benchmark uses (the package ships no types). */
declare module "autocannon" {
  interface Histogram {
    readonly average: number
    readonly mean: number
    readonly stddev: number
    readonly p50: number
    readonly p99: number
    readonly max: number
  }
  interface Options {
    url: string
    connections?: number
    pipelining?: number
    duration?: number
    workers?: number
    headers?: Readonly<Record<string, string>>
  }
  interface Result {
    readonly requests: Histogram & { readonly total: number }
    readonly latency: Histogram
    readonly throughput: Histogram
    readonly errors: number
    readonly timeouts: number
    readonly non2xx: number
    readonly duration: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
