/**
 * `Doc({ Summary, Description, OperationId, Tags, Deprecated })` on a case:
 * what documents say of it — the OpenAPI operation's summary, description,
 * id and tags (and the AsyncAPI channel's, for a socket case). Plain data
 * that routing never reads: a case's URL, methods and fields are the same
 * with or without it.
 */
import * as attributeMessages from "./attribute-messages.js"

/**
 * What a case's `Doc` says.
 *
 * @example
 * ```ts
 * const about: CaseDoc = { Summary: "List the articles", OperationId: "listArticles", Tags: ["articles"] }
 * ```
 */
export interface CaseDoc {
  /** One line: the operation's `summary`. */
  readonly Summary?: string
  /** Paragraphs (CommonMark): the operation's `description`. */
  readonly Description?: string
  /** The operation's `operationId`, in place of the case's name; unique in a document. */
  readonly OperationId?: string
  /** The operation's tags, in place of the part it is mounted under. */
  readonly Tags?: readonly string[]
  /** The operation is `deprecated`. */
  readonly Deprecated?: boolean
}

/** `Doc(…)` as plain data. */
export interface DocAttribute {
  readonly kind: "attribute"
  readonly name: "Doc"
  readonly values: readonly []
  readonly doc: CaseDoc
}

// An operation id generators can turn into a function name: a letter, then letters, digits, `_`, `.` or `-`.
const operationIdText = /^[A-Za-z_][A-Za-z0-9_.-]*$/

/**
 * Describes a case for documents: its summary, description, operation id,
 * tags and deprecation. Throws for an operation id a generator cannot
 * name a function after, or an empty tag.
 *
 * @example
 * ```ts
 * t.case("GET /api/articles", {}, Doc({ Summary: "List the articles", OperationId: "listArticles" }), Returns(t.list(Article)))
 * ```
 */
export function Doc(doc: CaseDoc): DocAttribute {
  if (doc.OperationId !== undefined && !operationIdText.test(doc.OperationId))
    throw new TypeError(attributeMessages.badOperationId(doc.OperationId))
  for (const tag of doc.Tags ?? []) if (tag.trim() === "") throw new TypeError(attributeMessages.emptyTag)
  const copy: CaseDoc = { ...doc, ...(doc.Tags === undefined ? {} : { Tags: Object.freeze([...doc.Tags]) }) }
  return Object.freeze({
    kind: "attribute",
    name: "Doc",
    values: Object.freeze([]) as readonly [],
    doc: Object.freeze(copy),
  })
}

/**
 * The `Doc` of a case's attributes, or undefined.
 *
 * @example
 * ```ts
 * docOf([Doc({ Summary: "Home" })]) //=> { Summary: "Home" }
 * ```
 */
export function docOf(attributes: readonly { readonly name: string }[]): CaseDoc | undefined {
  return (attributes.find((attribute) => attribute.name === "Doc") as DocAttribute | undefined)?.doc
}
