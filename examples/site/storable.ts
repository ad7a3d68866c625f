/**
 * The option every part of the example that reaches the database is
 * inferred with: a string with a NUL character or a lone surrogate — text
 * PostgreSQL cannot hold, or that its driver would change to U+FFFD — is
 * refused with a 400 naming the field (docs/security.md, hostile input).
 */
import type { InferOptions } from "../../src/index.js"

/** `{ text: "storable" }`, for `Sitelet.Infer`, `InferWithErrors` and `InferPartial`. */
export const storable: InferOptions = { text: "storable" }
