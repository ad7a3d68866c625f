/**
 * The error thrown by the runtime template parser. Its message is the same
 * sentence the type level reports at the call site (see `messages.ts`).
 *
 * @example
 * ```ts
 * try { t.union({ A: "/<id:integer>" as string }) }
 * catch (error) { error instanceof TemplateError } //=> true
 * ```
 */
export class TemplateError extends Error {
  /** The template that failed to parse. */
  readonly template: string

  constructor(message: string, template: string) {
    super(message)
    this.name = "TemplateError"
    this.template = template
  }
}
