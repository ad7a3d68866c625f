// TEMPORARY placeholder while the template parser is being written in this session.
import type { CaseDescriptor, FieldInput } from "../descriptor/descriptor.js"
export type TemplateCaseOutput<Template extends string, Extra> = Record<string, unknown>
export type ValidateTemplate<Template extends string, Extra> = Template
export function parseTemplate(template: string, extra: Readonly<Record<string, FieldInput>>): CaseDescriptor {
  throw new Error("parseTemplate: not written yet: " + template + Object.keys(extra).join())
}
