/**
 * The error a typed fetch throws when the server answers with a status or
 * content type the caller did not ask for.
 */

/**
 * Thrown by `Router.Fetch` with a response descriptor, or for a case that
 * declares its answers, when the answer is not a 2xx JSON response. The
 * response is attached, unread, unless the status is one the case declares:
 * then `value` holds the decoded answer.
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
  /** The answer itself (body consumed when `value` is set). */
  readonly response: Response
  /** A declared error answer (`Responds({ 404: Problem })`), decoded by its descriptor; else `undefined`. */
  value: unknown
  constructor(message: string, response: Response) {
    super(message)
    this.status = response.status
    this.response = response
    this.value = undefined
  }
}
