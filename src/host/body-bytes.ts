/**
 * A request body gathered chunk by chunk in memory bounded by its limit.
 * A chunk is a view of a buffer the runtime read into, and may keep all of
 * it alive: Deno hands a body sent a byte at a time as one-byte views of
 * large buffers, so keeping the chunks kept ~40 KB per byte (a 1,000-byte
 * body trickled by 20 clients took 870 MB). The first chunk is kept as it
 * is (most bodies are one chunk: no copy); from the second on, the bytes are
 * copied into one buffer that grows by doubling, never past the limit.
 */

/**
 * The bytes of a body, read so far.
 *
 * @example
 * ```ts
 * const bytes = new BodyBytes(1024)
 * bytes.add(chunk)
 * bytes.bytes() //=> Uint8Array
 * ```
 */
export class BodyBytes {
  /** Bytes read so far. */
  size = 0
  private first: Uint8Array | undefined
  private buffer: Uint8Array | undefined

  /** `limit`: the most bytes the body may take (the caller refuses a chunk that would pass it). */
  constructor(private readonly limit: number) {}

  /** Adds a chunk; the caller has checked that `size + chunk.byteLength` is within the limit. */
  add(chunk: Uint8Array): void {
    const size = this.size
    const next = size + chunk.byteLength
    if (size === 0) this.first = chunk
    else {
      let buffer = this.buffer
      if (buffer === undefined || next > buffer.byteLength) {
        const grown = new Uint8Array(Math.min(this.limit, Math.max(next * 2, 4096)))
        if (buffer === undefined) grown.set(this.first as Uint8Array)
        else grown.set(buffer.subarray(0, size))
        this.buffer = buffer = grown
        this.first = undefined
      }
      buffer.set(chunk, size)
    }
    this.size = next
  }

  /** The bytes read: the one chunk, or a view of the copy. */
  bytes(): Uint8Array {
    return this.buffer?.subarray(0, this.size) ?? this.first ?? new Uint8Array(0)
  }
}
