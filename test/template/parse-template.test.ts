import { describe, expect, it } from "vitest"
import { parseTemplate } from "../../src/template/parse-template.js"
import { TemplateError } from "../../src/template/template-error.js"
import { invalidTemplates, validTemplates } from "../fixtures/templates.js"

describe("parseTemplate: the shared fixture table", () => {
  it.each(validTemplates.map((row) => [row.template, row] as const))("parses %j", (_, row) => {
    const parsed = parseTemplate(row.template, row.extra)
    expect(parsed.kind).toBe("case")
    expect(Object.keys(parsed.fields)).toEqual(Object.keys(row.fields))
    expect(parsed.fields).toEqual(row.fields)
    expect(parsed.attributes).toEqual(row.attributes)
    expect(Object.isFrozen(parsed)).toBe(true)
    expect(Object.isFrozen(parsed.fields)).toBe(true)
    expect(Object.isFrozen(parsed.attributes)).toBe(true)
  })

  it.each(invalidTemplates.map((row) => [row.template, row] as const))("rejects %j", (_, row) => {
    let thrown: unknown
    try {
      parseTemplate(row.template, row.extra)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(TemplateError)
    expect((thrown as TemplateError).message).toBe(row.error)
    expect((thrown as TemplateError).template).toBe(row.template)
  })
})
