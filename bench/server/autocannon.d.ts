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
  export interface Options {
    url: string
    connections?: number
    pipelining?: number
    duration?: number
    /** A fixed number of requests to make (then `duration` is ignored). */
    amount?: number
    workers?: number
    headers?: Readonly<Record<string, string>>
  }
  export interface Result {
    readonly requests: Histogram & { readonly total: number }
    readonly latency: Histogram
    readonly throughput: Histogram
    readonly errors: number
    readonly timeouts: number
    readonly non2xx: number
    /** Seconds, to the hundredth. */
    readonly duration: number
  }
  /** A running load: `response` fires as each answer arrives. */
  interface Instance {
    on(event: "response", listener: () => void): void
  }
  function autocannon(options: Options): Promise<Result>
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance
  export default autocannon
}
