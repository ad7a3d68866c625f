/**
 * A setup file of every vitest config: the one warning a test run causes on
 * purpose is not printed. The hostile table sends a malformed absolute-form
 * target (`http://h:bad/admin/x`) to Express, whose router parses it with
 * Node's `url.parse`, which warns (DEP0170) about such URLs; the request is
 * answered as the table says. Any other warning still prints.
 */
const emit = process.emitWarning.bind(process)

process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const options = rest[0]
  const code = typeof options === "object" && options !== null ? (options as { code?: unknown }).code : rest[1]
  if (code === "DEP0170" && String(warning).includes("http://h:bad/")) return
  return (emit as (...args: unknown[]) => void)(warning, ...rest)
}) as typeof process.emitWarning
