/**
 * Sentences of the descriptor builders (`t`): the few a declaration can
 * trigger, apart from the rest so a front end that only declares carries
 * these alone. Part of `descriptorMessages`, which tests import.
 */
export const unsupportedSchemaTarget = (target: unknown) =>
  `~standard.jsonSchema: target '${String(target)}' is not supported (sitelets writes "draft-2020-12")`
export const badFileLimit = (value: unknown) => `t.file: MaxBytes must be a whole number of bytes, got ${String(value)}`
export const dateFormatEmpty = (format: string) =>
  `Date format '${format}' has none of the tokens yyyy MM dd HH mm ss fff, so its text would carry nothing of a date`
export const caseNotAttribute = "t.case: after a field record come attributes only (put every field in the record)"
export const enumNotSafeInteger = (name: string, value: number) =>
  `t.enum: value ${value} of '${name}' is not a safe integer`
export const enumEmpty = "t.enum: expected at least one numeric value"
export const lazyCycle = "t.lazy: a lazy descriptor resolves to itself"
export const lazyEmpty = "t.lazy: the getter returned nothing (declared later?)"
export const templateUnread = (template: string) =>
  `The route template '${template}' is read before its parser was loaded: import the router or the JSON codec (any entry of 'sitelets' but a bare \`t\` does)`
export const noStandardValidator =
  "~standard.validate needs the JSON codec: import it from 'sitelets' or 'sitelets/client'"
