/**
 * The error a typed fetch throws when the server answers with a status or
 * content type the caller did not ask for.
 */

/**
 * Thrown by `Router.Fetch` with a response descriptor when the answer is not
 * a 2xx JSON response. The response is attached, unread.
 *
 * @example
 * ```ts
 * try { await Router.Fetch(api, { $: "Post", id: 9 }, { response: Post }) }
 * catch (error) { if (error instanceof FetchError) error.status } //=> 404
 * ```
 */
export class FetchError extends Error {
  override readonly name = "FetchError"
  /** The HTTP status of the answer. */
  readonly status: number
  /** The answer itself (body not consumed). */
  readonly response: Response
  constructor(message: string, response: Response) {
    super(message)
    this.status = response.status
    this.response = response
  }
}
