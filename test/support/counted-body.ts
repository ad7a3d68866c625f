/**
 * A request body that counts what the server pulled from it: a stream with
 * highWaterMark 0, so nothing is read until the host reads. A host that
 * refuses a request before its body leaves `pulled()` at 0.
 */
export function countedBody(text: string): { readonly body: ReadableStream<Uint8Array>; pulled(): number } {
  const bytes = new TextEncoder().encode(text)
  let pulled = 0
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled += bytes.byteLength
        controller.enqueue(bytes)
        controller.close()
      },
    },
    { highWaterMark: 0 },
  )
  return { body, pulled: () => pulled }
}
